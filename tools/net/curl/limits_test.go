package curl

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"f0/tools"
	f0net "f0/tools/net"
)

func TestTimeouts(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name string
		args map[string]any
		want string
	}{
		{"timeoutMs", map[string]any{"url": e.url + "/slow", "timeoutMs": 200},
			"GET " + e.url + "/slow timed out after 200 ms: the total time limit fired (set by \"timeoutMs\": 200).\n" +
				"Raise it: net_curl {\"timeoutMs\":60000,\"url\":\"" + e.url + "/slow\"} (this server allows up to 5 min, --net-max-time)."},
		{"-m in args", map[string]any{"args": []any{"-m", "0.2", e.url + "/slow"}},
			"GET " + e.url + "/slow timed out after 200 ms: the total time limit fired (set by -m 0.2 in args).\n" +
				"Raise it in args: -m 60 (this server allows up to 5 min, --net-max-time)."},
		{"maxTimeSeconds, while the body arrives", map[string]any{"url": e.url + "/slow-body", "maxTimeSeconds": 0.3},
			"GET " + e.url + "/slow-body timed out after 300 ms: the total time limit fired (set by \"maxTimeSeconds\": 0.3); the server had answered 200 OK, and the body was still arriving (11 B received).\n" +
				"Raise it: net_curl {\"timeoutMs\":60000,\"url\":\"" + e.url + "/slow-body\"} (this server allows up to 5 min, --net-max-time)."},
		{"milliseconds that look like seconds", map[string]any{"url": e.url + "/slow", "timeoutMs": 30},
			"GET " + e.url + "/slow timed out after 30 ms: the total time limit fired (set by \"timeoutMs\": 30).\n" +
				"timeoutMs is in milliseconds: 30 means 30 ms; for 30 seconds send \"timeoutMs\": 30000 or \"maxTimeSeconds\": 30.\n" +
				"Raise it: net_curl {\"timeoutMs\":60000,\"url\":\"" + e.url + "/slow\"}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.args)
			if !res.IsError || !strings.HasPrefix(res.Text, c.want) {
				t.Fatalf("got:\n%s\nwant:\n%s", res.Text, c.want)
			}
		})
	}
	t.Run("a default above the cap is capped without a note", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *f0net.Config) { c.MaxTime = 5 * time.Second }))
		for _, args := range []map[string]any{{"url": e.url + "/text"}, {"args": []any{e.url + "/text"}}} {
			res := e.call(t, args)
			if res.IsError || strings.Contains(res.Text, "note:") || len(res.Notes) > 0 {
				t.Fatalf("%v:\n%s\nnotes %v", args, res.Text, res.Notes)
			}
		}
		res := e.call(t, map[string]any{"url": e.url + "/text", "timeoutMs": 10000})
		assertInOrder(t, res.Text, `note: the total time limit asked for (10 s, from "timeoutMs": 10000) is above this server's cap; used 5 s (--net-max-time)`)
	})
	t.Run("capped by the server", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *f0net.Config) { c.MaxTime = 300 * time.Millisecond }))
		res := e.call(t, map[string]any{"url": e.url + "/slow", "timeoutMs": 60000})
		assertInOrder(t, res.Text, "timed out after 300 ms", "That is the most this server allows (--net-max-time 300 ms).",
			"note: the total time limit asked for (1 min, from \"timeoutMs\": 60000) is above this server's cap; used 300 ms (--net-max-time)")
	})
}

// silentListener accepts TCP connections and never answers, so a TLS
// handshake never completes.
func silentListener(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	return ln.Addr().String()
}

func TestConnectTimeout(t *testing.T) {
	e := newEnv(t)
	addr := silentListener(t)
	res := e.call(t, map[string]any{"url": "https://" + addr + "/", "connectTimeoutMs": 200})
	want := "GET https://" + addr + "/: could not connect to " + addr + " within 200 ms: the connect time limit fired (set by \"connectTimeoutMs\": 200; it covers the TCP connection and the TLS handshake).\n" +
		"If the host is just slow, raise it: net_curl {\"connectTimeoutMs\":30000,\"url\":\"https://" + addr + "/\"}"
	if !res.IsError || res.Text != want {
		t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
	}
	res = e.call(t, map[string]any{"args": []any{"--connect-timeout", "0.2", "https://" + addr + "/"}})
	assertInOrder(t, res.Text, "the connect time limit fired (set by --connect-timeout 0.2 in args;", "raise it in args: --connect-timeout 30")
}

