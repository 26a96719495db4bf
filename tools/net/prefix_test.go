package net

import (
	"context"
	"errors"
	stdnet "net"
	"strings"
	"sync/atomic"
	"testing"
)

// lookupCounter replaces the resolver every dial uses with one that
// counts the names it is asked for and answers none, for the test's
// length; the test must not run in parallel.
func lookupCounter(t *testing.T) *atomic.Int32 {
	t.Helper()
	var asked atomic.Int32
	saved := stdnet.DefaultResolver
	stdnet.DefaultResolver = &stdnet.Resolver{PreferGo: true, Dial: func(context.Context, string, string) (stdnet.Conn, error) {
		asked.Add(1)
		return nil, errors.New("the test allows no DNS lookup")
	}}
	t.Cleanup(func() { stdnet.DefaultResolver = saved })
	return &asked
}

// TestProgramsInFrontLookUpNoName checks that the words of a command line
// in front of the request (sudo, time, timeout 10, curl.exe, xh get,
// Invoke-RestMethod -Uri) make the request to the line's URL alone, and
// that no name is ever looked up for them: the resolver fails the test if
// asked. A control call to a name under .invalid (RFC 6761: never
// resolves; the test's resolver answers it without any query leaving the
// process) shows that the resolver would have been asked.
func TestProgramsInFrontLookUpNoName(t *testing.T) {
	e := newEnv(t)
	asked := lookupCounter(t)
	u := e.url + "/text"
	cases := []struct {
		args string
		note string
	}{
		{"sudo curl -s " + u, `note: read the line without "sudo" in front of curl (f0 makes the request itself)`},
		{"sudo -u www-data curl -s " + u, `note: read the line without "sudo -u www-data" in front of curl (f0 makes the request itself)`},
		{"time curl -s " + u, `note: read the line without "time" in front of curl (f0 makes the request itself)`},
		{"timeout 10 curl -s " + u, `note: read the line without "timeout 10" in front of curl (f0 makes the request itself; the time limit is curl's -m 10)`},
		{"env LANG=C nice -n 5 nohup curl -s " + u, `note: read the line without "env LANG=C nice -n 5 nohup" in front of curl (f0 makes the request itself; f0 sets no environment for it)`},
		{"stdbuf -oL command curl -s " + u, `note: read the line without "stdbuf -oL command" in front of curl (f0 makes the request itself)`},
		{"curl.exe -s " + u, "note: read curl.exe as curl"},
		{"xh get " + e.host + "/text", `note: read "xh get ` + e.host + `/text" as curl's words: ` + u},
		{"Invoke-RestMethod -Uri " + u, `note: read "Invoke-RestMethod -Uri ` + u + `" as curl's words: -L --max-redirs 5 ` + u + "\n" +
			"note: Invoke-RestMethod turns JSON into objects; f0 returns the body as it came"},
		{"iwr " + u + " -UseBasicParsing", `note: read "iwr ` + u + ` -UseBasicParsing" as curl's words: -L --max-redirs 5 ` + u},
	}
	for _, c := range cases {
		res := e.call(t, map[string]any{"args": c.args})
		if want := "200 OK · text/plain; charset=utf-8 · 6 B · T\nhello\n" + c.note; !isAnswer(res, want) {
			t.Errorf("%s:\n%s\nwant\n%s", c.args, res.Text, want)
		}
	}
	res := e.call(t, map[string]any{"args": "proxychains curl -s " + u})
	want := `"proxychains" and "curl" are not URLs (a bare word with no scheme, dot or port) beside the line's URL; f0 looks up no such name`
	if !res.IsError || !strings.Contains(res.Text, want) || !strings.Contains(res.Text, `The request alone: net_curl {"args":["-s","`+u+`"]}`) {
		t.Errorf("proxychains: got\n%s\nwant %q", res.Text, want)
	}
	if n := asked.Load(); n != 0 {
		t.Fatalf("%d DNS lookups were made; want none", n)
	}
	e.call(t, map[string]any{"args": "curl -s http://f0-test.invalid/"})
	if asked.Load() == 0 {
		t.Fatal("the control call to a made-up name asked the resolver nothing: the test cannot see lookups")
	}
}

// TestPowerShellWords reads web cmdlet lines as curl's words, and refuses
// what needs PowerShell itself naming the fix.
func TestPowerShellWords(t *testing.T) {
	const u = "http://127.0.0.1:9/a"
	cases := []struct{ line, want string }{
		{"Invoke-RestMethod " + u, "-L --max-redirs 5 " + u},
		{"irm -Uri " + u + " -Method DELETE", "-L --max-redirs 5 -X DELETE " + u},
		{"iwr " + u + " -MaximumRedirection 0 -TimeoutSec 5 -SkipCertificateCheck", "-m 5 -k " + u},
		{`Invoke-RestMethod -Uri ` + u + ` -Method Post -Body @{name="f0"; n=2}`, "-L --max-redirs 5 --data-urlencode name=f0 --data-urlencode n=2 " + u},
		{`Invoke-RestMethod -Uri ` + u + ` -Body @{q='a b'}`, "-L --max-redirs 5 -G --data-urlencode 'q=a b' " + u},
		{"Invoke-RestMethod -Uri " + u + " -Method Put -InFile 'data.json' -ContentType 'application/json'", "-L --max-redirs 5 -H 'Content-Type: application/json' --data-binary @data.json -X PUT " + u},
		{"Invoke-WebRequest -Uri " + u + " `\n  -OutFile out.bin", "-L --max-redirs 5 -o out.bin " + u},
		{"irm -Uri " + u + " -Body 'x=1'", `error: "args": irm's -Body without -Method is sent with GET, which most servers ignore; add -Method POST (or PUT) to say which request is meant. Send curl's words instead, e.g. "args": ["-sL", "https://example.com"].`},
		{"irm " + u + " -Credential (Get-Credential)", `error: "args": irm's -Credential asks PowerShell for a credential; send the header itself: -Headers @{Authorization='Basic …'} (curl's -u name:password). Send curl's words instead, e.g. "args": ["-sL", "https://example.com"].`},
		{"irm " + u + " -Frobnicate", `error: "args": irm's -Frobnicate has no curl meaning f0 can run (it reads -Uri, -Method, -Headers, -Body, -ContentType, -OutFile, -InFile, -TimeoutSec, -UserAgent, -MaximumRedirection, -SkipCertificateCheck). Send curl's words instead, e.g. "args": ["-sL", "https://example.com"].`},
		{"irm " + u + "; Write-Host done", `error: "args": the PowerShell line runs a second command (after ;); f0 runs only the request. Make the request alone, and put what the second command needs into a call of its own.`},
	}
	for _, c := range cases {
		sl, err := readPowerShell(c.line)
		got := ""
		if err != nil {
			got = "error: " + err.Error()
		} else {
			got = strings.Join(quotedWords(sl.words), " ")
		}
		if got != c.want {
			t.Errorf("%s:\ngot  %s\nwant %s", c.line, got, c.want)
		}
	}
}
