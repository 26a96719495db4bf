package main

import (
	"bytes"
	"context"
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
		var stdout, stderr bytes.Buffer
		args := append(append([]string{root, "net.curl", "-s"}, tc.args...), url+"/echo")
		code := run(context.Background(), args, strings.NewReader(tc.stdin), &stdout, &stderr)
		if code != 0 || stdout.String() != tc.want+"\n" {
			t.Errorf("%v < %q: exit %d, stdout %q, want %q; stderr %s", tc.args, tc.stdin, code, stdout.String(), tc.want, stderr.String())
		}
	}
}

// runF0 runs the CLI in-process and returns exit code, stdout and stderr.
func runF0(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
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
		{"download cap flag", []string{root, "--net-max-download", "1K", "net.curl", url + "/big"}, 63, strings.Repeat("x", 1024), "f0 net.curl: (63) Maximum file size exceeded: this server reads at most 1.0 KB (--net-max-download)\n"},
		{"bad rule", []string{root, "--net-allow", "bad host", "net.curl", url}, 2, "", `f0: --net-allow "bad host": want a host name`},
		{"bad max time", []string{root, "--net-max-time", "soon", "net.curl", url}, 2, "", `f0: --net-max-time "soon": want a positive duration`},
		{"bad max download", []string{root, "--net-max-download", "lots", "net.curl", url}, 2, "", `f0: --net-max-download "lots": want a size such as 100MiB`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runF0(t, c.args...)
			if code != c.code || stdout != c.stdout || !strings.HasPrefix(stderr, c.stderr) || c.stderr == "" && stderr != "" {
				t.Fatalf("exit %d, want %d\nstdout:\n%q\nwant:\n%q\nstderr:\n%s\nwant prefix:\n%s", code, c.code, stdout, c.stdout, stderr, c.stderr)
			}
		})
	}
	t.Run("-o writes the file", func(t *testing.T) {
		code, stdout, stderr := runF0(t, root, "net.curl", "-sSo", "out/page.txt", url+"/text")
		if code != 0 || stdout != "\n" && stdout != "" {
			t.Fatalf("exit %d stdout %q stderr %s", code, stdout, stderr)
		}
		if stderr != "" {
			t.Fatalf("stderr: %s", stderr)
		}
		data, err := os.ReadFile(filepath.Join(dir, "out/page.txt"))
		if err != nil || string(data) != "hello\n" {
			t.Fatalf("file %q: %v", data, err)
		}
	})
	t.Run("env var", func(t *testing.T) {
		t.Setenv("F0_NET_DENY", "127.0.0.0/8")
		code, _, stderr := runF0(t, root, "net.curl", url+"/text")
		if code != 7 || !strings.Contains(stderr, "--net-deny 127.0.0.0/8") {
			t.Fatalf("exit %d stderr %s", code, stderr)
		}
	})
	t.Run("-h lists curl's flags", func(t *testing.T) {
		for _, h := range []string{"-h", "--help"} {
			code, stdout, _ := runF0(t, root, "net.curl", h)
			if code != 0 || !strings.HasPrefix(stdout, "Usage: f0 net.curl [options...] <url>\n") || !strings.Contains(stdout, "\n -L, --location ") {
				t.Fatalf("%s: exit %d stdout %s", h, code, stdout)
			}
		}
		code, stdout, _ := runF0(t, root, "net.curl", "help")
		if code != 0 || !strings.Contains(stdout, "net_curl: HTTP request (curl)") {
			t.Fatalf("help: exit %d stdout %s", code, stdout)
		}
	})
}

func TestProgressBar(t *testing.T) {
	var b bytes.Buffer
	bar := &progressBar{w: &b}
	bar.update(512, 1024, "downloaded 512 B of 1.0 KB")
	bar.update(2048, 0, "downloaded 2.0 KB")
	bar.clear()
	want := "\r\033[K[===============               ]  50% downloaded 512 B of 1.0 KB" +
		"\r\033[Kdownloaded 2.0 KB" + "\r\033[K"
	if b.String() != want {
		t.Fatalf("got %q\nwant %q", b.String(), want)
	}
	if isTerminal(&b) {
		t.Fatal("a buffer is not a terminal")
	}
	a := newApp(nil, nil, &b)
	ctx, done := a.progress(context.Background())
	done()
	if ctx != context.Background() {
		t.Fatal("no progress bar without a terminal")
	}
}

func TestSilentHidesProgress(t *testing.T) {
	cases := map[string]bool{
		"-s": true, "-sSL": true, "--silent": true, "-SsL": true, "-L": false, "-H": false,
		"-Hs":  false, // -H takes the rest of the word as its value
		"-LHs": false, "-Ls": true,
	}
	for word, want := range cases {
		if got := silent([]string{word, "http://127.0.0.1/"}); got != want {
			t.Errorf("silent(%q) = %v, want %v", word, got, want)
		}
	}
	if silent([]string{"--", "-s"}) {
		t.Error("words after -- are not flags")
	}
}
