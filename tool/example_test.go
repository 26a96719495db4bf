package tool_test

import (
	"context"
	"fmt"
	"strings"

	"f0/tool"
)

// GreetInput is the typed input of the example tool: its fields are the
// tool's arguments.
type GreetInput struct {
	Name  string `json:"name"`
	Times int    `json:"times,omitempty"`
}

// greet is a small tool: it greets a name, as many times as asked, within
// the room its call has, and names the call that shows more.
func greet() tool.Def[GreetInput] {
	return tool.Def[GreetInput]{
		Spec: tool.Spec{
			Name:    "demo.greet",
			Title:   "Greet",
			Summary: "Greet someone by name.",
			Access:  tool.Read,
			Names:   tool.Names{Aliases: []string{"demo.hello"}, Keywords: []string{"hello"}},
			Fields:  tool.Fields{Synonyms: map[string]string{"who": "name"}, MainField: "name"},
		},
		Run: func(ctx context.Context, call tool.Call, in GreetInput) (tool.Result, error) {
			if in.Name == "" {
				return tool.Result{}, &tool.InputError{Field: "name", Problem: "is empty", Hint: "Give the name to greet."}
			}
			line := "Hello, " + in.Name + "!\n"
			times := max(in.Times, 1)
			room := call.Room() // what this call's text may fill
			fit := min(times, room.Bytes/len(line))
			res := tool.Result{Text: strings.Repeat(line, fit)}
			if fit < times {
				res.Partial = true
				res.Notes = append(res.Notes, "More: "+call.Again(map[string]any{"times": times - fit}))
			}
			return res, ctx.Err()
		},
	}
}

// A tool is a Def erased into the *Tool a registry holds. The engine runs
// it with the Call of each call; the zero Call stands for a call outside
// any engine, as in a test of the tool alone.
func ExampleDef() {
	t := greet().Erase()
	fmt.Println(t.Name, t.Namespace(), t.Aliases, t.Synonyms["who"])

	res, err := t.Run(context.Background(), tool.Call{}, GreetInput{Name: "Ada", Times: 2})
	fmt.Print(res.Text, err, "\n")

	_, err = t.Run(context.Background(), tool.Call{}, GreetInput{})
	fmt.Println(err)
	// Output:
	// demo.greet demo [demo.hello] name
	// Hello, Ada!
	// Hello, Ada!
	// <nil>
	// "name": is empty. Give the name to greet.
}

// Room is what a call's own text may fill: the output budget less what
// the engine keeps for the status line, the notes and the footer. Share
// splits it among parts shown one after another.
func ExampleCall_Room() {
	var call tool.Call // outside an engine: the default budget
	room := call.Room()
	fmt.Println(call.Budget(), room.Bytes, room.Share(4).Bytes)
	want, ok := room.Raise(100_000)
	fmt.Println(want, ok)
	// Output:
	// 24576 23876 5849
	// 101024 true
}

// Again writes this call with some arguments changed and Suggest a call of
// another tool, both in the dialect of whoever reads the answer; outside an
// engine they are plain JSON.
func ExampleCall_Suggest() {
	var call tool.Call
	fmt.Println(call.Suggest("fs.list", map[string]any{"path": "src"}))
	fmt.Println(call.Again(map[string]any{"offset": 200}))
	fmt.Println(call.ToolName("fs.edit"))
	// Output:
	// fs.list {"path":"src"}
	// {"offset":200}
	// fs.edit
}
