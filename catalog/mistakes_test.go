package catalog_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"f0/catalog"
	"f0/engine"
	"f0/tool"
)

// mistake is one case of testdata/mistakes/*.json.
type mistake struct {
	ID        string          `json:"id"`
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments"`
	Outcome   string          `json:"outcome"`
	Contains  []string        `json:"contains"`
	// Lacks is text the answer must not hold: what the other reading of
	// the call would have given (a false ok shows it).
	Lacks []string `json:"lacks"`
}

// TestMistakeCorpus runs every recorded model mistake through the real
// catalogue and checks the exact help the model gets.
func TestMistakeCorpus(t *testing.T) {
	files, err := filepath.Glob("../testdata/mistakes/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var corpus struct {
			// Files are written into the file's own empty root before
			// its cases run; cases in one file share that root, in order.
			Files map[string]string `json:"files"`
			Cases []mistake         `json:"cases"`
		}
		if err := json.Unmarshal(data, &corpus); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if len(corpus.Cases) == 0 {
			t.Fatalf("%s: no cases", file)
		}
		root := t.TempDir()
		for name, content := range corpus.Files {
			path := filepath.Join(root, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		p := newPipelineIn(t, root, engine.Config{})
		for _, c := range corpus.Cases {
			t.Run(filepath.Base(file)+"/"+c.ID, func(t *testing.T) {
				res := p.Call(context.Background(), c.Tool, argsOf(c.Arguments))
				if got := outcome(res); got != c.Outcome {
					t.Fatalf("outcome %s, want %s:\n%s", got, c.Outcome, res.Text)
				}
				rest := res.Text
				for _, w := range c.Contains {
					i := strings.Index(rest, w)
					if i < 0 {
						t.Fatalf("answer lacks %q (in order):\n%s", w, res.Text)
					}
					rest = rest[i+len(w):]
				}
				for _, w := range c.Lacks {
					if strings.Contains(res.Text, w) {
						t.Fatalf("answer holds %q, which the call did not ask for:\n%s", w, res.Text)
					}
				}
			})
		}
	}
}

// argsOf passes a JSON string case as the string models send, and anything
// else as raw JSON.
func argsOf(raw json.RawMessage) any {
	if string(raw) == "null" {
		return nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return raw
}

func outcome(r tool.Result) string {
	if r.IsError {
		return "error"
	}
	return "ok"
}

func newPipeline(t testing.TB, cfg engine.Config) *engine.Host {
	t.Helper()
	return newPipelineIn(t, t.TempDir(), cfg)
}

// newPipelineIn is newPipeline with the file tools confined to root.
func newPipelineIn(t testing.TB, root string, cfg engine.Config) *engine.Host {
	t.Helper()
	reg, err := catalog.New(catalog.Options{Roots: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewHost(reg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
