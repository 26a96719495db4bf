package net

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"f0/engine"
	"f0/internal/kept/redisstore"
	"f0/internal/kept/redisstore/redistest"
	"f0/tool"
)

// sharedPipelines are n instances of f0 that share one real Valkey or
// Redis server for their kept copies.
func sharedPipelines(t *testing.T, n int, opts ...envOpt) ([]*engine.Host, string) {
	t.Helper()
	url := redistest.Start(t)
	shared, err := redisstore.Open(context.Background(), redisstore.Options{URL: url})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { shared.Close() })
	var ps []*engine.Host
	for range n {
		p, _ := newPipeline(t, append(opts, withKeep(engine.KeepLimits{Shared: shared}))...)
		ps = append(ps, p)
	}
	return ps, url
}

// followAcross is followOn, failing at an error.
func followAcross(t *testing.T, ps []*engine.Host, args map[string]any) (string, []tool.Result) {
	t.Helper()
	got, answers := followOn(t, ps, args)
	if last := answers[len(answers)-1]; last.IsError {
		t.Fatalf("page %d:\n%s", len(answers), last.Text)
	}
	return got, answers
}

func TestPOSTPagesAcrossInstancesThatShareAStore(t *testing.T) {
	o := newOrders(t, 40000)
	ps, url := sharedPipelines(t, 3, withBudget(4096))
	for _, args := range []map[string]any{
		{"url": o.srv.URL + "/orders", "method": "POST", "json": `{"item": "widget"}`},
		// -i shows the heads before each page's body, -v in the head.
		{"args": "-s -i -v -X POST -H 'Authorization: Bearer s3cret' -d item=widget " + o.srv.URL + "/orders"},
	} {
		before := o.posts.Load()
		_, answers := followAcross(t, ps, args)
		if n := o.posts.Load() - before; n != 1 {
			t.Fatalf("%d POSTs sent for one call and its pages; want 1", n)
		}
		if len(answers) < 4 {
			t.Fatalf("%d pages; want the answer spread over more than the instances", len(answers))
		}
		first := answers[0].Sections
		heads := first.Body[:strings.Index(first.Body, "order ")] // -i: the response's heads
		var got strings.Builder
		for i, res := range answers {
			body, ok := strings.CutPrefix(res.Sections.Body, heads)
			if !ok {
				t.Fatalf("page %d does not start with the heads of the first:\n%.300s", i+1, res.Sections.Body)
			}
			got.WriteString(body)
			if !strings.HasSuffix(body, "\n") {
				got.WriteString("\n")
			}
			if strings.Contains(res.Sections.Head+res.Sections.Body, "s3cret") {
				t.Fatalf("page %d shows the token:\n%s", i+1, res.Text)
			}
			if i == 0 {
				continue
			}
			// Every page read from the copy shows the first answer's head
			// again, as it was received.
			head := strings.Replace(res.Sections.Head, "\n"+replayLineFor(res), "", 1)
			if !strings.Contains(res.Sections.Head, ": the request was not sent again)") || !sameHead(head, first.Head) {
				t.Fatalf("page %d's head:\n%s\nthe first page's:\n%s", i+1, res.Sections.Head, first.Head)
			}
		}
		if want := o.body(fmt.Sprintf("order %d", before+1)); got.String() != want {
			t.Fatalf("the pages are not the first response's body: got %d bytes, want %d", got.Len(), len(want))
		}
	}
	assertNotStored(t, url, "s3cret")
}

// assertNotStored fails when a record in the store holds secret.
func assertNotStored(t *testing.T, url, secret string) {
	t.Helper()
	ro, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(ro)
	defer c.Close()
	ctx := context.Background()
	keys, err := c.Keys(ctx, "f0:{kept}:c:*").Result()
	if err != nil || len(keys) == 0 {
		t.Fatalf("no records in the store (%v)", err)
	}
	for _, k := range keys {
		if meta := c.HGet(ctx, k, "meta").Val(); strings.Contains(meta, secret) {
			t.Fatalf("the store holds the token in %s: %s", k, meta)
		}
	}
}

// replayLineFor is the line that says a page was read from the copy.
func replayLineFor(res tool.Result) string {
	i := strings.Index(res.Sections.Head, "(from the kept copy of the response received at ")
	if i < 0 {
		return ""
	}
	line, _, _ := strings.Cut(res.Sections.Head[i:], "\n")
	return line
}

// restAt is where the head says the next page starts.
var restAt = regexp.MustCompile(` · rest at offset=\d+ response="[^"]*"`)

// sameHead compares two heads but for the page's own position ("[from
// byte …]", "(from character …)", "rest at offset=…").
func sameHead(a, b string) bool {
	keep := func(h string) string {
		var lines []string
		for _, l := range strings.Split(restAt.ReplaceAllString(h, ""), "\n") {
			if !strings.HasPrefix(l, "[from byte ") && !strings.HasPrefix(l, "(from ") {
				lines = append(lines, l)
			}
		}
		return strings.Join(lines, "\n")
	}
	return keep(a) == keep(b)
}

func TestGETPagesAcrossInstancesFromOneResponse(t *testing.T) {
	o := newOrders(t, 40000)
	ps, _ := sharedPipelines(t, 2, withBudget(4096))
	got, _ := followAcross(t, ps, map[string]any{"url": o.srv.URL + "/doc"})
	if want := o.body("version 0"); got != want {
		t.Fatalf("got %d bytes, want %d", len(got), len(want))
	}
	if n := o.gets.Load(); n != 1 {
		t.Fatalf("%d GETs; want 1 (the pages read the shared copy)", n)
	}
}
