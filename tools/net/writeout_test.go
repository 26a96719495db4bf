package net

import (
	"fmt"
	"strings"
	"testing"
)

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

func TestWriteOut(t *testing.T) {
	e := newEnv(t)
	cases := []callCase{
		{"http_code with -o /dev/null", map[string]any{"args": []any{"-s", "-o", "/dev/null", "-w", `%{http_code}\n`, e.url + "/status/204"}}, "body discarded (0 bytes, output /dev/null)\n204"},
		{"redirect facts", map[string]any{"args": []any{"-sL", "-o", "/dev/null", "-w", "%{response_code} %{num_redirects} %{url_effective} %{size_download} %{content_type} %{method} %{http_version} %{scheme} %{exitcode}", e.url + "/nodate-redirect"}},
			fmt.Sprintf("200 1 %s/nodate 6 text/plain GET 1.1 http 0", e.url)},
		{"redirect_url without -L", map[string]any{"args": []any{"-s", "-w", "%{redirect_url}|%{url}", e.url + "/nodate-redirect"}},
			fmt.Sprintf("%s/nodate|%s/nodate-redirect", e.url, e.url)},
		{"header, %% and escapes", map[string]any{"url": e.url + "/nodate", "writeOut": `\t%header{x-test} 100%%\\`}, "fixed\n\tyes 100%\\"},
		{"remote ip and port", map[string]any{"url": e.url + "/nodate", "writeOut": "%{remote_ip}:%{remote_port}"}, "fixed\n" + e.host},
	}
	e.runCalls(t, endsWith, cases)
	t.Run("times", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/nodate", "writeOut": "%{time_total} %{time_connect} %{time_starttransfer}"})
		last := res.Text[strings.LastIndex(res.Text, "fixed")+6:]
		var a, b, c float64
		if n, err := fmt.Sscanf(last, "%f %f %f", &a, &b, &c); n != 3 || err != nil || a <= 0 || c > a {
			t.Fatalf("times %q: %v", last, err)
		}
	})
	t.Run("json", func(t *testing.T) {
		res := e.call(t, map[string]any{"url": e.url + "/nodate", "writeOut": "%{json}"})
		if !strings.Contains(res.Text, `"http_code":"200"`) || !strings.Contains(res.Text, `"url_effective":"`+e.url+`/nodate"`) {
			t.Fatal(res.Text)
		}
	})
	t.Run("unknown variable", func(t *testing.T) {
		res := e.call(t, map[string]any{"args": []any{"-w", "%{http_cod}", e.url + "/nodate"}})
		want := `net_curl: "writeOut": -w '%{http_cod}' in args: unknown variable %{http_cod}; did you mean %{http_code}? Known: content_type, errormsg, exitcode,`
		if !res.IsError || !strings.HasPrefix(res.Text, want) {
			t.Fatalf("got:\n%s\nwant:\n%s", res.Text, want)
		}
	})
}
