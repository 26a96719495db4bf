package mcp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"f0/catalog"
	"f0/engine"
)

// parallelEdits is how many fs_edit calls on one file run at once: what a
// client that sends a model's parallel tool calls as parallel tools/call
// requests does (Claude Code, OpenAI's parallel tool calls).
const parallelEdits = 8

// TestParallelEditsOfOneFileAllLand: eight fs_edit calls on one file,
// sent as parallel tools/call requests over stdio and over HTTP, are all
// answered ok and all land, as do eight parallel fs_write appends: an ok
// is never an edit that a concurrent one overwrote.
func TestParallelEditsOfOneFileAllLand(t *testing.T) {
	for _, conn := range []connector{connectors[2], connectors[4]} { // stdio, HTTP (sessions)
		t.Run(conn.name, func(t *testing.T) {
			dir := t.TempDir()
			var lines []string
			for i := range parallelEdits {
				lines = append(lines, fmt.Sprintf("line %d", i))
			}
			path := filepath.Join(dir, "shared.txt")
			if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			p := catalogPipeline(t, catalog.Options{Roots: []string{dir}}, engine.Config{})
			c := conn.connect(t, NewServer(p, Options{Version: "test"}), conn.version)
			answers := make([]string, 2*parallelEdits)
			var wg sync.WaitGroup
			for i := range parallelEdits {
				wg.Add(2)
				go func() {
					defer wg.Done()
					res := callTool(t, c, "fs_edit", map[string]any{"path": "shared.txt", "oldText": fmt.Sprintf("line %d\n", i), "newText": fmt.Sprintf("LINE %d\n", i)})
					if res.IsError {
						answers[i] = resultText(res)
					}
				}()
				go func() {
					defer wg.Done()
					res := callTool(t, c, "fs_write", map[string]any{"path": "log.txt", "content": fmt.Sprintf("entry %d\n", i), "mode": "append"})
					if res.IsError {
						answers[parallelEdits+i] = resultText(res)
					}
				}()
			}
			wg.Wait()
			for i, a := range answers {
				if a != "" {
					t.Errorf("call %d answered an error:\n%s", i, a)
				}
			}
			data, _ := os.ReadFile(path)
			landed := strings.Count(string(data), "LINE ")
			log, _ := os.ReadFile(filepath.Join(dir, "log.txt"))
			appended := strings.Count(string(log), "entry ")
			if landed != parallelEdits || appended != parallelEdits {
				t.Errorf("%d of %d edits and %d of %d appends landed, all answered ok; the files hold:\n%s\n%s", landed, parallelEdits, appended, parallelEdits, data, log)
			}
		})
	}
}
