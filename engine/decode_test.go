package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDirectDecodingInThePipeline: a call whose arguments a plan can fill
// gets the same input, notes and answer either way, and a value the plan
// declines still gets encoding/json's error.
func TestDirectDecodingInThePipeline(t *testing.T) {
	p := newTestPipeline(t, Config{})
	if res := p.Call(t.Context(), "test_plain", json.RawMessage(`{"size":100}`)); res.IsError {
		t.Fatal(res.Text)
	}
	tool, _ := p.Resolve("test.plain")
	if _, ok := tool.FromArgs(map[string]any{"size": json.Number("100")}); !ok {
		t.Error("test.plain's arguments were not decoded directly")
	}
	if res := p.Call(t.Context(), "test_plain", json.RawMessage(`{"size":1.5}`)); !res.IsError || !strings.Contains(res.Text, "size") {
		t.Errorf("a fraction for an int: %s", res.Text)
	}
}
