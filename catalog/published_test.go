package catalog_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"f0/engine"
	"f0/internal/texttest"
	"f0/tool"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"f0/catalog"
	"f0/mcp"
	"f0/schemas"
)

var update = flag.Bool("update", false, "rewrite golden tool snapshots and the README tool table")

// toolsDir holds the tools' packages; each keeps the snapshots of its tools
// in testdata/golden.
const toolsDir = "../tools"

// goldenFile is where the snapshot of a listed tool lives: beside its
// package, in tools/<namespace>/testdata/golden.
func goldenFile(listed string) string {
	ns, _, _ := strings.Cut(listed, "_")
	return filepath.Join(packageDir(ns), "testdata", "golden", listed+".json")
}

// packageDir is the folder of a namespace's tool package (tools.* are in
// tools/meta).
func packageDir(ns string) string {
	if ns == "tools" {
		ns = "meta"
	}
	return filepath.Join(toolsDir, ns)
}

// TestEveryDocumentHasItsTool: each schema/<name>.json in a tool package
// documents a tool of that package's namespace (a renamed tool leaves no
// stale document behind; a missing one fails Registry.Check).
func TestEveryDocumentHasItsTool(t *testing.T) {
	p := everything(t, engine.Config{})
	files, err := filepath.Glob(filepath.Join(toolsDir, "*", schemas.DocDir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no documents under %s (%v)", toolsDir, err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		tl, ok := p.Resolve(name)
		switch {
		case !ok || tl.Name != name:
			t.Errorf("%s documents no tool", file)
		case filepath.Dir(filepath.Dir(file)) != packageDir(tl.Namespace()):
			t.Errorf("%s documents %s, whose package is %s", file, name, packageDir(tl.Namespace()))
		}
	}
}

// everything exposes every tool, admin ones included.
func everything(t testing.TB, cfg engine.Config) *engine.Host {
	cfg.Access = tool.Admin
	return newPipeline(t, cfg)
}

// TestGoldenTools pins every published tool (name, title, description,
// input schema, annotations). Review the diff, then regenerate with
// go test ./catalog -run TestGoldenTools -update.
func TestGoldenTools(t *testing.T) {
	p := everything(t, engine.Config{})
	want := map[string]bool{}
	for _, tool := range mcp.Published(p) {
		data, err := json.MarshalIndent(tool, "", "  ")
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		data = append(data, '\n')
		file := goldenFile(tool.Name)
		want[file] = true
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s has no snapshot (%v); run go test ./catalog -run TestGoldenTools -update", tool.Name, err)
			continue
		}
		if !bytes.Equal(old, data) {
			t.Errorf("%s changed; review and run go test ./catalog -run TestGoldenTools -update\n--- got:\n%s", tool.Name, data)
		}
	}
	files, _ := filepath.Glob(filepath.Join(toolsDir, "*", "testdata", "golden", "*.json"))
	for _, file := range files {
		if !want[file] {
			if *update {
				os.Remove(file)
				continue
			}
			t.Errorf("snapshot %s belongs to no tool; run with -update", file)
		}
	}
}

// TestSchemaRules checks every published tool, under every naming mode,
// against the rules that keep clients and converters from rejecting it:
// every node typed, no typeless or propertyless objects, no examples
// keyword, a first sentence of at most 95 characters.
func TestSchemaRules(t *testing.T) {
	for _, cfg := range []engine.Config{{}, {NameStyle: engine.Dotted}, {Prefix: "f0"}} {
		p := everything(t, cfg)
		listed := map[string]bool{}
		for _, tool := range mcp.Published(p) {
			if listed[tool.Name] {
				t.Errorf("%s listed twice", tool.Name)
			}
			listed[tool.Name] = true
			if _, err := json.Marshal(tool); err != nil {
				t.Errorf("%s does not marshal (the whole tools/list would be lost): %v", tool.Name, err)
			}
			for _, err := range schemas.Check(tool.RawInputSchema) {
				t.Errorf("%s: %v", tool.Name, err)
			}
			if !strings.Contains(tool.Description, "Example: {") {
				t.Errorf("%s: the description carries no example payload", tool.Name)
			}
			if err := schemas.CheckDescription(tool.Description); err != nil {
				t.Errorf("%s: %v", tool.Name, err)
			}
			if cfg.NameStyle == engine.Underscore {
				if err := schemas.CheckName(tool.Name); err != nil {
					t.Error(err)
				}
				if err := schemas.CheckName("mcp__f0__" + tool.Name); err != nil {
					t.Errorf("with Claude Code's prefix: %v", err)
				}
			}
		}
	}
}

