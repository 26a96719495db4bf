package net

import (
	"f0/engine"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"f0/tool"
)

// redirectWorld is two servers: A redirects /r/CODE to ?to= (or /seen on
// A), B is another port of the same host; both record each request as
// "SERVER METHOD PATH len=… type=… auth=… cookie=… key=… host=… body=…".
type redirectWorld struct {
	a, b *httptest.Server
	mu   sync.Mutex
	seen []string
}

func newRedirectWorld(t *testing.T) *redirectWorld {
	w := &redirectWorld{}
	handler := func(name string) http.HandlerFunc {
		return func(rw http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			length := "none"
			if _, ok := r.Header["Content-Length"]; ok {
				length = r.Header.Get("Content-Length")
			}
			w.mu.Lock()
			w.seen = append(w.seen, fmt.Sprintf("%s %s %s len=%s type=%s auth=%s cookie=%s key=%s host=%s body=%s", name, r.Method, r.URL.Path,
				length, r.Header.Get("Content-Type"), r.Header.Get("Authorization"), r.Header.Get("Cookie"), r.Header.Get("X-Api-Key"), r.Host, body))
			w.mu.Unlock()
			var code int
			if _, err := fmt.Sscanf(r.URL.Path, "/r/%d", &code); err == nil {
				to := r.URL.Query().Get("to")
				if to == "" {
					to = "/seen"
				}
				rw.Header().Set("Location", to)
				rw.WriteHeader(code)
			}
		}
	}
	w.a, w.b = httptest.NewServer(handler("A")), httptest.NewServer(handler("B"))
	t.Cleanup(w.a.Close)
	t.Cleanup(w.b.Close)
	return w
}

func (w *redirectWorld) take() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := strings.Join(w.seen, "\n")
	w.seen = nil
	return s
}

// TestRedirectRules pins curl's rules for the request after a redirect
// (curl 7.88.1, checked against the real curl by TestCurlDiff's cases).
func TestRedirectRules(t *testing.T) {
	w := newRedirectWorld(t)
	p, _ := newPipeline(t)
	a, b := w.a.URL, w.b.URL
	tests := []struct {
		name string
		args []any
		want string // the request after the redirect
	}{
		{"301 POST becomes GET", []any{"-L", "-d", "x=1", a + "/r/301"}, "A GET /seen len=none type= auth= cookie= key= host=HOST body="},
		{"302 POST becomes GET", []any{"-L", "-d", "x=1", a + "/r/302"}, "A GET /seen len=none type= auth= cookie= key= host=HOST body="},
		{"303 POST becomes GET", []any{"-L", "-d", "x=1", a + "/r/303"}, "A GET /seen len=none type= auth= cookie= key= host=HOST body="},
		{"307 keeps the POST", []any{"-L", "-d", "x=1", a + "/r/307"}, "A POST /seen len=3 type=application/x-www-form-urlencoded auth= cookie= key= host=HOST body=x=1"},
		{"308 keeps the POST", []any{"-L", "-d", "x=1", a + "/r/308"}, "A POST /seen len=3 type=application/x-www-form-urlencoded auth= cookie= key= host=HOST body=x=1"},
		{"--post301", []any{"-L", "--post301", "-d", "x=1", a + "/r/301"}, "A POST /seen len=3 type=application/x-www-form-urlencoded auth= cookie= key= host=HOST body=x=1"},
		{"--post302", []any{"-L", "--post302", "-d", "x=1", a + "/r/302"}, "A POST /seen len=3 type=application/x-www-form-urlencoded auth= cookie= key= host=HOST body=x=1"},
		{"--post303", []any{"-L", "--post303", "-d", "x=1", a + "/r/303"}, "A POST /seen len=3 type=application/x-www-form-urlencoded auth= cookie= key= host=HOST body=x=1"},
		{"--post301 is only for 301", []any{"-L", "--post301", "-d", "x=1", a + "/r/302"}, "A GET /seen len=none type= auth= cookie= key= host=HOST body="},
		{"-X POST stays POST, body dropped", []any{"-L", "-X", "POST", "-d", "x=1", a + "/r/303"}, "A POST /seen len=none type= auth= cookie= key= host=HOST body="},
		{"-X PUT with data after 302", []any{"-L", "-X", "PUT", "-d", "x=1", a + "/r/302"}, "A PUT /seen len=none type= auth= cookie= key= host=HOST body="},
		{"-X DELETE after 303", []any{"-L", "-X", "DELETE", a + "/r/303"}, "A DELETE /seen len=none type= auth= cookie= key= host=HOST body="},
		{"-H Content-Type stays", []any{"-L", "-H", "Content-Type: application/json", "-d", "{}", a + "/r/302"}, "A GET /seen len=none type=application/json auth= cookie= key= host=HOST body="},
		{"--json headers stay", []any{"-L", "--json", "{}", a + "/r/303"}, "A GET /seen len=none type=application/json auth= cookie= key= host=HOST body="},
		{"HEAD stays HEAD after 303", []any{"-L", "-I", a + "/r/303"}, "A HEAD /seen len=none type= auth= cookie= key= host=HOST body="},
		{"-u to the same host", []any{"-L", "-u", "u:p", a + "/r/302"}, "A GET /seen len=none type= auth=Basic dTpw cookie= key= host=HOST body="},
		{"-u not to another port", []any{"-L", "-u", "u:p", a + "/r/302?to=" + b + "/seen"}, "B GET /seen len=none type= auth= cookie= key= host=HOSTB body="},
		{"--location-trusted sends it", []any{"--location-trusted", "-u", "u:p", a + "/r/302?to=" + b + "/seen"}, "B GET /seen len=none type= auth=Basic dTpw cookie= key= host=HOSTB body="},
		{"-H Authorization not to another port", []any{"-L", "-H", "Authorization: Bearer t", a + "/r/307?to=" + b + "/seen"}, "B GET /seen len=none type= auth= cookie= key= host=HOSTB body="},
		{"-H Cookie not to another port", []any{"-L", "-H", "Cookie: a=1", a + "/r/302?to=" + b + "/seen"}, "B GET /seen len=none type= auth= cookie= key= host=HOSTB body="},
		{"-b goes everywhere", []any{"-L", "-b", "a=1", a + "/r/302?to=" + b + "/seen"}, "B GET /seen len=none type= auth= cookie=a=1 key= host=HOSTB body="},
		{"f0 keeps X-Api-Key from another host", []any{"-L", "-H", "X-Api-Key: k", a + "/r/302?to=" + b + "/seen"}, "B GET /seen len=none type= auth= cookie= key= host=HOSTB body="},
		{"X-Api-Key to the same host", []any{"-L", "-H", "X-Api-Key: k", a + "/r/302"}, "A GET /seen len=none type= auth= cookie= key=k host=HOST body="},
		{"a custom Host to the same host name, any port", []any{"-L", "-H", "Host: custom.test", a + "/r/302?to=" + b + "/seen"}, "B GET /seen len=none type= auth= cookie= key= host=custom.test body="},
		{"a custom Host not to another host name", []any{"-L", "-H", "Host: custom.test", a + "/r/302?to=" + strings.Replace(b, "127.0.0.1", "localhost", 1) + "/seen"}, "B GET /seen len=none type= auth= cookie= key= host=localhost:PORTB body="},
	}
	hostA, hostB := strings.TrimPrefix(a, "http://"), strings.TrimPrefix(b, "http://")
	portB := hostB[strings.LastIndex(hostB, ":")+1:]
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := p.Call(t.Context(), "net_curl", map[string]any{"args": tc.args})
			if res.IsError {
				t.Fatal(res.Text)
			}
			seen := strings.Split(w.take(), "\n")
			want := strings.NewReplacer("HOSTB", hostB, "HOST", hostA, "PORTB", portB).Replace(tc.want)
			if len(seen) != 2 || seen[1] != want {
				t.Errorf("requests:\n%s\nwant second:\n%s", strings.Join(seen, "\n"), want)
			}
		})
	}
}

