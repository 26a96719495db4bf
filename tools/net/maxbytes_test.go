package net

import (
	"regexp"
	"strings"
	"testing"
)

// responseRe matches the token of a kept response, for exact comparisons.
var responseRe = regexp.MustCompile(`r-[0-9a-f]+-[0-9a-f]+`)

// TestMaxBytesIsTheBody: maxBytes (a fetch server's max_length, fetcher-mcp's
// maxLength) bounds the body the caller gets; f0's status line, notes and
// footer come on top of it. A small maxBytes once left the status line all
// the room: "[head cut] … showed 0 of 102,336 bytes", an ok with no body.
func TestMaxBytesIsTheBody(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name string
		args map[string]any
		want string
	}{
		{"32 bytes from offset 64", map[string]any{"url": e.url + "/big?n=102336", "maxBytes": 32, "offset": 64}, "200 OK · text/plain; charset=utf-8 · 100 KB · T · rest at offset=90 response=\"R\"\n(from byte 64 of 102,336)\n ééé\nline 00004 ééé\nnote: to keep the whole body (100 KB), save it to a file: net_curl {\"maxBytes\":32,\"output\":\"download.txt\",\"response\":\"R\",\"url\":\"URL/big?n=102336\"}\n… [truncated: showed 26 of 102,272 bytes; 102,246 bytes left]\nGet the rest: net_curl {\"maxBytes\":32,\"offset\":90,\"response\":\"R\",\"url\":\"URL/big?n=102336\"}"},
		{"a body shorter than maxBytes", map[string]any{"url": e.url + "/text", "maxBytes": 32}, "200 OK · text/plain; charset=utf-8 · 6 B · T\nhello"},
		{"markdown of a page", map[string]any{"url": e.url + "/html", "maxBytes": 20, "format": "markdown"}, "200 OK · text/html; charset=utf-8 · 367 B · T · shown as markdown (117 B) · rest at offset=20 response=\"R\"\n# T\n\n# Hello world\nnote: to keep the whole body (367 B), save it to a file: net_curl {\"maxBytes\":20,\"output\":\"download.html\",\"response\":\"R\",\"url\":\"URL/html\"}\n… [truncated: showed 20 of 117 bytes; 97 bytes left]\nGet the rest: net_curl {\"format\":\"markdown\",\"maxBytes\":20,\"offset\":20,\"response\":\"R\",\"url\":\"URL/html\"}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.args)
			got := responseRe.ReplaceAllString(stripTime(res.Text), "R")
			got = strings.ReplaceAll(got, e.url, "URL")
			if res.IsError || got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
