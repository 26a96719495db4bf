package vocab_test

import (
	"context"
	"fmt"

	"f0/engine/internal/vocab"
)

// A Cursor read_file call, in Cursor's fields (1-based, inclusive end),
// becomes one fs.read with f0's offset and limit.
func Example() {
	v, err := vocab.Load(vocab.Options{})
	if err != nil {
		panic(err)
	}
	res, err := v.Resolve(context.Background(), vocab.Request{
		Name: "read_file",
		Args: map[string]any{
			"target_file":                    "src/main.go",
			"should_read_entire_file":        false,
			"start_line_one_indexed":         10,
			"end_line_one_indexed_inclusive": 20,
			"explanation":                    "look at the handler",
		},
	}, nil)
	if err != nil {
		panic(err)
	}
	call := res.Calls[0]
	fmt.Println(res.Agent, res.Tool, "→", call.Tool, call.Args)
	fmt.Println(res.Notes[0])
	// Output:
	// cursor read_file → fs.read map[limit:11 offset:10 path:src/main.go]
	// read as cursor's read_file → fs.read (target_file → path; start_line_one_indexed 10, end_line_one_indexed_inclusive 20 → offset 10, limit 11)
}