func TestConnectionRefused(t *testing.T) {
	e := newEnv(t)
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	res := e.call(t, map[string]any{"url": "http://" + addr + "/x"})
	want := "net_curl failed: GET http://" + addr + "/x: connection refused: nothing is listening on " + addr +
		" (dial tcp " + addr + ": connect: connection refused). Check the host and port (and http:// against https://), or start the server first.\nYou passed:"
	if !res.IsError || !strings.HasPrefix(res.Text, want) {
		t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
	}
}

func TestDownloadCap(t *testing.T) {
	e := newEnv(t, withNet(func(c *f0net.Config) { c.MaxDownload = 1000 }))
	cases := []struct {
		name string
		args map[string]any
		want string
	}{
		{"by Content-Length", map[string]any{"url": e.url + "/big?n=5000"},
			"GET " + e.url + "/big?n=5000: the response body is larger than the download limit of 1000 B (--net-max-download); the call stopped reading it.\n" +
				"Ask for part of it with a Range header (-r 0-999, or headers {\"Range\": \"bytes=0-999\"}); the operator can raise --net-max-download."},
		{"while streaming to a file", map[string]any{"url": e.url + "/nolength?n=50000", "output": "dl/big.bin"},
			"GET " + e.url + "/nolength?n=50000: the response body is larger than the download limit of 1000 B (--net-max-download); nothing was saved."},
		{"--max-filesize", map[string]any{"args": []any{"--max-filesize", "100", "-o", "x.txt", e.url + "/big?n=500"}},
			"GET " + e.url + "/big?n=500: the response body is larger than the download limit of 100 B (--max-filesize); nothing was saved.\nRaise --max-filesize in args, or drop it."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.args)
			if !res.IsError || !strings.HasPrefix(res.Text, c.want) {
				t.Fatalf("got:\n%s\nwant:\n%s", res.Text, c.want)
			}
		})
	}
	t.Run("the range hint stops at 1 MiB", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *f0net.Config) { c.MaxDownload = 2 << 20 }))
		res := e.call(t, map[string]any{"url": e.url + "/big?n=3000000"})
		assertInOrder(t, res.Text, "larger than the download limit of 2.0 MB", `(-r 0-1048575, or headers {"Range": "bytes=0-1048575"})`)
	})
	t.Run("the range hint fits the limit, and works", func(t *testing.T) {
		e := newEnv(t, withNet(func(c *f0net.Config) { c.MaxDownload = 50000 }))
		e.srv.Config.Handler.(*http.ServeMux).HandleFunc("/ranged", func(w http.ResponseWriter, r *http.Request) {
			http.ServeContent(w, r, "big.txt", time.Time{}, strings.NewReader(string(bigText(200000))))
		})
		res := e.call(t, map[string]any{"url": e.url + "/ranged"})
		assertInOrder(t, res.Text, `(-r 0-49999, or headers {"Range": "bytes=0-49999"})`)
		res = e.call(t, map[string]any{"args": []any{"-r", "0-49999", e.url + "/ranged"}})
		if res.IsError {
			t.Fatalf("the suggested range fails:\n%s", res.Text)
		}
		assertInOrder(t, res.Text, "206 Partial Content")
	})
	var left []string
	filepath.Walk(e.dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			left = append(left, p)
		}
		return nil
	})
	if len(left) > 0 {
		t.Fatalf("files left behind: %v", left)
	}
}

