package engine_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"f0/engine"
	"f0/engine/internal/vocab"
	"f0/tool"
)

// f0ToolName is how a refusal names the f0 call to make instead.
var f0ToolName = regexp.MustCompile(`\b(fs_(read|list|find|search|stat|write|edit|mkdir|move|copy|delete)|net_curl|batch|tools_(search|describe))\b`)

// argumentFailure marks an answer about the call's arguments rather than
// about the fixture (a file a row's path does not name, a URL's answer).
var argumentFailure = regexp.MustCompile(`invalid arguments|unknown field|could not be read|none of its forms fits`)

// sharedName marks the interpreter's refusal of a call whose fields two
// agents' tools of its name read differently.
var sharedName = regexp.MustCompile(`count lines differently|several agents have a tool of this name|they mean different calls|they list to different depths|nothing in the call says to replace it|which refuses the call`)

// TestEveryRowThroughTheEngine walks every row of every vocabulary table
// (the interpreter's row builder, vocab.Rows) and makes its call through a
// real Host with the real catalogue, on a fixture root and a 127.0.0.1
// server, as the agent the row's table is (its clientInfo name): a mapped
// row runs the mapped call and answers ok, or fails on the fixture (a file
// it does not hold), never on its arguments; a refusing row answers an
// error that names the f0 call to make instead; no answer says "unknown
// field" for a field the table publishes.
func TestEveryRowThroughTheEngine(t *testing.T) {
	v, err := vocab.Load(vocab.Options{})
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(t.TempDir(), "backend")
	resetFixture(t, root)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "hello from %s %s\n", r.Method, r.URL.Path)
	}))
	defer srv.Close()
	host := newCatalogHost(t, tool.Admin, root)
	var n rowTally
	for _, row := range v.Rows(root) {
		t.Run(row.Name(), func(t *testing.T) {
			resetFixture(t, root)
			n.add(checkRowThroughEngine(t, v, host, root, srv.URL, row))
		})
	}
	t.Logf("rows walked through the engine: %d (mapped ok %d, mapped with a tool error about the fixture %d, refused %d)", n.total(), n.ok, n.fixture, n.refused)
	for _, k := range sortedKeys(n.fixtureRows) {
		t.Logf("fixture error: %s: %s", k, n.fixtureRows[k])
	}
}

// rowTally counts the rows by how they were answered.
type rowTally struct {
	ok, fixture, refused int
	fixtureRows          map[string]string
}

type rowOutcome struct {
	name, kind, text string
}

func (n *rowTally) add(o rowOutcome) {
	switch o.kind {
	case "ok":
		n.ok++
	case "fixture":
		n.fixture++
		if n.fixtureRows == nil {
			n.fixtureRows = map[string]string{}
		}
		n.fixtureRows[o.name] = firstLine(o.text)
	case "refused":
		n.refused++
	}
}

func (n *rowTally) total() int { return n.ok + n.fixture + n.refused }

// checkRowThroughEngine makes one row's call and checks its answer
// against what the interpreter reads the call as.
func checkRowThroughEngine(t *testing.T, v *vocab.Vocabulary, host *engine.Host, root, url string, row vocab.Row) rowOutcome {
	t.Helper()
	args := withServer(row.Args(), url).(map[string]any)
	want, err := v.Resolve(context.Background(), vocab.Request{Name: row.Tool(), Args: withServer(row.Args(), url).(map[string]any), Agent: row.Agent()}, rootPaths(root))
	ctx := engine.WithClient(context.Background(), engine.Client{Name: row.Agent()})
	res := host.Call(ctx, row.Tool(), args)
	out := rowOutcome{name: row.Name(), text: res.Text}
	if strings.Contains(res.Text, "unknown field") {
		t.Fatalf("%s %v answered unknown field:\n%s", row.Tool(), args, res.Text)
	}
	switch {
	case err != nil && sharedName.MatchString(err.Error()):
		// The row's minimal call is another agent's tool's too, and the
		// two read it differently: refused, naming the field (the row
		// itself runs as its own tool in vocab's TestEveryRow).
		if !res.IsError || !f0ToolName.MatchString(res.Text) {
			t.Fatalf("a call two agents read differently answered:\n%s", res.Text)
		}
		out.kind = "refused"
		return out
	case err != nil:
		t.Fatalf("the interpreter does not read the row: %v", err)
	case want.Outcome == vocab.Refused:
		if !res.IsError || !f0ToolName.MatchString(res.Text) {
			t.Fatalf("a refusing row answered (isError %v) without naming an f0 tool:\n%s", res.IsError, res.Text)
		}
		out.kind = "refused"
	case !res.IsError:
		out.kind = "ok"
	case argumentFailure.MatchString(res.Text):
		t.Fatalf("%s %v failed on its arguments:\n%s", row.Tool(), args, res.Text)
	default:
		out.kind = "fixture"
	}
	return out
}

// rootPaths answers the tables' checks on paths in the fixture root.
type rootPaths string

func (r rootPaths) PathKind(_ context.Context, p string) vocab.PathKind {
	if !filepath.IsAbs(p) {
		p = filepath.Join(string(r), p)
	}
	st, err := os.Stat(p)
	switch {
	case err != nil:
		return vocab.PathMissing
	case st.IsDir():
		return vocab.PathDir
	}
	return vocab.PathFile
}

func (r rootPaths) Roots() []string { return []string{string(r)} }

// withServer points the rows' URLs (127.0.0.1:9, where nothing listens)
// at the test server.
func withServer(v any, url string) any {
	switch x := v.(type) {
	case string:
		return strings.ReplaceAll(x, "http://127.0.0.1:9", url)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = withServer(e, url)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = withServer(e, url)
		}
		return out
	}
	return v
}

// resetFixture makes root hold the rows' files and nothing else; the
// directory itself stays, since the roots hold it open.
func resetFixture(t *testing.T, root string) {
	t.Helper()
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(root, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range vocab.FixtureFiles() {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestFetchServerStatusIsAnError: the fetch server's fetch answers a status
// of 400 or more with an error, so its reading through f0 does too, with
// the status; f0's own net_curl shows the status as curl does.
func TestFetchServerStatusIsAnError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no such page", http.StatusNotFound)
	}))
	defer srv.Close()
	host := newCatalogHost(t, tool.Admin, t.TempDir())
	cases := []struct {
		name    string
		args    map[string]any
		isError bool
		want    string
	}{
		{"fetch", map[string]any{"url": srv.URL + "/x", "max_length": 5000.0}, true, "404 Not Found"},
		{"net_curl", map[string]any{"url": srv.URL + "/x"}, false, "404 Not Found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := host.Call(context.Background(), c.name, c.args)
			if res.IsError != c.isError || !strings.Contains(res.Text, c.want) {
				t.Errorf("isError %v (want %v), text:\n%s", res.IsError, c.isError, res.Text)
			}
		})
	}
}
