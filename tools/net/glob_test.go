package net

import (
	"strings"
	"testing"
)

func TestParseGlobExpands(t *testing.T) {
	tests := []struct {
		url  string
		want string // the URLs, then " | " and each URL's values
	}{
		{"http://h/page[1-3]", "http://h/page1 http://h/page2 http://h/page3"},
		{"http://h/{alpha,beta}", "http://h/alpha http://h/beta"},
		{"http://h/[1-9:4]", "http://h/1 http://h/5 http://h/9"},
		{"http://h/[a-c]", "http://h/a http://h/b http://h/c"},
		{"http://h/[a-e:2]", "http://h/a http://h/c http://h/e"},
		{"http://h/[08-10]", "http://h/08 http://h/09 http://h/10"},
		{"http://h/[001-003]", "http://h/001 http://h/002 http://h/003"},
		{"http://h/{a,b}[1-2]", "http://h/a1 http://h/a2 http://h/b1 http://h/b2"},
		{"http://h/[5-5]", "http://h/5"},
		{"http://h/{one}", "http://h/one"},
		{"http://h/{a,,b}", "http://h/a http://h/ http://h/b"},
		{`http://h/\[1-2\]`, "http://h/[1-2]"},
		{`http://h/{a\,b,c}`, "http://h/a,b http://h/c"},
		{"http://h/x?a[]=1", "http://h/x?a[]=1"},
		{"http://[::1]:8080/[1-2]", "http://[::1]:8080/1 http://[::1]:8080/2"},
		{"http://[fe80::1%25eth0]/", "http://[fe80::1%25eth0]/"},
		{"http://h/plain", "http://h/plain"},
	}
	for _, tc := range tests {
		g, err := parseGlob(tc.url)
		if err != nil {
			t.Errorf("%s: %v", tc.url, err)
			continue
		}
		var got []string
		for _, u := range g.expand() {
			got = append(got, u.url)
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.url, s, tc.want)
		}
	}
}

// TestParseGlobErrors pins curl 7.88.1's messages and positions (checked
// against the binary: `curl 'http://h/[3-1]'`).
func TestParseGlobErrors(t *testing.T) {
	tests := []struct {
		url, problem string
		pos          int
	}{
		{"http://127.0.0.1:18931/[3-1]", "bad range", 29},
		{"http://127.0.0.1:18931/[1-3", "bad range", 27},
		{"http://127.0.0.1:18931/[a-3]", "bad range", 29},
		{"http://127.0.0.1:18931/{a,b", "unmatched brace", 24},
		{"http://h/[1-2:0]", "bad range", 17},
		{"http://h/[1-5:9]", "bad range", 17},
		{"http://h/[a-Z]", "bad range", 15},
		{"http://h/[A-z]", "bad range", 15},
		{"http://h/[x]", "bad range", 11},
		{"http://h/[-1]", "bad range specification", 11},
		{"http://h/{}", "empty string within braces", 11},
		{"http://h/{a,{b}}", "nested brace", 13},
		{"http://h/{a]", "unexpected close bracket", 12},
		{"http://h/a}", "unmatched close brace/bracket", 11},
		{"http://h/a]", "unmatched close brace/bracket", 11},
		{"http://h/?filter[name]=x", "bad range", 18},
	}
	for _, tc := range tests {
		_, err := parseGlob(tc.url)
		ge, ok := err.(*globError)
		if !ok {
			t.Errorf("%s: error %v, want a globError", tc.url, err)
			continue
		}
		if ge.problem != tc.problem || ge.pos != tc.pos {
			t.Errorf("%s: %q at %d, want %q at %d", tc.url, ge.problem, ge.pos, tc.problem, tc.pos)
		}
	}
	_, err := parseGlob("http://127.0.0.1:18931/[3-1]")
	want := "bad range in URL position 29:\nhttp://127.0.0.1:18931/[3-1]\n" + strings.Repeat(" ", 28) + "^"
	if err.Error() != want {
		t.Errorf("message:\n%s\nwant:\n%s", err, want)
	}
	if _, err := parseGlob("http://h/[1-1000][1-1000]"); err == nil || !strings.Contains(err.Error(), "1000000 URLs") {
		t.Errorf("a huge glob: %v", err)
	}
}

func TestFillGlobName(t *testing.T) {
	tests := []struct {
		name   string
		values []string
		want   string
	}{
		{"page_#1.txt", []string{"3"}, "page_3.txt"},
		{"#1_#2.txt", []string{"a", "1"}, "a_1.txt"},
		{"#2.txt", []string{"a"}, "#2.txt"},
		{"#0#x#", []string{"a"}, "#0#x#"},
		{"#10", []string{"a"}, "#10"},
		{"plain", nil, "plain"},
	}
	for _, tc := range tests {
		if got := fillGlobName(tc.name, tc.values); got != tc.want {
			t.Errorf("fillGlobName(%q, %q) = %q, want %q", tc.name, tc.values, got, tc.want)
		}
	}
}
