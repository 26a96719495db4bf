package net

import (
	"encoding/json"
	"testing"

	"f0/internal/web"
	"f0/tool"
)

// TestDecodedCallCarriesItsPlan: net.curl's input comes out of decoding
// with its plan, or the reason there is none, and the access check reads
// that plan rather than making another: a call whose plan says POST needs
// write, and one whose plan could not be made needs read and fails with
// the plan's error when it runs.
func TestDecodedCallCarriesItsPlan(t *testing.T) {
	curl := newCurl(web.Config{}, nil, nil, realClock{}).tool()
	cases := []struct {
		name    string
		args    map[string]any
		access  tool.Access
		failing bool
	}{
		{"a GET", map[string]any{"url": "http://127.0.0.1:1/"}, tool.Read, false},
		{"a POST", map[string]any{"url": "http://127.0.0.1:1/", "method": "POST"}, tool.Write, false},
		{"a misspelt method", map[string]any{"url": "http://127.0.0.1:1/", "method": "PSOT"}, tool.Read, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := curl.Complete(decoded(t, c.args))
			got := in.(Input)
			if got.planned == nil || (got.planned.err != nil) != c.failing || (got.planned.plan == nil) != c.failing {
				t.Fatalf("decoded input's plan: %+v", got.planned)
			}
			if level, _, _ := curl.AccessFor(in); level != c.access {
				t.Errorf("access %v, want %v", level, c.access)
			}
			// A plan put in its place is the one the access check reads.
			got.planned = &planned{plan: &plan{method: flagValue[string]{val: "DELETE", set: true}}}
			if level, _, _ := curl.AccessFor(got); level != tool.Write {
				t.Errorf("access of a carried DELETE plan: %v, want write", level)
			}
		})
	}
}

// decoded is args decoded into net.curl's input as the engine decodes
// them (through JSON), before the tool completes it.
func decoded(t *testing.T, args map[string]any) Input {
	t.Helper()
	var in Input
	data, err := json.Marshal(args)
	if err == nil {
		err = json.Unmarshal(data, &in)
	}
	if err != nil {
		t.Fatal(err)
	}
	return in
}