func TestOutput(t *testing.T) {
	e := newEnv(t)
	sum := sha256.Sum256(pngBytes)
	sha := hex.EncodeToString(sum[:])
	t.Run("output", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/png", "output": "img/deep/logo.png"})
		want := "200 OK · image/png · 1016 B · T\nsaved 1,016 bytes (image/png) to img/deep/logo.png · sha256 " + sha
		if got := stripTime(res.Text); res.IsError || got != want {
			t.Fatalf("got:\n%s\nwant:\n%s", got, want)
		}
		data, err := os.ReadFile(filepath.Join(e.dir, "img/deep/logo.png"))
		if err != nil || string(data) != string(pngBytes) {
			t.Fatalf("file: %v", err)
		}
	})
	t.Run("-o overwrites atomically", func(t *testing.T) {
		os.WriteFile(filepath.Join(e.dir, "page.txt"), []byte("old"), 0o600)
		res := e.call(t, map[string]any{"args": []any{"-sSo", "page.txt", e.url + "/text"}})
		if res.IsError {
			t.Fatal(res.Text)
		}
		data, _ := os.ReadFile(filepath.Join(e.dir, "page.txt"))
		info, _ := os.Stat(filepath.Join(e.dir, "page.txt"))
		if string(data) != "hello\n" || info.Mode().Perm() != 0o600 {
			t.Fatalf("content %q mode %v", data, info.Mode())
		}
	})
	t.Run("-O and --output-dir", func(t *testing.T) {
		res := e.call(t, map[string]any{"args": []any{"-O", "--output-dir", "reports", e.url + "/files/r.pdf"}})
		assertInOrder(t, res.Text, "saved 15 bytes (application/pdf) to reports/r.pdf")
		if _, err := os.Stat(filepath.Join(e.dir, "reports/r.pdf")); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("one -o per URL", func(t *testing.T) {
		res := e.call(t, map[string]any{"args": []any{"-o", "a.txt", "-o", "b.txt", e.url + "/text", e.url + "/nodate"}})
		assertInOrder(t, res.Text, "[1/2]", "to a.txt", "[2/2]", "to b.txt")
		b, _ := os.ReadFile(filepath.Join(e.dir, "b.txt"))
		if string(b) != "fixed\n" {
			t.Fatalf("b.txt = %q", b)
		}
	})
	t.Run("mismatched -o count", func(t *testing.T) {
		res := e.call(t, map[string]any{"args": []any{"-o", "a.txt", "-o", "b.txt", e.url + "/text"}})
		assertInOrder(t, res.Text, `net_curl: "output": 2 output files for 1 URL. Give one -o per URL`)
	})
	t.Run("-O without a name", func(t *testing.T) {
		res := e.call(t, map[string]any{"args": []any{"-O", e.url + "/"}})
		assertInOrder(t, res.Text, `net_curl: "remoteName": `+e.url+`/ has no file name at the end of its path. Name the file with output (-o FILE).`)
	})
	t.Run("-o - returns the body, with read access", func(t *testing.T) {
		e := newEnv(t, withAccess(tools.Read))
		for _, args := range []map[string]any{
			{"args": []any{"-s", "-o", "-", e.url + "/text"}},
			{"args": "-so - " + e.url + "/text"},
			{"url": e.url + "/text", "output": "-"},
		} {
			res := e.call(t, args)
			if got := stripTime(res.Text); res.IsError || got != "200 OK · text/plain; charset=utf-8 · 6 B · T\nhello" {
				t.Fatalf("%v:\n%s", args, res.Text)
			}
		}
		if _, err := os.Stat(filepath.Join(e.dir, "-")); !os.IsNotExist(err) {
			t.Fatalf("a file named - was written: %v", err)
		}
		res := e.call(t, map[string]any{"args": []any{"-o", "-", "-o", "b.txt", e.url + "/text", e.url + "/nodate"}})
		assertInOrder(t, res.Text, `access denied: this call needs "write" access (it saves the body to a file)`)
	})
	t.Run("--fail-with-body saves the body and fails", func(t *testing.T) {
		res := e.call(t, map[string]any{"args": []any{"--fail-with-body", "-o", "kept.txt", e.url + "/status/404"}})
		if !res.IsError {
			t.Fatal(res.Text)
		}
		assertInOrder(t, stripTime(res.Text), "404 Not Found · text/plain · 16 B · T\n"+
			"failed: the server answered 404 Not Found, and --fail-with-body makes a status of 400 or more an error (the body is kept)\n"+
			"saved 16 bytes (text/plain) to kept.txt")
		if data, _ := os.ReadFile(filepath.Join(e.dir, "kept.txt")); string(data) != "status 404 body\n" {
			t.Fatalf("kept.txt = %q", data)
		}
	})
	t.Run("-f does not save an error page", func(t *testing.T) {
		res := e.call(t, map[string]any{"args": []any{"-f", "-o", "err.txt", e.url + "/status/404"}})
		if !res.IsError {
			t.Fatal(res.Text)
		}
		if _, err := os.Stat(filepath.Join(e.dir, "err.txt")); !os.IsNotExist(err) {
			t.Fatalf("err.txt exists: %v", err)
		}
	})
	t.Run("output is a directory", func(t *testing.T) {
		os.Mkdir(filepath.Join(e.dir, "adir"), 0o755)
		res := e.call(t, map[string]any{"url": e.url + "/text", "output": "adir"})
		assertInOrder(t, res.Text, "net_curl failed: GET "+e.url+"/text: write adir: it is a directory")
	})
}

func TestProgress(t *testing.T) {
	e := newEnv(t)
	type report struct {
		done, total float64
		msg         string
	}
	var mu sync.Mutex
	var got []report
	ctx := tools.WithProgress(context.Background(), func(done, total float64, msg string) {
		mu.Lock()
		got = append(got, report{done, total, msg})
		mu.Unlock()
	})
	res := e.p.Call(ctx, "net_curl", map[string]any{"url": e.url + "/big?n=300000&type=application/octet-stream", "output": "big.bin"})
	if res.IsError {
		t.Fatal(res.Text)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) == 0 {
		t.Fatal("no progress reported")
	}
	last := got[len(got)-1]
	if last.done != 300000 || last.total != 300000 || last.msg != "downloaded 293 KB of 293 KB" {
		t.Fatalf("last report %+v", last)
	}
	for i := 1; i < len(got); i++ {
		if got[i].done < got[i-1].done {
			t.Fatalf("progress went back: %+v", got)
		}
	}
}

func TestPaging(t *testing.T) {
	e := newEnv(t, withBudget(4096))
	const size = 20000
	full := string(bigText(size))
	footer := regexp.MustCompile(`(?m)^Get the rest: net_curl (\{.*\})$`)
	for _, mode := range []map[string]any{
		{"url": e.url + fmt.Sprintf("/big?n=%d", size)},
		{"args": []any{"-s", e.url + fmt.Sprintf("/big?n=%d", size)}},
	} {
		var b strings.Builder
		args := mode
		for i := 0; i < 20; i++ {
			res := e.call(t, args)
			if res.IsError {
				t.Fatal(res.Text)
			}
			body := res.Sections.Body
			m := footer.FindStringSubmatch(res.Text)
			if m == nil {
				b.WriteString(body)
				break
			}
			b.WriteString(body)
			if !strings.HasSuffix(body, "\n") && strings.HasSuffix(full[:b.Len()+1], "\n") {
				b.WriteString("\n") // the pipeline trims the newline a cut ends on
			}
			args = map[string]any{}
			if err := json.Unmarshal([]byte(m[1]), &args); err != nil {
				t.Fatal(err)
			}
		}
		if b.String() != strings.TrimSuffix(full, "\n") {
			t.Fatalf("pages do not add up to the body: got %d bytes, want %d", b.Len(), len(full))
		}
	}
	t.Run("offset past the end", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/text", "offset": 100})
		assertInOrder(t, res.Text, "200 OK", "note: offset 100 is at or past the end of the body (6 bytes as shown); there is nothing more")
	})
	t.Run("HTML cut suggests markdown and output", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/big?n=10000&type=text/html"})
		assertInOrder(t, res.Text,
			`note: this is an HTML page; as markdown it is readable and usually much shorter: net_curl {"format":"markdown","url":"`,
			`note: to keep the whole body (9.8 KB), save it to a file: net_curl {"output":"download.html","url":"`,
			"… [truncated: showed", "Get the rest: net_curl {\"offset\":")
	})
	t.Run("-i headers and paging", func(t *testing.T) {
		res := e.call(t, map[string]any{"args": []any{"-i", e.url + "/big?n=10000"}})
		m := footer.FindStringSubmatch(res.Text)
		if m == nil {
			t.Fatal(res.Text)
		}
		var next map[string]any
		json.Unmarshal([]byte(m[1]), &next)
		shown := len(res.Sections.Body) - len(res.Sections.Body[:strings.Index(res.Sections.Body, "\n\n")+2])
		if off := int(next["offset"].(float64)); off < shown || off > shown+1 {
			t.Fatalf("offset %d, body shown %d", off, shown)
		}
	})
}