// TestExamplesAreValid checks every documented example twice: strictly
// against the published schema, with no repair (clients such as pi's proxy
// validate with Ajv before sending, so an example that needs repair is
// rejected before f0 sees it), and through f0's own pipeline.
func TestExamplesAreValid(t *testing.T) {
	p := everything(t, engine.Config{})
	for _, tool := range p.Visible() {
		strict := compileSchema(t, tool.Name, p.Registry().Schema(tool))
		for i, ex := range p.Registry().Doc(tool).Examples {
			if err := strict.Validate(roundTrip(t, ex)); err != nil {
				t.Errorf("%s example %d does not match the published schema as is: %v", tool.Name, i, err)
			}
			if res, ok := p.Check(tool.Name, ex); !ok {
				t.Errorf("%s example %d is invalid:\n%s", tool.Name, i, res.Text)
			}
		}
	}
}

func compileSchema(t *testing.T, name string, raw json.RawMessage) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(name+".json", doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s, err := c.Compile(name + ".json")
	if err != nil {
		t.Fatalf("%s: schema does not compile: %v", name, err)
	}
	return s
}

// roundTrip turns a Go value into what a JSON decoder would hand a
// validator.
func roundTrip(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

const (
	tableStart = "<!-- tools:start (generated by go test ./catalog -run TestReadmeToolTable -update) -->"
	tableEnd   = "<!-- tools:end -->"
)

// TestReadmeToolTable keeps the README's tool table equal to the registry.
func TestReadmeToolTable(t *testing.T) {
	p := everything(t, engine.Config{})
	var b strings.Builder
	b.WriteString(tableStart + "\n| tool | access | what it does |\n|---|---|---|\n")
	for _, tool := range p.Visible() {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", p.ListedName(tool), tool.Access, strings.ReplaceAll(tool.Summary, "|", "\\|"))
	}
	texttest.Section(t, "../README.md", tableStart, tableEnd, strings.TrimPrefix(b.String(), tableStart), *update, "run go test ./catalog -run TestReadmeToolTable -update")
}

func TestCatalogueHasMetaTools(t *testing.T) {
	reg, err := catalog.New(catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range reg.Tools() {
		names = append(names, tool.Name)
	}
	for _, want := range []string{"tools.search", "tools.describe"} {
		if !slices.Contains(names, want) {
			t.Errorf("catalogue lacks %s: %v", want, names)
		}
	}
}

// TestEveryToolBuilds makes every tool's schema, documentation and search
// index, which catalog.New leaves for first use: a definition that cannot be
// made fails here, not in a client's first call.
func TestEveryToolBuilds(t *testing.T) {
	reg, err := catalog.New(catalog.Options{Roots: []string{t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	if err := reg.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestListingSize keeps tools/list cheap: every agent pays for it in every
// prompt. A tool's size is the length of json.Marshal of the tool object as
// tools/list sends it (name, title, description, inputSchema, annotations),
// measured on the default catalogue (default flags: --access write,
// underscore names, no prefix).
func TestListingSize(t *testing.T) {
	p := newPipeline(t, engine.Config{})
	sizes, err := mcp.Sizes(p)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, s := range sizes {
		total += s.Bytes
		if s.Bytes > mcp.MaxListingTool {
			t.Errorf("%s is %d bytes in tools/list; the most for one tool is %d (move detail to tools_describe: notes, the schema document's properties, Unlisted fields)", s.Name, s.Bytes, mcp.MaxListingTool)
		}
	}
	if avg := total / len(sizes); avg > mcp.MaxListingAverage {
		t.Errorf("tools/list averages %d bytes a tool (%d for %d tools); the most is %d", avg, total, len(sizes), mcp.MaxListingAverage)
	}
	t.Logf("tools/list: %d bytes for %d tools (%d a tool)", total, len(sizes), total/len(sizes))
}

// Tool icons (MCP 2025-11-25) are left out of tools/list: the smallest
// that shows anything, one SVG mark as a data: URI shared by every tool,
// costs far more than the 2% of the listing they would be worth, and
// would take the average past MaxListingAverage. The test measures it and
// keeps the listing without icons.
func TestIconsStayOutOfTheListing(t *testing.T) {
	p := newPipeline(t, engine.Config{})
	const icon = `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath d='M2 2h12v12H2z'/%3E%3C/svg%3E`
	plain, with := 0, 0
	for _, tl := range mcp.Published(p) {
		if len(tl.Icons) > 0 {
			t.Errorf("%s is listed with icons", tl.Name)
		}
		size, err := mcp.Size(tl)
		if err != nil {
			t.Fatal(err)
		}
		tl.Icons = []mcpgo.Icon{{Src: icon, MIMEType: "image/svg+xml"}}
		withIcon, err := mcp.Size(tl)
		if err != nil {
			t.Fatal(err)
		}
		plain, with = plain+size.Bytes, with+withIcon.Bytes
	}
	share := float64(with-plain) / float64(plain) * 100
	t.Logf("tools/list: %d bytes, %d with an icon on each tool (+%.1f%%)", plain, with, share)
	if share < 2 {
		t.Errorf("icons would cost %.1f%% of the listing, under 2%%: list them", share)
	}
}
