package main

import (
	"encoding/json"
	"os"
	"regexp"
	"testing"
)

// TestReadmeNpmPinsMatchE2E: an npm package the README runs with npx is
// given at the version e2e/ tests f0 against (an unpinned
// @modelcontextprotocol/inspector on Node 20 is 0.15, whose arguments
// differ), so the commands printed are the ones tested.
func TestReadmeNpmPinsMatchE2E(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../e2e/package.json")
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	uses := regexp.MustCompile(`npx -y (?:-p node@22 -p )?(@modelcontextprotocol/inspector)(@[0-9][^ ]*)?`).FindAllStringSubmatch(string(readme), -1)
	if len(uses) == 0 {
		t.Fatal("README.md runs no MCP Inspector (npx -y @modelcontextprotocol/inspector@VERSION)")
	}
	for _, u := range uses {
		want := "@" + pkg.Dependencies[u[1]]
		if u[2] != want {
			t.Errorf("README.md: %q: want %s%s, the version e2e/package.json tests", u[0], u[1], want)
		}
	}
}
