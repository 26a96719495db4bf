package engine_test

import (
	"context"
	"fmt"

	"f0/engine"
	"f0/schemas"
	"f0/tool"
)

// greetInput is the input of the example's one tool.
type greetInput struct {
	Name string `json:"name" jsonschema:"required" jsonschema_description:"Who to greet."`
	Loud bool   `json:"loud,omitempty"`
}

// Example shows the engine's call path: a Host over a registry of one
// tool, and what the model reads back when its call spells a field wrong
// (refused, with the call it probably meant) and when it writes almost-JSON
// with a field in another case (repaired, with a note that says how).
func Example() {
	greet := tool.Def[greetInput]{
		Spec: tool.Spec{Name: "demo.greet", Title: "Greet", Summary: "Greet someone by name.", Access: tool.Read},
		Run: func(ctx context.Context, _ tool.Call, in greetInput) (tool.Result, error) {
			if in.Loud {
				return tool.Result{Text: "HELLO, " + in.Name + "!"}, nil
			}
			return tool.Result{Text: "Hello, " + in.Name + "."}, nil
		},
	}.Erase()
	docs := func(string) (schemas.Doc, error) {
		return schemas.Doc{Description: "Greets.", Examples: []map[string]any{{"name": "Ada"}}}, nil
	}
	reg, err := engine.NewRegistryWithDocs(docs, greet)
	if err != nil {
		panic(err)
	}
	host, err := engine.NewHost(reg, engine.Config{})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	fmt.Println(host.Call(ctx, "demo_greet", map[string]any{"nmae": "Ada", "loud": true}).Text)
	fmt.Println("---")
	res := host.Call(ctx, "demo.greet", `{'Name': 'Ada', 'loud': True}`)
	fmt.Println(res.Text)
	// Output:
	// demo_greet: invalid arguments.
	// - "nmae": unknown field; did you mean "name"?
	// You passed: {"loud":true,"nmae":"Ada"}
	// Expected: {name: string, loud?: boolean}
	// Example: demo_greet {"loud":true,"name":"Ada"}
	// ---
	// HELLO, Ada!
	// note: read the arguments as JSON after fixing single quotes, Python literals (True)
}
