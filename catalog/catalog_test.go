package catalog_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"f0/catalog"
	"f0/tools"
	f0net "f0/tools/net"
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
	pipeline := func(t *testing.T, cfg f0net.Config, access tools.Access) *tools.Pipeline {
		reg, err := catalog.New(catalog.Options{Roots: []string{t.TempDir()}, Net: cfg})
		if err != nil {
			t.Fatal(err)
		}
		p, err := tools.NewPipeline(reg, tools.Config{Access: access})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := pipeline(t, f0net.Config{Version: "1.2.3"}, tools.Read)
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
		p := pipeline(t, f0net.Config{Deny: []string{"loopback"}}, tools.Write)
		res := p.Call(context.Background(), "net_curl", map[string]any{"url": srv.URL})
		if !res.IsError || !strings.Contains(res.Text, "blocked by this server's rule --net-deny loopback") {
			t.Fatal(res.Text)
		}
	})
	t.Run("bad rule", func(t *testing.T) {
		_, err := catalog.New(catalog.Options{Roots: []string{t.TempDir()}, Net: f0net.Config{Allow: []string{"10.0.0.0/99"}}})
		if err == nil || !strings.HasPrefix(err.Error(), `--net-allow "10.0.0.0/99": not a CIDR block`) {
			t.Fatalf("error %v", err)
		}
	})
}
