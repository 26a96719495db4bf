package archtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// pkg is what go list says of one package.
type pkg struct {
	ImportPath string
	Name       string
	Doc        string
	Imports    []string
}

// listPackages runs go list over the whole module and returns its packages
// with the f0 imports only, module prefix removed ("tools/fs").
func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", "f0/...")
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go list -json f0/...: %v\n%s", err, stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(&out)
	for {
		var p pkg
		err := dec.Decode(&p)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("decoding go list output: %v", err)
		}
		p.ImportPath = local(p.ImportPath)
		var own []string
		for _, imp := range p.Imports {
			if imp == "f0" || strings.HasPrefix(imp, "f0/") {
				own = append(own, local(imp))
			}
		}
		p.Imports = own
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages; expected the whole module", len(pkgs))
	}
	return pkgs
}

func local(path string) string { return strings.TrimPrefix(path, "f0/") }

// under reports whether path is dir or inside it.
func under(path, dir string) bool { return path == dir || strings.HasPrefix(path, dir+"/") }

// wall says what the packages under one directory may import of f0.
type wall struct {
	room  string   // a directory: "tools" holds every tool package
	may   []string // directories whose packages it may import
	why   string
	allow func(p pkg, imp string) bool // extra exceptions, nil for none
}

var walls = []wall{
	{room: "tool", may: []string{"internal/setting", "internal/text", "schemas"},
		why: "the author API is below the engine: a tool sees it, and it sees nothing that hosts tools"},
	{room: "tools", may: []string{"tool", "internal"},
		why: "a tool imports the author API and shared services only: never the engine, a front end, or another namespace"},
	{room: "engine", may: []string{"engine", "tool", "internal", "schemas"},
		why: "the engine hosts tools without knowing any: tools, front ends and the catalogue are above it"},
	{room: "internal", may: []string{"internal", "schemas"},
		why: "services are below the author API and the engine",
		allow: func(p pkg, imp string) bool {
			// Test helpers run calls through a real Host.
			return under(p.ImportPath, "internal/tooltest") && (imp == "engine" || imp == "tool")
		}},
	{room: "schemas", may: []string{"third_party"}, why: "schemas turn Go types into JSON Schema and know nothing of tools"},
	{room: "mcp", may: []string{"engine", "tool", "internal"},
		why: "a front end reaches tools through the engine only, never a tool package"},
}

// forbiddenForTools are services a tool package must still not import even
// though they are under internal/.
var forbiddenForTools = []string{"internal/tooltest", "internal/texttest"}

func TestImportWalls(t *testing.T) {
	for _, p := range listPackages(t) {
		for _, w := range walls {
			if !under(p.ImportPath, w.room) {
				continue
			}
			for _, imp := range p.Imports {
				ok := slices.ContainsFunc(w.may, func(d string) bool { return under(imp, d) })
				if w.room == "tools" && slices.ContainsFunc(forbiddenForTools, func(d string) bool { return under(imp, d) }) {
					ok = false
				}
				if w.room == "tools" && under(imp, "tools") {
					ok = false // one namespace never imports another
				}
				if !ok && w.allow != nil && w.allow(p, imp) {
					ok = true
				}
				if !ok {
					t.Errorf("%s imports %s; %s may import only %v (%s)", p.ImportPath, imp, w.room, w.may, w.why)
				}
			}
		}
	}
}

func TestEveryPackageSaysWhatItHolds(t *testing.T) {
	for _, p := range listPackages(t) {
		want := "Package " + p.Name + " "
		if p.Name == "main" {
			want = "Command "
		}
		if !strings.HasPrefix(p.Doc, want) {
			t.Errorf("%s: go doc should start with %q, starts with %q", p.ImportPath, want, p.Doc)
		}
	}
}
