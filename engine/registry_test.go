package engine

import (
	"context"
	"strings"
	"testing"

	"f0/tool"
	"f0/tools/meta"
)

// TestLazyRegistryBuildsOnFirstUse checks that a lazy registry makes a
// tool's schema only when asked for it, and only that tool's.
func TestLazyRegistryBuildsOnFirstUse(t *testing.T) {
	reg, err := NewLazyRegistry(meta.Tools()...)
	if err != nil {
		t.Fatal(err)
	}
	search, describe := reg.Lookup("tools.search"), reg.Lookup("tools.describe")
	for _, tool := range []*tool.Tool{search, describe} {
		if reg.info[tool].info != nil {
			t.Fatalf("%s built before use", tool.Name)
		}
	}
	if len(reg.Schema(search)) == 0 {
		t.Fatal("tools.search: empty schema")
	}
	if reg.info[search].info == nil || reg.info[describe].info != nil {
		t.Errorf("after asking for tools.search's schema: built search %v, describe %v",
			reg.info[search].info != nil, reg.info[describe].info != nil)
	}
}

// TestLazyRegistryCheck checks that a broken definition passes a lazy
// registry's construction, fails Check with its reason, and panics on use
// rather than serve a tool without a schema.
func TestLazyRegistryCheck(t *testing.T) {
	run := func(context.Context, tool.Call, editInput) (tool.Result, error) { return tool.Result{}, nil }
	broken := tool.Def[editInput]{Spec: tool.Spec{Name: "test.undocumented", Title: "U", Summary: "U.", Access: tool.Read}, Run: run}.Erase()
	reg, err := NewLazyRegistry(broken)
	if err != nil {
		t.Fatalf("NewLazyRegistry: %v", err)
	}
	if err := reg.Check(); err == nil || !strings.Contains(err.Error(), "schema document of test.undocumented") {
		t.Errorf("Check: %v, want the missing documentation", err)
	}
	if _, err := NewRegistry(broken); err == nil {
		t.Error("NewRegistry accepted the broken definition")
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "broken tool definition") {
			t.Errorf("recovered %v, want a broken tool definition", r)
		}
	}()
	reg.Schema(broken)
}
