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

// services are the packages under internal/ that tools, the author API
// and the engine share; test helpers (tooltest, texttest) are not among
// them.
var services = []string{"internal/document", "internal/editformat", "internal/kept", "internal/roots", "internal/setting", "internal/shellwords", "internal/text", "internal/web"}

// wall says what the packages under one directory may import of f0.
type wall struct {
	room string   // a package, or a directory of them ("tools")
	may  []string // packages (or directories) it may import
	why  string
}

var walls = []wall{
	{"tool", with(services, "schemas"),
		"the author API is below the engine: a tool sees it, and it sees nothing that hosts tools"},
	{"tools/fs", []string{"tool", "internal/document", "internal/editformat", "internal/roots", "internal/text"}, toolWhy},
	{"tools/net", []string{"tool", "internal/document", "internal/roots", "internal/setting", "internal/shellwords", "internal/text", "internal/web"}, toolWhy},
	{"tools/batch", []string{"tool", "internal/roots"}, toolWhy},
	{"tools/meta", []string{"tool"}, toolWhy},
	{"engine", with(services, "engine", "tool", "schemas", "internal/editformat"),
		"the engine hosts tools without knowing any: tools, front ends and the catalogue are above it"},
	{"internal/document", nil, serviceWhy},
	{"internal/editformat", nil, serviceWhy},
	{"internal/kept", []string{"internal/text"}, serviceWhy},
	{"internal/roots", []string{"internal/setting"}, serviceWhy},
	{"internal/web", []string{"internal/setting", "internal/text"}, serviceWhy},
	{"internal/setting", nil, serviceWhy},
	{"internal/text", nil, serviceWhy},
	{"internal/shellwords", nil, serviceWhy},
	{"schemas", []string{"third_party"}, "schemas turn Go types into JSON Schema and know nothing of tools"},
	{"mcp", with(services, "engine", "tool"),
		"a front end reaches tools through the engine only, never a tool package"},
	{"upstream", with(services, "engine", "tool", "schemas"),
		"another server's tools are hosted by the engine like f0's own; upstream knows no f0 tool"},
}

const (
	toolWhy    = "a tool imports the author API and its own services only: never the engine, a front end, or another namespace"
	serviceWhy = "a service is below the author API and the engine, and knows no tool"
)

func with(list []string, more ...string) []string { return append(slices.Clone(list), more...) }

// TestImportWalls checks every package's f0 imports against its room's
// wall, and that every tool package has a wall (a new namespace names
// the services it uses here).
func TestImportWalls(t *testing.T) {
	for _, p := range listPackages(t) {
		var w *wall
		for i := range walls {
			if under(p.ImportPath, walls[i].room) && (w == nil || len(walls[i].room) > len(w.room)) {
				w = &walls[i]
			}
		}
		if w == nil {
			if under(p.ImportPath, "tools") {
				t.Errorf("%s is a tool package with no wall: add it to walls with the services it uses", p.ImportPath)
			}
			continue
		}
		for _, imp := range p.Imports {
			if under(imp, w.room) {
				continue // within its own room: the engine's internals, a package's own subpackages
			}
			if !slices.ContainsFunc(w.may, func(d string) bool { return under(imp, d) }) {
				t.Errorf("%s imports %s; %s may import only %v (%s)", p.ImportPath, imp, w.room, w.may, w.why)
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