func TestSeveralURLs(t *testing.T) {
	e := newEnv(t, withBudget(3000))
	res := e.call(t, map[string]any{"urls": []any{e.url + "/text", e.url + "/big?n=5000", e.url + "/status/404"}})
	if res.IsError {
		t.Fatal(res.Text)
	}
	assertInOrder(t, stripTime(res.Text),
		"── [1/3] "+e.url+"/text\n200 OK · text/plain; charset=utf-8 · 6 B · T\nhello\n",
		"── [2/3] "+e.url+"/big?n=5000\n200 OK · text/plain; charset=utf-8 · 4.9 KB · T\nline 00000",
		"… [truncated: showed", `Rest: net_curl {"offset":`, `"url":"`+e.url+`/big?n=5000"}`,
		"── [3/3] "+e.url+"/status/404\n404 Not Found")
	if len(res.Text) > 3000 {
		t.Fatalf("answer of %d bytes is over the budget", len(res.Text))
	}
	t.Run("curl-style with a failing URL", func(t *testing.T) {
		ln, _ := net.Listen("tcp", "127.0.0.1:0")
		dead := "http://" + ln.Addr().String() + "/"
		ln.Close()
		res := e.call(t, map[string]any{"args": []any{"-sf", e.url + "/text", dead, e.url + "/status/500"}})
		if !res.IsError {
			t.Fatal(res.Text)
		}
		assertInOrder(t, res.Text, "[1/3]", "hello", "[2/3] "+dead, "failed: GET "+dead+": connection refused: nothing is listening on", "[3/3]",
			"failed: the server answered 500 Internal Server Error")
	})
	t.Run("rest of one URL in curl-style", func(t *testing.T) {
		res := e.call(t, map[string]any{"args": []any{"-s", e.url + "/big?n=5000", e.url + "/text"}})
		assertInOrder(t, res.Text, `Rest: net_curl {"args":["-s"],"offset":`, `"url":"`+e.url+`/big?n=5000"}`)
	})
}

