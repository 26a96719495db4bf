package net

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	stdnet "net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"f0/internal/texttest"
	"f0/internal/tooltest"
	"f0/tool"
)

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
		link := tool.FileLink(filepath.Join(e.dir, "img/deep/logo.png"), "img/deep/logo.png", "image/png", 1016)
		if len(res.Links) != 1 || res.Links[0] != link {
			t.Errorf("links %+v, want %+v", res.Links, link)
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
		e := newEnv(t, withAccess(tool.Read))
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
			`note: this is an HTML page; as markdown it is readable and usually much shorter: net_curl {"format":"markdown","response":"r-`,
			`note: to keep the whole body (9.8 KB), save it to a file: net_curl {"output":"download.html","response":"r-`,
			"… [truncated: showed", "Get the rest: net_curl {\"offset\":", `"response":"r-`)
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
		ln, _ := stdnet.Listen("tcp", "127.0.0.1:0")
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

func TestSuggestionsNameOneURL(t *testing.T) {
	e := newEnv(t)
	res := e.call(t, map[string]any{"urls": []any{e.url + "/text", e.url + "/png"}})
	assertInOrder(t, res.Text, "[2/2]", "binary body omitted: image/png",
		`Get it as base64: net_curl {"base64":true,"url":"`+e.url+`/png"}`,
		`Save it to a file: net_curl {"output":"download.png","url":"`+e.url+`/png"}`)
}

// TestStartIndex: the fetch server's start_index is a character index into
// the text shown; net.curl starts there exactly, whatever the bytes of the
// characters before it, and its footer continues by byte offset.
func TestStartIndex(t *testing.T) {
	e := newEnv(t, withBudget(4096))
	t.Run("a character index, not a byte offset", func(t *testing.T) {
		// "café crème": character 5 is the c of crème, at byte 6.
		res := e.p.Call(context.Background(), "fetch", map[string]any{"url": e.url + "/latin1", "start_index": 5, "raw": true})
		assertInOrder(t, res.Text, "(from character 5, byte 6)", "crème", `ran net_curl (start_index → startIndex, raw true → format "raw", fail true)`)
	})
	t.Run("the footer continues by offset", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/big?n=20000", "startIndex": 100})
		m := regexp.MustCompile(`(?m)^Get the rest: net_curl (\{.*\})$`).FindStringSubmatch(res.Text)
		if m == nil {
			t.Fatalf("no footer:\n%s", res.Text)
		}
		var next map[string]any
		if err := json.Unmarshal([]byte(m[1]), &next); err != nil {
			t.Fatal(err)
		}
		if _, kept := next["startIndex"]; kept || next["offset"].(float64) <= 100 {
			t.Fatalf("the next call should page by offset alone, past 100: %s", m[1])
		}
	})
	t.Run("past the end", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/text", "startIndex": 100})
		assertInOrder(t, res.Text, "note: startIndex 100 is at or past the end of the text (6 characters as shown); there is nothing more")
	})
	t.Run("with offset", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/text", "startIndex": 1, "offset": 2})
		assertInOrder(t, res.Text, `net_curl: "startIndex": and offset were both given; startIndex counts characters of the shown text and offset bytes`)
	})
}

// pagedBody stitches a body back from the pages among answers: each shows
// the body from its "(from byte N of M)" line (after the line saying it
// comes from the kept copy) (or from the start) up to
// its notes or footer (an answer that saved the body shows none); the
// newlines a cut page does not show come back from where the next page
// starts.
func pagedBody(answers map[string]string, size int) []byte {
	from := regexp.MustCompile(`^\(from byte ([\d,]+) of `)
	body := make([]byte, size)
	for _, text := range answers {
		status, rest, _ := strings.Cut(text, "\n")
		if first, after, _ := strings.Cut(rest, "\n"); strings.HasPrefix(first, "(from the kept copy of the response") {
			rest = after // a page read from the kept copy says so first
		}
		if !strings.HasPrefix(status, "200 OK · text/plain") || strings.HasPrefix(rest, "saved ") {
			continue // another body, or the body saved to a file
		}
		offset := 0
		if first, after, _ := strings.Cut(rest, "\n"); from.MatchString(first) {
			offset, _ = strconv.Atoi(strings.ReplaceAll(from.FindStringSubmatch(first)[1], ",", ""))
			rest = after
		}
		for _, end := range []string{"\nnote: ", "\n… ["} {
			rest, _, _ = strings.Cut(rest, end)
		}
		copy(body[offset:], rest)
	}
	return bytes.ReplaceAll(body, []byte{0}, []byte{'\n'})
}

// TestEveryAdviceMakesProgress: for every client profile, a 90 KB binary
// body (omitted, and asked for as base64) and a 200 KB text body, both
// larger than any room: every call an answer prints, followed as a model
// copies it, gets a different answer and never the same advice again (pi
// once got "raise the budget" to a maxBytes its own cut never lets
// through), and what the calls give back is the whole body: pages of the
// text, the base64 when one answer can hold it, the files saved.
func TestEveryAdviceMakesProgress(t *testing.T) {
	bin := make([]byte, 90<<10)
	for i := range bin {
		bin[i] = byte(i * 7)
	}
	var text strings.Builder
	for i := 1; text.Len() < 200<<10; i++ {
		fmt.Fprintf(&text, "line %05d of a body longer than any room\n", i)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/big.bin" {
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Write(bin)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, text.String())
	}))
	defer srv.Close()
	for _, client := range tooltest.Clients() {
		t.Run("binary/"+client, func(t *testing.T) {
			for _, start := range []map[string]any{{"url": srv.URL + "/big.bin"}, {"url": srv.URL + "/big.bin", "base64": true}} {
				p, dir := newPipeline(t)
				answers := tooltest.Follow(t, p, client, texttest.Call{Name: "net_curl", Args: start})
				if saved, err := os.ReadFile(filepath.Join(dir, "big.bin")); err != nil || !bytes.Equal(saved, bin) {
					t.Fatalf("following the advice saved %d bytes (%v), not the body's %d", len(saved), err, len(bin))
				}
				for _, got := range answers {
					if _, b64, ok := strings.Cut(got, "\nbase64 of the body"); ok {
						_, b64, _ = strings.Cut(b64, "\n")
						if data, err := base64.StdEncoding.DecodeString(strings.TrimSpace(b64)); err != nil || !bytes.Equal(data, bin) {
							t.Fatalf("the base64 answer gives back %d bytes (%v), not the body's %d", len(data), err, len(bin))
						}
					}
				}
			}
		})
		t.Run("text/"+client, func(t *testing.T) {
			p, dir := newPipeline(t)
			answers := tooltest.Follow(t, p, client, texttest.Call{Name: "net_curl", Args: map[string]any{"url": srv.URL + "/big.txt"}})
			if got := pagedBody(answers, text.Len()); string(got) != text.String() {
				i := 0
				for i < len(got) && got[i] == text.String()[i] {
					i++
				}
				t.Fatalf("the pages give back another body (%d bytes), first difference at %d: %q", len(got), i, got[max(0, i-20):min(len(got), i+40)])
			}
			if saved, err := os.ReadFile(filepath.Join(dir, "big.txt")); err != nil || string(saved) != text.String() {
				t.Fatalf("following the advice saved %d bytes (%v), not the body's %d", len(saved), err, text.Len())
			}
		})
	}
}
