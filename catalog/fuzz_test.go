package catalog_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"f0/catalog"
	"f0/engine"
	"f0/tool"
)

// FuzzArgumentRepair sends arbitrary tool names and arguments (JSON, or
// any text a model might send instead) through name resolution, argument
// repair and validation of the real catalogue. Whatever comes in, the
// pipeline must not panic, and a refusal must say something.
//
//	go test -run '^$' -fuzz '^FuzzArgumentRepair$' -fuzztime=15s ./catalog
func FuzzArgumentRepair(f *testing.F) {
	files, _ := filepath.Glob("../testdata/mistakes/*.json")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		var corpus struct {
			Cases []mistake `json:"cases"`
		}
		if err := json.Unmarshal(data, &corpus); err != nil {
			f.Fatalf("%s: %v", file, err)
		}
		for _, c := range corpus.Cases {
			f.Add(c.Tool, string(c.Arguments))
		}
	}
	f.Add("net_curl", `{"args":"-X POST -H 'a: b' https://x"}`)
	f.Add("fs.read", `"go.mod"`)
	f.Add("batch", `{"calls":[{"tool":"fs_read","args":{"path":"x"}},["fs_list","."],"fs_stat x"]}`)
	f.Add("fs_edit", `{"path":"a","edits":[{"old_string":"x","new_string":"y"}],"replace_all":"true"}`)
	reg, err := catalog.New(catalog.Options{Roots: []string{f.TempDir()}})
	if err != nil {
		f.Fatal(err)
	}
	p, err := engine.NewHost(reg, engine.Config{Access: tool.Admin})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, name, args string) {
		var v any = args
		var decoded any
		if json.Unmarshal([]byte(args), &decoded) == nil {
			v = decoded
		}
		res, ok := p.Check(name, v)
		if !ok && strings.TrimSpace(res.Text) == "" {
			t.Fatalf("%s %s: refused without a word", name, args)
		}
	})
}
