package engine

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"f0/schemas"
	"f0/tool"
)

// editInput has a plural pair and a list of nested objects, the shapes of
// fs.read and fs.edit.
type editInput struct {
	Path  string     `json:"path,omitempty" jsonschema_description:"One path."`
	Paths []string   `json:"paths,omitempty" jsonschema_description:"Several paths."`
	Edits []editItem `json:"edits,omitempty" jsonschema_description:"Edits."`
}

type editItem struct {
	OldText    string `json:"oldText" jsonschema:"required" jsonschema_description:"Text to find."`
	NewText    string `json:"newText" jsonschema:"required" jsonschema_description:"Replacement."`
	ReplaceAll bool   `json:"replaceAll,omitempty" jsonschema_description:"Every match."`
}

type partialInput struct {
	Known bool `json:"known,omitempty"`
	Skip  int  `json:"skip,omitempty"`
	Drop  bool `json:"drop,omitempty"`
}

func nestedPipeline(t *testing.T) *Host {
	t.Helper()
	docs := func(name string) (schemas.Doc, error) {
		return schemas.Doc{Examples: []map[string]any{{"path": "a"}}}, nil
	}
	reg, err := NewRegistryWithDocs(docs,
		tool.Def[editInput]{
			Spec: tool.Spec{Name: "test.edit", Title: "Edit", Summary: "Echo edits.", Access: tool.Read, Fields: tool.Fields{MainField: "path", Plurals: map[string]string{"path": "paths"}, NestedSynonyms: map[string]map[string]string{"edits": {
				"old_string": "oldText", "new_string": "newText", "old": "oldText", "new": "newText",
				"search": "oldText", "replace": "newText"}}}},
			Run: func(ctx context.Context, call tool.Call, in editInput) (tool.Result, error) {
				data, err := json.Marshal(in)
				return tool.Result{Text: string(data)}, err
			},
		}.Erase(),
		tool.Def[partialInput]{
			Spec: tool.Spec{Name: "test.partial", Title: "Partial", Summary: "Stops at the budget.", Access: tool.Read},
			Run: func(ctx context.Context, call tool.Call, in partialInput) (tool.Result, error) {
				text := strings.Repeat("x\n", call.Budget()/2)
				res := tool.Result{Text: text, Partial: true, Next: func(shown int) map[string]any {
					next := map[string]any{"skip": in.Skip + strings.Count(text[:shown], "\n")}
					if in.Drop {
						next["drop"] = nil
					}
					return next
				}}
				if in.Known {
					res.Total = 10 * len(text)
				}
				return res, nil
			},
		}.Erase(),
	)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewHost(reg, Config{MaxOutput: 1024})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestNestedSynonymsAndPlurals(t *testing.T) {
	p := nestedPipeline(t)
	edit := func(old, new string) editItem { return editItem{OldText: old, NewText: new} }
	cases := []struct {
		name string
		args any
		want editInput
	}{
		{"declared names", map[string]any{"edits": []any{map[string]any{"oldText": "a", "newText": "b"}}}, editInput{Edits: []editItem{edit("a", "b")}}},
		{"old_string/new_string", map[string]any{"edits": []any{map[string]any{"old_string": "a", "new_string": "b"}}}, editInput{Edits: []editItem{edit("a", "b")}}},
		{"old/new", map[string]any{"edits": []any{map[string]any{"old": "a", "new": "b"}}}, editInput{Edits: []editItem{edit("a", "b")}}},
		{"search/replace", map[string]any{"edits": []any{map[string]any{"search": "a", "replace": "b"}}}, editInput{Edits: []editItem{edit("a", "b")}}},
		{"other spellings", map[string]any{"edits": []any{map[string]any{"old_text": "a", "NewText": "b", "replace_all": "yes"}}},
			editInput{Edits: []editItem{{OldText: "a", NewText: "b", ReplaceAll: true}}}},
		{"one object for the list", map[string]any{"edits": map[string]any{"old_string": "a", "new_string": "b"}}, editInput{Edits: []editItem{edit("a", "b")}}},
		{"list as JSON text", map[string]any{"edits": `[{"old_string":"a","new_string":"b"}]`}, editInput{Edits: []editItem{edit("a", "b")}}},
		{"same value twice", map[string]any{"edits": []any{map[string]any{"old": "a", "oldText": "a", "new": "b"}}}, editInput{Edits: []editItem{edit("a", "b")}}},
		{"path list of several", map[string]any{"path": []any{"a", "b"}}, editInput{Paths: []string{"a", "b"}}},
		{"path list of one", map[string]any{"path": []any{"a"}}, editInput{Path: "a"}},
		{"path list as JSON text", map[string]any{"path": `["a","b"]`}, editInput{Paths: []string{"a", "b"}}},
		{"bare list fills the plural", []any{"a", "b"}, editInput{Paths: []string{"a", "b"}}},
		{"paths with the same list", map[string]any{"path": []any{"a", "b"}, "paths": []any{"a", "b"}}, editInput{Paths: []string{"a", "b"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := p.Call(context.Background(), "test.edit", c.args)
			if res.IsError {
				t.Fatalf("unexpected error:\n%s", res.Text)
			}
			var got editInput
			first, _, _ := strings.Cut(res.Text, "\n")
			if err := json.Unmarshal([]byte(first), &got); err != nil {
				t.Fatalf("%q: %v", res.Text, err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestNestedProblems(t *testing.T) {
	p := nestedPipeline(t)
	cases := []struct {
		name string
		args any
		want []string
	}{
		{"misspelt nested field", map[string]any{"edits": []any{map[string]any{"oldTxt": "a", "newText": "b"}}},
			[]string{`"edits[0].oldTxt": unknown field; did you mean "oldText"?`, `"edits[0].oldText": is required`}},
		{"conflicting nested synonyms", map[string]any{"edits": []any{map[string]any{"old": "a", "old_string": "c", "new": "b"}}},
			[]string{`"edits[0].old_string": is another name for "oldText", and both were given with different values`}},
		{"missing nested field", map[string]any{"edits": []any{map[string]any{"old": "a"}}}, []string{`"edits[0].newText": is required`}},
		{"plural clash", map[string]any{"path": []any{"a", "b"}, "paths": []any{"c"}},
			[]string{`"path": is a list, which belongs in "paths", and "paths" was given too`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := p.Call(context.Background(), "test.edit", c.args)
			if !res.IsError {
				t.Fatalf("want an error, got %s", res.Text)
			}
			assertInOrder(t, res.Text, append([]string{"test_edit: invalid arguments."}, c.want...)...)
		})
	}
}

func TestNestedDefinitionsAreChecked(t *testing.T) {
	docs := func(string) (schemas.Doc, error) { return schemas.Doc{Examples: []map[string]any{{}}}, nil }
	run := func(ctx context.Context, _ tool.Call, in editInput) (tool.Result, error) { return tool.Result{}, nil }
	bad := []tool.Spec{
		{Fields: tool.Fields{NestedSynonyms: map[string]map[string]string{"path": {"x": "y"}}}},
		{Fields: tool.Fields{NestedSynonyms: map[string]map[string]string{"edits": {"x": "nope"}}}},
		{Fields: tool.Fields{Plurals: map[string]string{"path": "edits2"}}},
		{Fields: tool.Fields{Plurals: map[string]string{"path": "path"}}},
	}
	for i, spec := range bad {
		spec.Name, spec.Title, spec.Summary, spec.Access = "test.bad", "Bad", "Bad.", tool.Read
		if _, err := NewRegistryWithDocs(docs, tool.Def[editInput]{Spec: spec, Run: run}.Erase()); err == nil {
			t.Errorf("definition %d accepted", i)
		}
	}
}
