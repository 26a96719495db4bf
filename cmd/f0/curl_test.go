package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// netServer is a loopback server for the CLI tests.
func netServer(t *testing.T) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/text", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Date"] = nil
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "hello\n")
	})
	mux.HandleFunc("/accept", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "accept=%s method=%s\n", r.Header.Get("Accept"), r.Method)
	})
	mux.HandleFunc("/missing", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no such thing", http.StatusNotFound)
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(bytes.Repeat([]byte("x"), 4096))
	})
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "%s %s %q\n", r.Method, r.URL.Path, body)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestNetCurlStdin: on the CLI, curl's "@-" and "-T -" read standard input.
func TestNetCurlStdin(t *testing.T) {
	url := netServer(t)
	root := "--root=" + t.TempDir()
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"-d", "@-"}, "a=1\nb=2\n", `POST /echo "a=1b=2"`},
		{[]string{"--data-binary", "@-"}, "a=1\nb=2\n", `POST /echo "a=1\nb=2\n"`},
		{[]string{"--json", "@-"}, `{"k": 1}`, `POST /echo "{\"k\": 1}"`},
		{[]string{"-T", "-"}, "file body", `PUT /echo "file body"`},
	}
	for _, tc := range cases {
		r := f0(t, tc.stdin, append(append([]string{root, "net.curl", "-s"}, tc.args...), url+"/echo")...)
		if r.code != 0 || r.stdout != tc.want+"\n" {
			t.Errorf("%v < %q: want stdout %q\n%s", tc.args, tc.stdin, tc.want+"\n", r)
		}
	}
}

func TestNetCurlCLI(t *testing.T) {
	url := netServer(t)
	port := url[strings.LastIndexByte(url, ':')+1:]
	dir := t.TempDir()
	root := "--root=" + dir
	cases := []struct {
		name           string
		args           []string
		code           int
		stdout, stderr string // stdout exact; stderr a prefix
	}{
		{"curl flags directly", []string{root, "net.curl", "-sS", url + "/text"}, 0, "hello\n", ""},
		{"status line without -s", []string{root, "net.curl", url + "/text"}, 0, "hello\n", "200 OK · text/plain · 6 B · "},
		{"underscore name and a header", []string{root, "net_curl", "-sS", "-H", "Accept: application/json", url + "/accept"}, 0, "accept=application/json method=GET\n", ""},
		{"-i puts the headers as sent on stdout", []string{root, "net.curl", "-i", url + "/text"}, 0, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 6\r\n\r\nhello\n", "200 OK"},
		{"-d posts", []string{root, "net.curl", "-d", "a=1", url + "/accept"}, 0, "accept=*/* method=POST\n", "200 OK"},
		{"-f exits 22 as curl", []string{root, "net.curl", "-sf", url + "/missing"}, 22, "", ""},
		{"-fsS says why", []string{root, "net.curl", "-fsS", url + "/missing"}, 22, "", "f0 net.curl: (22) The requested URL returned error: 404\n"},
		{"--fail-with-body prints the body", []string{root, "net.curl", "-s", "--fail-with-body", url + "/missing"}, 22, "no such thing\n", ""},
		{"404 without -f exits 0", []string{root, "net.curl", "-s", url + "/missing"}, 0, "no such thing\n", ""},
		{"unknown flag", []string{root, "net.curl", "--locaton", url}, 2, "", "f0 net.curl: unknown flag --locaton; did you mean -L, --location?\nf0 net.curl: try 'f0 net.curl --help' for more information\n"},
		{"bad glob", []string{root, "net.curl", "-sS", url + "/[3-1]"}, 3, "", "f0 net.curl: (3) bad range in URL position "},
		{"call with JSON", []string{root, "call", "net.curl", `{"url":"` + url + `/text"}`}, 0, "hello\n", "200 OK"},
		{"key=value form", []string{root, "net.curl", "url=" + url + "/text"}, 0, "hello\n", "200 OK"},
		{"-d value stays curl's", []string{root, "net.curl", "-d", "url=x", url + "/accept"}, 0, "accept=*/* method=POST\n", "200 OK"},
		{"-w after -o /dev/null", []string{root, "net.curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", url + "/text"}, 0, "200", ""},
		{"f0's fields give f0's view", []string{root, "net.curl", "-s", url + "/text", "maxBytes=100"}, 0, "hello\n", "200 OK · text/plain · 6 B · "},
		{"deny flag", []string{root, "--net-deny", "loopback", "net.curl", url + "/text"}, 7, "", "f0 net.curl: (7) Failed to connect to 127.0.0.1 port " + port + ": connection to 127.0.0.1 blocked by this server's rule --net-deny loopback"},
		{"download cap flag", []string{root, "--net-max-download", "1K", "net.curl", url + "/big"}, 63, strings.Repeat("x", 1024), "f0 net.curl: (63) Maximum file size exceeded: f0 net.curl reads at most 1.0 KB of a response (--net-max-download); raise it with --net-max-download SIZE, e.g. --net-max-download 1G\n"},
		{"bad rule", []string{root, "--net-allow", "bad host", "net.curl", url}, 2, "", `f0: --net-allow "bad host": want a host name`},
		{"bad max time", []string{root, "--net-max-time", "soon", "net.curl", url}, 2, "", `f0: --net-max-time "soon": want a positive duration`},
		{"bad max download", []string{root, "--net-max-download", "lots", "net.curl", url}, 2, "", `f0: --net-max-download "lots": want a size such as 100MiB`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := f0(t, "", c.args...)
			if r.code != c.code || r.stdout != c.stdout || !strings.HasPrefix(r.stderr, c.stderr) || c.stderr == "" && r.stderr != "" {
				t.Fatalf("exit %d, want %d\nstdout:\n%q\nwant:\n%q\nstderr:\n%s\nwant prefix:\n%s", r.code, c.code, r.stdout, c.stdout, r.stderr, c.stderr)
			}
		})
	}
	t.Run("-o writes the file", func(t *testing.T) {
		r := f0(t, "", root, "net.curl", "-sSo", "out/page.txt", url+"/text")
		if r.code != 0 || r.stdout != "\n" && r.stdout != "" || r.stderr != "" {
			t.Fatalf("want exit 0 and nothing on stdout or stderr:\n%s", r)
		}
		data, err := os.ReadFile(filepath.Join(dir, "out/page.txt"))
		if err != nil || string(data) != "hello\n" {
			t.Fatalf("file %q: %v", data, err)
		}
	})
	t.Run("env var", func(t *testing.T) {
		t.Setenv("F0_NET_DENY", "127.0.0.0/8")
		r := f0(t, "", root, "net.curl", url+"/text")
		if r.code != 7 || !strings.Contains(r.stderr, "--net-deny 127.0.0.0/8") {
			t.Fatalf("want exit 7 naming --net-deny:\n%s", r)
		}
	})
	t.Run("-h lists curl's flags", func(t *testing.T) {
		for _, h := range []string{"-h", "--help"} {
			r := f0(t, "", root, "net.curl", h)
			if r.code != 0 || !strings.HasPrefix(r.stdout, "Usage: f0 net.curl [options...] <url>\n") || !strings.Contains(r.stdout, "\n -L, --location ") {
				t.Fatalf("%s:\n%s", h, r)
			}
		}
		r := f0(t, "", root, "net.curl", "help")
		if r.code != 0 || !strings.Contains(r.stdout, "net.curl: HTTP request (curl)") {
			t.Fatalf("help:\n%s", r)
		}
	})
}
