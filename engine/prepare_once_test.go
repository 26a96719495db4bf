package engine

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"f0/schemas"
	"f0/tool"
)

// plannedInput is the input of a tool whose Prepare does work its access check
// and its run both read.
type plannedInput struct {
	Method string `json:"method,omitempty"`
	plan   *string
}

// TestPrepareOncePerCall: a tool's Prepare runs once per call, and its
// access check and its run both get the prepared input; a call the access
// check refuses is answered as before, without running the tool.
func TestPrepareOncePerCall(t *testing.T) {
	var prepared, ran atomic.Int32
	def := tool.Def[plannedInput]{
		Spec: tool.Spec{Name: "plan.call", Title: "Plan", Summary: "Plan.", Access: tool.Read},
		Prepare: func(in plannedInput) plannedInput {
			prepared.Add(1)
			plan := strings.ToUpper(in.Method)
			in.plan = &plan
			return in
		},
		AccessFor: func(in plannedInput) (tool.Access, string) {
			if in.plan == nil {
				t.Error("the access check got an input that was not prepared")
				return tool.Read, ""
			}
			if *in.plan == "POST" {
				return tool.Write, "a POST"
			}
			return tool.Read, ""
		},
		Run: func(ctx context.Context, _ tool.Call, in plannedInput) (tool.Result, error) {
			ran.Add(1)
			if in.plan == nil {
				t.Error("the run got an input that was not prepared")
				return tool.Result{}, nil
			}
			return tool.Text("ran %s", *in.plan), nil
		},
	}.Erase()
	docs := func(string) (schemas.Doc, error) {
		return schemas.Doc{Description: "A fixture.", Examples: []map[string]any{{"method": "get"}}}, nil
	}
	reg, err := NewRegistryWithDocs(docs, def)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewHost(reg, Config{Access: tool.Read})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	cases := []struct {
		method, want string
		runs         int32
	}{
		{"get", "ran GET", 1},
		{"post", `plan_call: access denied: this call needs "write" access (a POST)`, 0},
	}
	for _, c := range cases {
		prepared.Store(0)
		ran.Store(0)
		res := p.Call(context.Background(), "plan.call", map[string]any{"method": c.method})
		if !strings.Contains(res.Text, c.want) {
			t.Errorf("%s: answered\n%s", c.method, res.Text)
		}
		// A refused call also prepares the documented example it offers.
		if want := int32(1) + (1 - c.runs); prepared.Load() != want || ran.Load() != c.runs {
			t.Errorf("%s: prepared %d times and ran %d; want %d and %d", c.method, prepared.Load(), ran.Load(), want, c.runs)
		}
	}
}