// TestNoEmptyContentLength: curl sends no Content-Length for a POST or PUT
// without data, and Content-Length: 0 for an empty -d.
func TestNoEmptyContentLength(t *testing.T) {
	w := newRedirectWorld(t)
	p, _ := newPipeline(t)
	for _, tc := range []struct {
		args []any
		want string
	}{
		{[]any{"-X", "POST", w.a.URL + "/x"}, "A POST /x len=none"},
		{[]any{"-X", "PUT", w.a.URL + "/x"}, "A PUT /x len=none"},
		{[]any{"-X", "PATCH", w.a.URL + "/x"}, "A PATCH /x len=none"},
		{[]any{"-d", "", w.a.URL + "/x"}, "A POST /x len=0"},
		{[]any{"-X", "POST", "-d", "a", w.a.URL + "/x"}, "A POST /x len=1"},
	} {
		res := p.Call(t.Context(), "net_curl", map[string]any{"args": tc.args})
		if got := w.take(); res.IsError || !strings.HasPrefix(got, tc.want+" ") {
			t.Errorf("%q: server saw %q, want %q", tc.args, got, tc.want)
		}
	}
}

// TestHeadOverTLS: over HTTPS with HTTP/1.1 the head is recorded on the
// TLS connection's plaintext side, as the server wrote it.
func TestHeadOverTLS(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["x-lower"] = []string{"kept"}
		w.Header()["Date"] = nil
		io.WriteString(w, "ok")
	}))
	defer srv.Close()
	p, _ := newPipeline(t, withAccess(tool.Admin))
	res := p.Call(engine.WithConsole(t.Context(), tool.ConsoleOptions{}), "net_curl", map[string]any{"args": []any{"-k", "-i", srv.URL}})
	want := "HTTP/1.1 200 OK\r\nx-lower: kept\r\nContent-Length: 2\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nok"
	if res.IsError || res.Sections.Body != want {
		t.Errorf("body %q, want %q\n%s", res.Sections.Body, want, res.Text)
	}
}
