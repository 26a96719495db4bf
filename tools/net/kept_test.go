package net

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"f0/engine"
	"f0/tool"
)

// orders is a loopback server that counts the requests it answers: POST
// /orders places an order whose answer names it (a body that differs from
// one request to the next), and GET /doc serves a document whose version
// the test changes.
type orders struct {
	srv     *httptest.Server
	posts   atomic.Int32
	gets    atomic.Int32
	version atomic.Int32
	size    int
}

func newOrders(t *testing.T, size int) *orders {
	t.Helper()
	o := &orders{size: size}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /orders", func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		n := o.posts.Add(1)
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, o.body(fmt.Sprintf("order %d", n)))
	})
	mux.HandleFunc("POST /image", func(w http.ResponseWriter, r *http.Request) {
		o.posts.Add(1)
		w.Header().Set("Content-Type", "image/png")
		w.Write(pngBytes)
	})
	mux.HandleFunc("GET /doc", func(w http.ResponseWriter, r *http.Request) {
		o.gets.Add(1)
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, o.body(fmt.Sprintf("version %d", o.version.Load())))
	})
	o.srv = httptest.NewServer(mux)
	t.Cleanup(o.srv.Close)
	return o
}

// body is what the server answers for what: numbered lines naming it.
func (o *orders) body(what string) string {
	var b strings.Builder
	for i := 0; b.Len() < o.size; i++ {
		fmt.Fprintf(&b, "%s line %05d\n", what, i)
	}
	return b.String()
}

var restCall = regexp.MustCompile(`(?m)^Get the rest: net_curl (\{.*\})$`)

// follow calls args, then every "Get the rest" call its answers name,
// and returns the bodies shown, joined, and the last answer.
func follow(t *testing.T, p *engine.Host, args map[string]any) (string, tool.Result) {
	t.Helper()
	got, answers := followOn(t, []*engine.Host{p}, args)
	return got, answers[len(answers)-1]
}

