package upstream

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"f0/engine"
	"f0/tools/meta"
)

// syncBuffer is a log destination safe for the servers' goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestConfigSecretsNeverShow (F6): secrets expanded from ${VAR} into a
// server's args or URL (its query, its user and password) reach neither
// the model (the placeholder's description, the errors of its tools) nor
// the log.
func TestConfigSecretsNeverShow(t *testing.T) {
	t.Setenv("SECRET_ARG", "s3cr3t-arg")
	t.Setenv("SECRET_Q", "s3cr3t-q")
	t.Setenv("SECRET_USER", "s3cr3t-user")
	path := writeConfig(t, `{"mcpServers": {
	  "cmd": {"command": "/nonexistent/server", "args": ["--token", "${SECRET_ARG}"]},
	  "web": {"url": "http://${SECRET_USER}:${SECRET_Q}@127.0.0.1:1/mcp?key=${SECRET_Q}"}}}`)
	servers, err := ReadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	var log syncBuffer
	set, list, err := startWithin(context.Background(), servers, Options{Logger: slog.New(slog.NewTextHandler(&log, nil))}, StartWait)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { set.Close() })
	reg, err := engine.NewRegistry(append(meta.Tools(), list...)...)
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewHost(reg, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	ctx := context.Background()
	var shown []string
	for _, name := range []string{"cmd_unavailable", "web_unavailable"} {
		shown = append(shown, p.Call(ctx, "tools_describe", map[string]any{"name": name}).Text)
	}
	for _, name := range []string{"cmd_read", "web_read"} {
		shown = append(shown, p.Call(ctx, name, nil).Text)
	}
	shown = append(shown, log.String())
	all := strings.Join(shown, "\n")
	for _, secret := range []string{"s3cr3t-arg", "s3cr3t-q", "s3cr3t-user"} {
		if strings.Contains(all, secret) {
			t.Errorf("%q shows in:\n%s", secret, all)
		}
	}
	for _, want := range []string{"/nonexistent/server", "http://127.0.0.1:1/mcp"} {
		if !strings.Contains(all, want) {
			t.Errorf("%q does not show in:\n%s", want, all)
		}
	}
}

// TestHeadersGoToTheConfiguredOriginOnly (F17): a server that redirects
// f0 to another host does not pass it the configured headers, nor the
// URL's credentials and query.
func TestHeadersGoToTheConfiguredOriginOnly(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, fmt.Sprintf("%s %s %v", r.Method, r.URL, r.Header))
		mu.Unlock()
		w.WriteHeader(http.StatusInternalServerError)
	}))
	defer other.Close()
	first := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/mcp", http.StatusTemporaryRedirect)
	}))
	defer first.Close()
	u := strings.Replace(first.URL, "http://", "http://someone:pass-word@", 1) + "/mcp?key=query-secret"
	srv := Server{Name: "up", URL: u, Headers: map[string]string{"Authorization": "Bearer bearer-secret", "X-Api-Key": "header-secret"}}
	set, _, err := startWithin(context.Background(), []Server{srv}, Options{}, StartWait)
	if err != nil {
		t.Fatal(err)
	}
	set.Close()
	mu.Lock()
	defer mu.Unlock()
	if len(seen) == 0 {
		t.Fatal("the redirect was not followed")
	}
	for _, req := range seen {
		for _, secret := range []string{"bearer-secret", "header-secret", "query-secret", "Basic "} {
			if strings.Contains(req, secret) {
				t.Errorf("the other host got %q: %s", secret, req)
			}
		}
	}
}
