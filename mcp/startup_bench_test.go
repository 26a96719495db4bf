package mcp

import (
	"context"
	"encoding/json"
	"testing"

	"f0/catalog"
	"f0/engine"
)

// BenchmarkStartup is what f0 serve does before it can answer initialize:
// build the catalogue (schemas, documentation, search index), the pipeline
// and the MCP server, then answer initialize.
//
//	go test -bench Startup -benchmem -run '^$' ./mcp
func BenchmarkStartup(b *testing.B) {
	b.ReportAllocs()
	root := b.TempDir() // f0 serve opens a directory that exists
	for b.Loop() {
		reg, err := catalog.New(catalog.Options{Roots: []string{root}})
		if err != nil {
			b.Fatal(err)
		}
		p, err := engine.NewHost(reg, engine.Config{})
		if err != nil {
			b.Fatal(err)
		}
		s := NewServer(p, Options{})
		s.HandleMessage(context.Background(), json.RawMessage(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`))
	}
}