// followOn is follow with each call on the next of ps in turn (instances
// behind a load balancer); it returns every answer, up to the first error.
func followOn(t *testing.T, ps []*engine.Host, args map[string]any) (string, []tool.Result) {
	t.Helper()
	var b strings.Builder
	var answers []tool.Result
	for i := range 100 {
		res := ps[i%len(ps)].Call(context.Background(), "net_curl", args)
		answers = append(answers, res)
		if res.IsError {
			return b.String(), answers
		}
		b.WriteString(res.Sections.Body)
		m := restCall.FindStringSubmatch(res.Text)
		if m == nil {
			return b.String(), answers
		}
		if !strings.HasSuffix(res.Sections.Body, "\n") {
			b.WriteString("\n") // the pipeline trims the newline a cut ends on
		}
		args = map[string]any{}
		if err := json.Unmarshal([]byte(m[1]), &args); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("more than 100 pages")
	return "", nil
}

// firstPage calls args and returns the answer and its "Get the rest" call.
func firstPage(t *testing.T, p *engine.Host, args map[string]any) (tool.Result, map[string]any) {
	t.Helper()
	res := p.Call(context.Background(), "net_curl", args)
	m := restCall.FindStringSubmatch(res.Text)
	if res.IsError || m == nil {
		t.Fatalf("no footer:\n%s", res.Text)
	}
	var next map[string]any
	if err := json.Unmarshal([]byte(m[1]), &next); err != nil {
		t.Fatal(err)
	}
	return res, next
}

func TestPOSTContinuationReadsTheKeptCopy(t *testing.T) {
	o := newOrders(t, 20000)
	p, _ := newPipeline(t, withBudget(4096))
	for _, args := range []map[string]any{
		{"url": o.srv.URL + "/orders", "method": "POST", "json": `{"item": "widget"}`},
		{"args": "-s -X POST -d item=widget " + o.srv.URL + "/orders"},
	} {
		before := o.posts.Load()
		got, last := follow(t, p, args)
		if n := o.posts.Load() - before; n != 1 {
			t.Fatalf("%d POSTs sent for one call and its pages; want 1", n)
		}
		if want := o.body(fmt.Sprintf("order %d", before+1)); got != want {
			t.Fatalf("the pages are not the first response's body: got %d bytes, want %d\n%s", len(got), len(want), last.Text)
		}
		assertInOrder(t, last.Text, "200 OK", "\n(from the kept copy of the response received at ", ": the request was not sent again)\n")
	}
}

func TestPOSTSavedFromTheKeptCopy(t *testing.T) {
	o := newOrders(t, 20000)
	p, dir := newPipeline(t, withBudget(4096))
	res := p.Call(context.Background(), "net_curl", map[string]any{"url": o.srv.URL + "/orders", "method": "POST", "data": "x"})
	m := regexp.MustCompile(`save it to a file: net_curl (\{.*\})`).FindStringSubmatch(res.Text)
	if m == nil {
		t.Fatal(res.Text)
	}
	var save map[string]any
	json.Unmarshal([]byte(m[1]), &save)
	if _, ok := save["response"]; !ok {
		t.Fatalf("the save call does not name the kept response: %s", m[1])
	}
	res = p.Call(context.Background(), "net_curl", save)
	if res.IsError {
		t.Fatal(res.Text)
	}
	data, err := os.ReadFile(filepath.Join(dir, save["output"].(string)))
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != o.body("order 1") {
		t.Fatalf("saved %d bytes that are not the first response", len(data))
	}
	if n := o.posts.Load(); n != 1 {
		t.Fatalf("%d POSTs sent; want 1", n)
	}
}

func TestPOSTCopyGoneIsNotSentAgain(t *testing.T) {
	o := newOrders(t, 20000)
	first, _ := newPipeline(t, withBudget(4096))
	_, next := firstPage(t, first, map[string]any{"url": o.srv.URL + "/orders", "method": "POST", "data": "item=widget"})
	// Another instance (a restart, or another server behind a load
	// balancer) gets the continuation.
	other, _ := newPipeline(t, withBudget(4096))
	res := other.Call(context.Background(), "net_curl", next)
	if !res.IsError {
		t.Fatalf("not an error:\n%s", res.Text)
	}
	tok := next["response"].(string)
	want := fmt.Sprintf("POST %s/orders: the rest of this response cannot be shown: the kept copy %s is gone: this server never made it: f0 restarted since that answer, or another instance of it (behind a load balancer) gave it.\n", o.srv.URL, tok) +
		"f0 does not send a POST again to page through its answer: a second request could do again what the first one did (a second order, a second write).\n" +
		fmt.Sprintf(`Sending it again is up to you (it will run again on the server); to get its whole response then, save it to a file: net_curl {"data":"item=widget","method":"POST","output":"download.bin","url":"%s/orders"}`, o.srv.URL)
	if res.Text != want {
		t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
	}
	if n := o.posts.Load(); n != 1 {
		t.Fatalf("%d POSTs sent; want 1 (the continuation sent one)", n)
	}
}

func TestPOSTTooLargeToKeepHasNoContinuation(t *testing.T) {
	o := newOrders(t, 20000)
	p, _ := newPipeline(t, withBudget(4096), withKeep(engine.KeepLimits{Bytes: 16 << 10}))
	res := p.Call(context.Background(), "net_curl", map[string]any{"url": o.srv.URL + "/orders", "method": "POST", "data": "x"})
	if res.IsError || strings.Contains(res.Text, "Get the rest") {
		t.Fatalf("want a first page without a continuation:\n%s", res.Text)
	}
	assertInOrder(t, res.Text, "order 1 line 00000", "… [truncated: showed",
		"The rest is not shown: f0 did not keep a copy of it (the answer is larger than the 8.0 KB f0 keeps of one answer), and f0 does not send a POST again to page through its answer. "+
			`To get the whole response the next time you send it (it runs again on the server), save it to a file: net_curl {"data":"x","method":"POST","output":"download.txt","url":"`+o.srv.URL+`/orders"}`)
	if strings.Contains(res.Text, "note: to keep the whole body") {
		t.Fatalf("a note suggests sending the POST again:\n%s", res.Text)
	}
}

func TestGETChangedBetweenPages(t *testing.T) {
	o := newOrders(t, 20000)
	doc := map[string]any{"url": o.srv.URL + "/doc"}
	t.Run("copy kept: the same response goes on", func(t *testing.T) {
		p, _ := newPipeline(t, withBudget(4096))
		o.version.Store(1)
		before := o.gets.Load()
		first, next := firstPage(t, p, doc)
		o.version.Store(2)
		rest, _ := follow(t, p, next)
		got := strings.TrimSuffix(first.Sections.Body, "\n") + "\n" + rest
		if want := o.body("version 1"); got != want {
			t.Fatalf("the pages are not version 1: got %d bytes, want %d", len(got), len(want))
		}
		if n := o.gets.Load() - before; n != 1 {
			t.Fatalf("%d GETs; want 1", n)
		}
	})
	t.Run("copy gone, resource changed: says so", func(t *testing.T) {
		p, _ := newPipeline(t, withBudget(4096), withKeep(engine.KeepLimits{Count: 1}))
		o.version.Store(3)
		_, next := firstPage(t, p, doc)
		firstPage(t, p, map[string]any{"url": o.srv.URL + "/orders", "method": "POST", "data": "x"}) // takes the one place
		o.version.Store(4)
		before := o.gets.Load()
		res := p.Call(context.Background(), "net_curl", next)
		if !res.IsError {
			t.Fatalf("not an error:\n%s", res.Text)
		}
		tok, _ := tool.ParseCopyToken(next["response"].(string))
		assertInOrder(t, res.Text,
			fmt.Sprintf("GET %s/doc: the response changed since the first page: the kept copy %s is gone: it was dropped to make room for newer copies (f0 keeps 1 at once); the GET was sent again, and its body (20 KB, sha256 ", o.srv.URL, tok),
			fmt.Sprintf("…) is not the one the first pages came from (sha256 %s…).\nThe pages you have are of the earlier response; a page of this one would not continue them. ", tok.Sum),
			`Read the new response from its start (kept, so it is not requested again): net_curl {"response":"r-`, `","url":"`+o.srv.URL+`/doc"}`)
		if n := o.gets.Load() - before; n != 1 {
			t.Fatalf("%d GETs; want 1", n)
		}
		m := regexp.MustCompile(`not requested again\): net_curl (\{.*\})`).FindStringSubmatch(res.Text)
		var again map[string]any
		json.Unmarshal([]byte(m[1]), &again)
		got, _ := follow(t, p, again)
		if want := o.body("version 4"); got != want {
			t.Fatalf("reading the new response again does not give version 4: got %d bytes, want %d", len(got), len(want))
		}
		if n := o.gets.Load() - before; n != 1 {
			t.Fatalf("%d GETs; want 1", n)
		}
	})
	t.Run("copy gone, resource the same: continues", func(t *testing.T) {
		p, _ := newPipeline(t, withBudget(4096))
		o.version.Store(5)
		first, next := firstPage(t, p, doc)
		other, _ := newPipeline(t, withBudget(4096))
		res := other.Call(context.Background(), "net_curl", next)
		if res.IsError {
			t.Fatal(res.Text)
		}
		assertInOrder(t, res.Text, "note: the kept copy "+next["response"].(string)+" is gone: this server never made it",
			"; the GET was sent again, and its body is the same as the first response's (sha256 ")
		rest, _ := follow(t, other, next)
		got := strings.TrimSuffix(first.Sections.Body, "\n") + "\n" + rest
		if want := o.body("version 5"); got != want {
			t.Fatalf("the pages are not version 5: got %d bytes, want %d", len(got), len(want))
		}
	})
}

func TestResponseOfAnotherRequest(t *testing.T) {
	o := newOrders(t, 20000)
	p, _ := newPipeline(t, withBudget(4096))
	_, next := firstPage(t, p, map[string]any{"url": o.srv.URL + "/orders", "method": "POST", "data": "a"})
	next["data"] = "b"
	res := p.Call(context.Background(), "net_curl", next)
	assertInOrder(t, res.Text, fmt.Sprintf(`net_curl: "response": %s is the kept response to another request (POST %s/orders); this call is POST %s/orders with other details. Continue a response with the call its footer names, or drop "response" to send this request.`, next["response"], o.srv.URL, o.srv.URL))
	res = p.Call(context.Background(), "net_curl", map[string]any{"url": o.srv.URL + "/doc", "response": "r-12"})
	assertInOrder(t, res.Text, `net_curl: "response": "r-12" is not the name of a kept response: the footer of a cut body writes it as r-, 12 hex digits, -, 16 hex digits (e.g. r-7f3a9c2b7d4e-5e2a9c01d3b7f0aa). Copy it from the footer, or drop "response" to send the request.`)
	if n := o.posts.Load(); n != 1 {
		t.Fatalf("%d POSTs; want 1", n)
	}
}

func TestLargeCopySpillsToItsOwnDirectory(t *testing.T) {
	o := newOrders(t, 3<<20)
	parent := t.TempDir()
	p, root := newPipeline(t, withKeep(engine.KeepLimits{Dir: parent}))
	res, next := firstPage(t, p, map[string]any{"url": o.srv.URL + "/orders", "method": "POST", "data": "x"})
	dirs, _ := filepath.Glob(filepath.Join(parent, "f0-kept-*"))
	if len(dirs) != 1 {
		t.Fatalf("private directories: %v", dirs)
	}
	if info, err := os.Stat(dirs[0]); err != nil || info.Mode().Perm() != 0o700 {
		t.Fatalf("private directory %s: %v, %v", dirs[0], info.Mode(), err)
	}
	if entries, _ := os.ReadDir(root); len(entries) != 0 {
		t.Fatalf("the roots hold %v", entries)
	}
	next["offset"] = json.Number(fmt.Sprint(3<<20 - 1000))
	last := p.Call(context.Background(), "net_curl", next)
	if last.IsError || !strings.HasSuffix(strings.TrimSuffix(o.body("order 1"), "\n"), strings.TrimSuffix(last.Sections.Body, "\n")) {
		t.Fatalf("the end of the body from the file:\n%s\nfirst page:\n%s", last.Text, res.Text[:200])
	}
	if n := o.posts.Load(); n != 1 {
		t.Fatalf("%d POSTs; want 1", n)
	}
	p.Close()
	if _, err := os.Stat(dirs[0]); !os.IsNotExist(err) {
		t.Fatalf("the private directory is still there after Close: %v", err)
	}
}

func TestPOSTBinaryBodyIsSavedFromTheKeptCopy(t *testing.T) {
	o := newOrders(t, 100)
	p, dir := newPipeline(t)
	res := p.Call(context.Background(), "net_curl", map[string]any{"url": o.srv.URL + "/image", "method": "POST", "data": "x"})
	m := regexp.MustCompile(`Save it to a file: net_curl (\{.*\})`).FindStringSubmatch(res.Text)
	if m == nil || !strings.Contains(m[1], `"response":"r-`) {
		t.Fatalf("no save call reading the kept copy:\n%s", res.Text)
	}
	var save map[string]any
	json.Unmarshal([]byte(m[1]), &save)
	if res := p.Call(context.Background(), "net_curl", save); res.IsError {
		t.Fatal(res.Text)
	}
	if data, err := os.ReadFile(filepath.Join(dir, save["output"].(string))); err != nil || string(data) != string(pngBytes) {
		t.Fatalf("saved %d bytes, %v", len(data), err)
	}
	if n := o.posts.Load(); n != 1 {
		t.Fatalf("%d POSTs; want 1", n)
	}
}
