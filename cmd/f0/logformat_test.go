package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestLogFormatJSON: serve --log-format json writes one JSON object a line
// on stderr; the call lines name the session, the client and the error.
func TestLogFormatJSON(t *testing.T) {
	dir := fsRoot(t)
	stdin := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"probe","version":"1.2"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fs_read","arguments":{"path":"nope.txt"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fs_read","arguments":{"path":"go.mod"}}}`,
	}, "\n") + "\n"
	r := f0(t, stdin, "serve", "--root", dir, "--log-format", "json")
	if r.code != exitOK {
		t.Fatalf("serve failed:\n%s", r)
	}
	var calls []map[string]any
	msgs := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(r.stderr), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("stderr line is not JSON: %v\n%s", err, line)
		}
		msgs[m["msg"].(string)] = true
		if m["msg"] == "call" {
			calls = append(calls, m)
		}
	}
	if !msgs["serving MCP over stdio"] || !msgs["session started"] || len(calls) != 2 {
		t.Fatalf("want the start, the session and two call lines:\n%s", r.stderr)
	}
	// The two calls run at once, so their lines come in either order.
	byOutcome := map[string]map[string]any{}
	for _, c := range calls {
		byOutcome[fmt.Sprint(c["outcome"])] = c
	}
	for _, outcome := range []string{"error", "ok"} {
		c := byOutcome[outcome]
		if c["session"] != "stdio" || c["client"] != "probe" || c["tool"] != "fs.read" || c["level"] != "INFO" {
			t.Errorf("the %s call: %v", outcome, c)
		}
	}
	if reason, _ := byOutcome["error"]["error"].(string); !strings.HasPrefix(reason, `fs_read: "path": read nope.txt: no such file or directory.`) {
		t.Errorf("error reason %q", reason)
	}
}

func TestLogFormatRefusesOthers(t *testing.T) {
	r := f0(t, "", "tools", "--log-format", "xml")
	if want := "f0: --log-format \"xml\": want text or json\nRun 'f0 --help' for usage.\n"; r.code != exitUsage || r.stderr != want {
		t.Fatalf("want exit 2 and %q\n%s", want, r)
	}
	t.Setenv("F0_LOG_FORMAT", "json")
	if r := f0(t, "", "serve", "--root", t.TempDir()); !strings.HasPrefix(r.stderr, `{"time":`) {
		t.Fatalf("F0_LOG_FORMAT=json:\n%s", r)
	}
}
