package catalog_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"f0/catalog"
	"f0/engine"
	"f0/internal/web"
	"f0/tool"
)

// TestNetworkTools runs net.curl as every front end does: the real
// catalogue, the pipeline, and the operator's net configuration, whose
// allow and deny rules the catalogue builds.
func TestNetworkTools(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, r.Method+" "+r.URL.RequestURI()+" "+r.Header.Get("User-Agent"))
	}))
	defer srv.Close()
	pipeline := func(t *testing.T, cfg web.Config, access tool.Access) *engine.Host {
		reg, err := catalog.New(catalog.Options{Roots: []string{t.TempDir()}, Net: cfg})
		if err != nil {
			t.Fatal(err)
		}
		p, err := engine.NewHost(reg, engine.Config{Access: access})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := pipeline(t, web.Config{Version: "1.2.3"}, tool.Read)
	cases := []struct {
		name string
		args any
		want string
	}{
		{"structured", map[string]any{"url": srv.URL + "/a", "query": map[string]any{"q": "x"}}, "GET /a?q=x f0/1.2.3"},
		{"curl-style", map[string]any{"args": `curl -sS -G -d q=y -A 'agent/9' ` + srv.URL + "/b"}, "GET /b?q=y agent/9"},
		{"JSON string", `{"args":["-I","` + srv.URL + `/c"]}`, "200 OK · text/plain · no body (HEAD)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := p.Call(context.Background(), "net_curl", c.args)
			if res.IsError || !strings.Contains(res.Text, c.want) {
				t.Fatalf("got:\n%s\nwant it to contain %q", res.Text, c.want)
			}
		})
	}
	t.Run("write call on a read-only server", func(t *testing.T) {
		res := p.Call(context.Background(), "net.curl", map[string]any{"url": srv.URL, "json": map[string]any{"a": 1}})
		if !res.IsError || !strings.Contains(res.Text, `needs "write" access (POST can change things on the server)`) {
			t.Fatal(res.Text)
		}
	})
	t.Run("deny rule", func(t *testing.T) {
		p := pipeline(t, web.Config{Deny: []string{"loopback"}}, tool.Write)
		res := p.Call(context.Background(), "net_curl", map[string]any{"url": srv.URL})
		if !res.IsError || !strings.Contains(res.Text, "blocked by this server's rule --net-deny loopback") {
			t.Fatal(res.Text)
		}
	})
	t.Run("bad rule", func(t *testing.T) {
		_, err := catalog.New(catalog.Options{Roots: []string{t.TempDir()}, Net: web.Config{Allow: []string{"10.0.0.0/99"}}})
		if err == nil || !strings.HasPrefix(err.Error(), `--net-allow "10.0.0.0/99": not a CIDR block`) {
			t.Fatalf("error %v", err)
		}
	})
}

// TestFileFieldsArePaths: every field of f0's own tools that names a file
// is declared a path (Spec.Forms), so that the core repairs it and batch
// orders the calls that touch it; and the paths a call touches, defaults
// included, are what Prepare says.
func TestFileFieldsArePaths(t *testing.T) {
	p := newPipeline(t, engine.Config{Access: tool.Admin})
	fileFields := map[string]bool{"path": true, "paths": true, "source": true, "destination": true, "output": true}
	for _, tl := range p.Visible() {
		typ := tl.InputType()
		if typ.Kind() != reflect.Struct {
			continue
		}
		for i := range typ.NumField() {
			name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if fileFields[name] && tl.Forms[name] != tool.PathKind {
				t.Errorf("%s: field %q names a file but is not a tools.PathKind", tl.Name, name)
			}
		}
	}
	cases := []struct {
		tool   string
		args   map[string]any
		paths  []string
		known  bool
		writes bool
	}{
		{"fs.read", map[string]any{"path": "a"}, []string{"a"}, true, false},
		{"fs.read", map[string]any{"paths": []any{"a", "b"}}, []string{"a", "b"}, true, false},
		{"fs.stat", map[string]any{"path": "file:///x/a"}, []string{"/x/a"}, true, false},
		{"fs.list", map[string]any{}, []string{"."}, true, false},
		{"fs.find", map[string]any{"pattern": "*.go"}, []string{"."}, true, false},
		{"fs.search", map[string]any{"pattern": "x"}, []string{"."}, true, false},
		{"fs.search", map[string]any{"pattern": "x", "path": "src"}, []string{"src"}, true, false},
		{"fs.write", map[string]any{"path": "a", "content": "x"}, []string{"a"}, true, true},
		{"fs.edit", map[string]any{"path": "a", "oldText": "x", "newText": "y"}, []string{"a"}, true, true},
		{"fs.mkdir", map[string]any{"paths": []any{"d", "e"}}, []string{"d", "e"}, true, true},
		{"fs.move", map[string]any{"source": "a", "destination": "b"}, []string{"b", "a"}, true, true},
		{"fs.copy", map[string]any{"source": "a", "destination": "b"}, []string{"b", "a"}, true, true},
		{"fs.delete", map[string]any{"path": "a"}, []string{"a"}, true, true},
		{"net.curl", map[string]any{"url": "http://127.0.0.1/"}, nil, true, false},
		{"net.curl", map[string]any{"url": "http://127.0.0.1/", "output": "page.html"}, []string{"page.html"}, true, true},
		{"net.curl", map[string]any{"url": "http://127.0.0.1/", "method": "POST"}, nil, true, true},
		{"net.curl", map[string]any{"args": "-o page.html http://127.0.0.1/"}, nil, false, true},
		{"tools.search", map[string]any{"query": "x"}, nil, true, false},
	}
	for _, c := range cases {
		prep := p.Prepare(context.Background(), c.tool, c.args)
		if prep.Failed() {
			t.Fatalf("%s %v did not prepare: %s", c.tool, c.args, prep.Run(context.Background(), tool.Limits{}).Text)
		}
		paths, known := prep.Paths()
		if !slices.Equal(paths, c.paths) || known != c.known || prep.Writes() != c.writes {
			t.Errorf("%s %v: paths %q known %v writes %v, want %q %v %v", c.tool, c.args, paths, known, prep.Writes(), c.paths, c.known, c.writes)
		}
	}
}

// TestDefinitionsAreTheCatalogue: the definitions a front end reads before
// its options are final are the catalogue's tools, name for name, with the
// same flags of their own.
func TestDefinitionsAreTheCatalogue(t *testing.T) {
	defs, err := catalog.Definitions()
	if err != nil {
		t.Fatal(err)
	}
	reg, err := catalog.New(catalog.Options{Roots: []string{t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	names := func(r *engine.Registry) (out []string) {
		for _, tl := range r.Tools() {
			out = append(out, tl.Name)
			if tl.RawFlag != nil {
				known, next := tl.RawFlag("-H")
				out = append(out, fmt.Sprintf("%s -H %v %v", tl.Name, known, next))
			}
		}
		return out
	}
	if got, want := names(defs), names(reg); !slices.Equal(got, want) {
		t.Errorf("definitions %v, catalogue %v", got, want)
	}
}