func TestTLS(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "proto %s\n", r.Proto)
	}))
	srv.EnableHTTP2 = true
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake is expected
	srv.StartTLS()
	t.Cleanup(srv.Close)
	p, _ := newPipeline(t, withAccess(tools.Admin))
	res := p.Call(context.Background(), "net_curl", map[string]any{"url": srv.URL})
	if !res.IsError || !strings.Contains(res.Text, "certificate") {
		t.Fatalf("an unknown certificate was accepted:\n%s", res.Text)
	}
	suggest := `net_curl {"insecure":true,"url":"` + srv.URL + `"}`
	assertInOrder(t, res.Text, "net_curl failed: GET "+srv.URL+": TLS certificate verification failed (",
		"). If you trust this host, insecure: true (curl -k) skips verification; it needs admin access: "+suggest+"\n")
	if res := p.Call(context.Background(), "net_curl", map[string]any{"url": srv.URL, "insecure": true}); res.IsError {
		t.Fatalf("the suggested call fails:\n%s", res.Text)
	}
	res = p.Call(context.Background(), "net_curl", map[string]any{"args": []any{"-ski", srv.URL}})
	if res.IsError {
		t.Fatal(res.Text)
	}
	assertInOrder(t, res.Text, "200 OK", "HTTP/2 200 \ncontent-length: 15", "proto HTTP/2.0")
	res = p.Call(context.Background(), "net_curl", map[string]any{"url": srv.URL, "insecure": true, "writeOut": "%{http_version} %{scheme}"})
	if res.IsError {
		t.Fatal(res.Text)
	}
	assertInOrder(t, res.Text, "proto HTTP/2.0", "2 https")
}

func TestHeadIgnoresTheCap(t *testing.T) {
	e := newEnv(t, withNet(func(c *f0net.Config) { c.MaxDownload = 1000 }))
	res := e.call(t, map[string]any{"args": []any{"-I", e.url + "/big?n=5000"}})
	if res.IsError {
		t.Fatal(res.Text)
	}
	assertInOrder(t, res.Text, "200 OK · text/plain; charset=utf-8 · no body (HEAD), Content-Length 5000")
}

func TestSuggestionsNameOneURL(t *testing.T) {
	e := newEnv(t)
	res := e.call(t, map[string]any{"urls": []any{e.url + "/text", e.url + "/png"}})
	assertInOrder(t, res.Text, "[2/2]", "binary body omitted: image/png",
		`Get it as base64: net_curl {"base64":true,"url":"`+e.url+`/png"}`,
		`Save it to a file: net_curl {"output":"download.png","url":"`+e.url+`/png"}`)
}

func TestWriteOutSurvivesACut(t *testing.T) {
	e := newEnv(t, withBudget(2048))
	res := e.call(t, map[string]any{"args": []any{"-w", `%{http_code} %{size_download}\n`, e.url + "/big?n=10000"}})
	if res.IsError {
		t.Fatal(res.Text)
	}
	head := res.Sections.Head
	if !strings.HasSuffix(head, "\n200 10000") {
		t.Fatalf("the -w output is not in the head:\n%s", head)
	}
	assertInOrder(t, res.Text, "Get the rest:")
}
