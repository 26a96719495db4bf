package vocab

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestChoosing: which table tool a name and its fields mean (README §10).
func TestChoosing(t *testing.T) {
	v := testVocab(t)
	fx := newFixture(t)
	cases := []struct {
		name, agent  string
		args         map[string]any
		wantAgent    string
		wantTool     string
		wantOutcome  Outcome
		wantCallTool string
	}{
		{"Glob", "", map[string]any{"pattern": "*.go"}, "claude-code", "Glob", Mapped, "fs.find"},
		{"glob", "", map[string]any{"pattern": "*.go"}, "gemini-cli", "glob", Mapped, "fs.find"},
		{"GLOB", "", map[string]any{"pattern": "*.go"}, "gemini-cli", "glob", Mapped, "fs.find"},
		// Claude Code's and Amp's Grep publish pattern alike: the broader
		// reading (Amp's: any case, lines) holds Claude Code's.
		{"mcp__f0__Grep", "", map[string]any{"pattern": "x"}, "amp", "Grep", Mapped, "fs.search"},
		{"Grep", "", map[string]any{"pattern": "x", "output_mode": "content"}, "claude-code", "Grep", Mapped, "fs.search"},
		// Fields decide a shared name: Amp's edit_file, not the filesystem
		// server's (which needs edits) or Zed's.
		{"edit_file", "", map[string]any{"path": "a.txt", "old_str": "x", "new_str": "y"}, "amp", "edit_file", Mapped, "fs.edit"},
		{"edit_file", "", map[string]any{"path": "a.txt", "edits": []any{}}, "mcp-filesystem", "edit_file", Mapped, "fs.edit"},
		// Amp's create_file overwrites, Devin's refuses an existing file:
		// a new file is created either way (readings_test.go: an existing one).
		{"create_file", "", map[string]any{"path": "new.txt", "content": "x"}, "devin", "create_file", Mapped, "fs.write"},
		{"create_file", "", map[string]any{"filePath": "a.txt", "content": "x"}, "vscode-copilot", "create_file", Mapped, "fs.write"},
		{"write_file", "", map[string]any{"path": "a.txt", "content": "x", "overwrite": false}, "mistral-vibe", "write_file", Mapped, "fs.write"},
		// A name no table spells with these separators: Augment's
		// web-fetch publishes only url, as the call gives (Claude Code's
		// WebFetch also a prompt).
		{"webfetch", "", map[string]any{"url": "http://127.0.0.1/a"}, "augment", "web-fetch", Mapped, "net.curl"},
		{"mcp0_view_file", "", map[string]any{"AbsolutePath": "a.txt"}, "windsurf", "view_file", Mapped, "fs.read"},
		// The filesystem server's read_file and Zed's publish path alike:
		// Zed's numbered lines hold the other's text.
		{"mcp--f0--read_file", "", map[string]any{"path": "a.txt"}, "zed", "read_file", Mapped, "fs.read"},
		{"f0_search_replace", "", map[string]any{"file_path": "a", "old_string": "x", "new_string": "y"}, "cursor", "search_replace", Mapped, "fs.edit"},
		{"copilot-read-file", "", map[string]any{"filePath": "a.txt"}, "vscode-copilot", "copilot_readFile", Mapped, "fs.read"},
		{"read_file", "", map[string]any{"target_file": "a.txt"}, "cursor", "read_file", Mapped, "fs.read"},
		{"read_file", "", map[string]any{"absolute_path": "/a.txt"}, "gemini-cli", "read_file", Mapped, "fs.read"},
		{"read_file", "zed", map[string]any{"path": "backend/a.txt"}, "zed", "read_file", Mapped, "fs.read"},
		{"fs_read", "", map[string]any{"path": "a.txt", "mode": "Line", "start_line": 2}, "amazon-q", "fs_read", Mapped, "fs.read"},
		{"fs_write", "", map[string]any{"path": "new.txt", "command": "create", "file_text": "x"}, "amazon-q", "fs_write", Mapped, "fs.write"},
		{"web_fetch", "", map[string]any{"prompt": "Summarise http://127.0.0.1/a"}, "gemini-cli", "web_fetch", Mapped, "net.curl"},
		{"web_fetch", "", map[string]any{"url": "http://127.0.0.1/a"}, "crush", "web_fetch", Mapped, "net.curl"},
		{"WebSearch", "", map[string]any{"query": "x"}, "claude-code", "WebSearch", Refused, ""},
	}
	for _, c := range cases {
		t.Run(c.name+"/"+keyList(c.args), func(t *testing.T) {
			res, err := v.Resolve(context.Background(), Request{Name: c.name, Args: c.args, Agent: c.agent}, fx)
			if err != nil {
				t.Fatal(err)
			}
			if res.Agent != c.wantAgent || res.Tool != c.wantTool || res.Outcome != c.wantOutcome {
				t.Fatalf("read as %s's %s (outcome %d), want %s's %s (outcome %d)", res.Agent, res.Tool, res.Outcome, c.wantAgent, c.wantTool, c.wantOutcome)
			}
			if c.wantCallTool != "" && (len(res.Calls) != 1 || res.Calls[0].Tool != c.wantCallTool) {
				t.Errorf("calls %s, want one %s", quote(res.Calls), c.wantCallTool)
			}
		})
	}
}

// TestShared: a call of a name several agents' tools share, whose fields
// none of them publishes all of, maps only what they all read alike and
// goes to the f0 tool their routes share; a field they read differently
// is refused, naming each reading.
func TestShared(t *testing.T) {
	v := testVocab(t)
	res, err := v.Resolve(context.Background(), Request{Name: "edit_file", Args: map[string]any{"path": "a.txt", "oldText": "x", "newText": "y"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Agent != "" || len(res.Calls) != 1 || res.Calls[0].Tool != "fs.edit" || res.Calls[0].Args["oldText"] != "x" || res.Calls[0].Args["path"] != "a.txt" {
		t.Fatalf("got %s's %s %s", res.Agent, res.Tool, quote(res.Calls))
	}
	_, err = v.Resolve(context.Background(), Request{Name: "read_file", Args: map[string]any{"path": "a.txt", "offset": 3, "no_such_field": 1}}, nil)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Field != "offset" || !strings.Contains(ie.Error(), "plus_one") {
		t.Fatalf("a field read differently: got %v", err)
	}
}

// TestShellContext: a shell tool's working directory, environment and
// time limit go with the command line to the caller's shell routing, in
// seconds whatever the unit of the row.
func TestShellContext(t *testing.T) {
	v := testVocab(t)
	fx := newFixture(t)
	cases := []struct {
		name    string
		tool    string
		args    map[string]any
		command string
		want    Shell
	}{
		{"codex workdir", "shell", map[string]any{"command": []any{"ls"}, "workdir": fx.root + "/sub"}, "ls", Shell{Dir: fx.root + "/sub"}},
		{"codex timeout_ms", "shell", map[string]any{"command": []any{"ls"}, "timeout_ms": 2500}, "ls", Shell{Timeout: 2.5}},
		{"a command as a list", "shell", map[string]any{"command": []any{"bash", "-lc", "cat a b.txt"}}, "bash -lc 'cat a b.txt'", Shell{}},
		{"cline timeout in seconds", "execute_command", map[string]any{"command": "ls", "requires_approval": false, "timeout": 30}, "ls", Shell{Timeout: 30}},
		{"local_shell env and directory", "local_shell", map[string]any{"type": "exec", "command": []any{"ls"}, "env": map[string]any{"A": "x", "N": 2.0}, "working_directory": "sub"},
			"ls", Shell{Dir: "sub", Env: map[string]string{"A": "x", "N": "2"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := v.Resolve(context.Background(), Request{Name: c.tool, Args: c.args}, fx)
			if err != nil || res.Outcome != Mapped || len(res.Calls) != 1 {
				t.Fatalf("got %+v, %v", res, err)
			}
			got := res.Calls[0]
			if got.Tool != TargetShell || got.Command != c.command || !reflect.DeepEqual(got.Shell, c.want) {
				t.Errorf("got %s %q %+v, want %q %+v", got.Tool, got.Command, got.Shell, c.command, c.want)
			}
		})
	}
	_, err := v.Resolve(context.Background(), Request{Name: "local_shell", Args: map[string]any{"type": "exec", "command": []any{"ls"}, "env": "A=x"}}, fx)
	if err == nil || err.Error() != `openai-responses's local_shell: env: want an object of variable names and values, got text "A=x"` {
		t.Errorf("env as text: got %v", err)
	}
}

// TestNoMatch: names no table has, and f0's own names called with f0's
// own fields, are left to the caller.
func TestNoMatch(t *testing.T) {
	v := testVocab(t)
	for _, req := range []Request{
		{Name: "fs_read", Args: map[string]any{"path": "a.txt", "offset": 3}},
		{Name: "fs_write", Args: map[string]any{"path": "a.txt", "content": "x", "mode": "create"}},
		{Name: "tools_search", Args: map[string]any{"query": "x"}},
		{Name: "mcp__f0__fs_list", Args: map[string]any{"path": "."}},
		{Name: "no_such_tool", Args: map[string]any{}},
	} {
		res, err := v.Resolve(context.Background(), req, nil)
		if err != nil || res.Outcome != NoMatch {
			t.Errorf("%s %s: got outcome %d (%s's %s), %v; want no match", req.Name, keyList(req.Args), res.Outcome, res.Agent, res.Tool, err)
		}
	}
	res, _ := v.Resolve(context.Background(), Request{Name: "mcp__f0__fs_list", Args: map[string]any{}}, nil)
	if res.Name != "fs_list" {
		t.Errorf("name after the prefix: %q", res.Name)
	}
}

// TestUnknownField: a field the tool does not publish is an error naming
// the nearest published field, never dropped.
func TestUnknownField(t *testing.T) {
	v := testVocab(t)
	_, err := v.Resolve(context.Background(), Request{Name: "view_file", Args: map[string]any{"AbsolutePath": "a", "StartLin": 3}}, nil)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Field != "StartLin" || ie.Nearest != "StartLine" {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(err.Error(), `did you mean "StartLine"`) {
		t.Errorf("message %q", err)
	}
}

// TestSelf: Amazon Q's operations are each routed through fs_read's own
// routes, in order, as one batch.
func TestSelf(t *testing.T) {
	v := testVocab(t)
	fx := newFixture(t)
	res, err := v.Resolve(context.Background(), Request{Name: "fs_read", Args: map[string]any{"operations": []any{
		map[string]any{"mode": "Line", "path": "a.txt", "start_line": 2.0, "end_line": 3.0},
		map[string]any{"mode": "Directory", "path": "sub", "depth": 0.0},
	}}}, fx)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Batch || len(res.Calls) != 2 || res.Calls[0].Tool != "fs.read" || res.Calls[1].Tool != "fs.list" {
		t.Fatalf("got %s", quote(res.Calls))
	}
	if res.Calls[0].Args["offset"] != 2 || res.Calls[0].Args["limit"] != 2 || res.Calls[1].Args["depth"] != 1 || res.Calls[1].Args["long"] != true {
		t.Errorf("got %s", quote(res.Calls))
	}
	_, err = v.Resolve(context.Background(), Request{Name: "fs_read", Args: map[string]any{"operations": []any{
		map[string]any{"mode": "Line", "path": "a.txt", "start_lin": 2.0},
	}}}, fx)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Field != "operations[0].start_lin" {
		t.Errorf("an unknown field inside an operation: %v", err)
	}
}

// TestPathChecks: $path_is and $path_ext decide the route at run time.
func TestPathChecks(t *testing.T) {
	v := testVocab(t)
	fx := newFixture(t)
	cases := []struct {
		name string
		args map[string]any
		want string
		set  string
	}{
		{"str_replace_based_edit_tool", map[string]any{"command": "view", "path": fx.path("sub")}, "fs.list", "depth"},
		{"str_replace_based_edit_tool", map[string]any{"command": "view", "path": "a.txt", "view_range": []any{1.0, 2.0}}, "fs.read", "lineNumbers"},
		{"Read", map[string]any{"file_path": fx.path("img.png")}, "fs.read", "image"},
	}
	for _, c := range cases {
		res, err := v.Resolve(context.Background(), Request{Name: c.name, Args: c.args}, fx)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Calls) != 1 || res.Calls[0].Tool != c.want || res.Calls[0].Args[c.set] == nil {
			t.Errorf("%s %s: got %s, want %s with %s", c.name, quote(c.args), quote(res.Calls), c.want, c.set)
		}
	}
}

// TestInertAndDropped: an inert field leaves no note; a needed capability
// with today: drop runs the call without the field and says so.
func TestInertAndDropped(t *testing.T) {
	v := testVocab(t)
	res, err := v.Resolve(context.Background(), Request{Name: "view_file", Agent: "windsurf", Args: map[string]any{"AbsolutePath": "/w/a.go", "StartLine": 1.0, "EndLine": 5.0, "IncludeSummaryOfOtherLines": true}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Agent != "windsurf" || useOf(res, "IncludeSummaryOfOtherLines") != UseDropped || !noteMentions(res, "IncludeSummaryOfOtherLines was left out") {
		t.Errorf("dropped: %s's %s, uses %s, notes %q", res.Agent, res.Tool, quote(res.Fields), res.Notes)
	}
	res, err = v.Resolve(context.Background(), Request{Name: "list_dir", Args: map[string]any{"DirectoryPath": "src", "toolSummary": "look"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if useOf(res, "toolSummary") != UseInert || noteMentions(res, "toolSummary") {
		t.Errorf("inert: uses %s, notes %q", quote(res.Fields), res.Notes)
	}
}

// TestReadings: a name several agents' tools share, with fields that do
// not say whose tool was meant, is read as the reading whose answer holds
// the others' (a listing, a search) or the one that changes least (a
// write), or refused naming each reading and the call that does it.
func TestReadings(t *testing.T) {
	v := testVocab(t)
	fx := newFixture(t)
	cases := []struct {
		about string
		name  string
		args  map[string]any
		// want are the fields of the f0 call that must hold; err, when set,
		// is what the refusal must say (in order).
		want map[string]any
		note string
		err  []string
	}{
		{"a new file: both readings create it", "write_file", map[string]any{"path": "new.txt", "content": "x"},
			map[string]any{"mode": "create"}, "every reading creates it", nil},
		{"an existing file: refused naming both and the overwrite call", "write_file", map[string]any{"path": "a.txt", "content": "x"},
			nil, "", []string{"a.txt already exists", "mistral-vibe's tool, which refuses an existing file", "which overwrite it", `fs_write {"path": "a.txt", "content": …, "mode": "overwrite"}`, `(or mistral-vibe's own write_file {…, "overwrite": true})`}},
		{"Devin's create_file and Amp's", "create_file", map[string]any{"path": "a.txt", "content": "x"},
			nil, "", []string{"devin's tool, which refuses an existing file, and amp's, which overwrites it", `"mode": "overwrite"`}},
		{"a missing directory: one reading makes it, another fails", "write_file", map[string]any{"path": "nodir/new.txt", "content": "x"},
			nil, "", []string{"the directory nodir does not exist", "mistral-vibe's", "write_file create it", "mcp-filesystem's and rust-mcp-fs's write_file fail without it", `fs_write {"path": "nodir/new.txt", "content": …, "createDirs": true}`}},
		{"listings to different depths: refused naming each", "list_directory", map[string]any{"path": "sub"},
			nil, "", []string{"list_directory is amp's, mcp-filesystem's", "and gemini-cli's tool, and they list to different depths", "nothing was run",
				`amp's, mcp-filesystem's, rust-mcp-fs's and zed's: fs_list {"path":"sub"}`, `desktop-commander's: fs_list {"depth":2,"path":"sub"}`,
				`gemini-cli's: fs_list {"gitignore":true,"ignoreFiles":[".geminiignore"],"path":"sub"}`}},
		{"paths read differently: the reading that names what is there", "delete_file", map[string]any{"file_path": "/workspace/a.txt"},
			map[string]any{"path": "a.txt"}, "read as kortix-suna's, whose path names what is there", nil},
		{"paths read alike: the first reading", "delete_file", map[string]any{"file_path": "a.txt"},
			map[string]any{"path": "a.txt"}, "", nil},
		{"a regex or text: either", "grep_search", map[string]any{"query": "a.*b"},
			map[string]any{"pattern": `(?:a.*b)|a\.\*b`, "ignoreCase": true}, "either reading", nil},
		{"not a regex: text", "grep_search", map[string]any{"query": "f("},
			map[string]any{"pattern": "f(", "literal": true}, "not a valid regular expression", nil},
		{"no metacharacters: one reading", "grep_search", map[string]any{"query": "needle"},
			map[string]any{"pattern": "needle", "ignoreCase": true}, "", nil},
	}
	for _, c := range cases {
		t.Run(c.about, func(t *testing.T) {
			res, err := v.Resolve(context.Background(), Request{Name: c.name, Args: c.args}, fx)
			if c.err != nil {
				assertRefusal(t, err, c.err...)
				return
			}
			if err != nil || len(res.Calls) != 1 {
				t.Fatalf("got %v, %+v", err, res)
			}
			for k, w := range c.want {
				if got := res.Calls[0].Args[k]; !reflect.DeepEqual(got, w) {
					t.Errorf("%s = %#v, want %#v (call %v)", k, got, w, res.Calls[0].Args)
				}
			}
			if c.want["literal"] == nil {
				if _, ok := res.Calls[0].Args["literal"]; ok {
					t.Errorf("literal set: %v", res.Calls[0].Args)
				}
			}
			if !strings.Contains(strings.Join(res.Notes, "\n"), c.note) {
				t.Errorf("notes %q lack %q", res.Notes, c.note)
			}
		})
	}
}

// TestReadingsOfTwoTools: a name whose readings call different read-only
// f0 tools is refused, naming each agent's reading as the f0 call to send;
// a third table's reading of the same call joins the first. Made-up tables
// share the name.
func TestReadingsOfTwoTools(t *testing.T) {
	v := testVocab(t)
	for _, table := range []string{
		`{"$format": "f0-vocabulary/1", "agent": "alpha", "sources": {"s": {"url": "https://example.invalid/a", "kind": "docs"}},
		  "tools": [{"names": ["scan_things"], "source": "s", "evidence": "schema", "fields_published": ["pattern"],
		    "routes": [{"to": "fs.find", "fields": {"pattern": {"to": "pattern"}}}]}]}`,
		`{"$format": "f0-vocabulary/1", "agent": "beta", "sources": {"s": {"url": "https://example.invalid/b", "kind": "docs"}},
		  "tools": [{"names": ["scan_things"], "source": "s", "evidence": "schema", "fields_published": ["pattern", "glob"],
		    "routes": [{"to": "fs.search", "fields": {"pattern": {"to": "pattern"}, "glob": {"to": "glob"}}}]}]}`,
		`{"$format": "f0-vocabulary/1", "agent": "gamma", "sources": {"s": {"url": "https://example.invalid/c", "kind": "docs"}},
		  "tools": [{"names": ["scan_things"], "source": "s", "evidence": "schema", "fields_published": ["pattern"],
		    "routes": [{"to": "fs.find", "fields": {"pattern": {"to": "pattern"}}}]}]}`,
	} {
		tb, err := parseTable("extra.json", []byte(table))
		if err != nil {
			t.Fatal(err)
		}
		v.add(tb)
	}
	for _, c := range []struct {
		pattern string
		want    []string
	}{
		{"port", []string{"scan_things is alpha's, gamma's and beta's tool, and they mean different calls", "so nothing was run",
			`Send the call you mean: alpha's and gamma's: fs_find {"pattern":"port"}; beta's: fs_search {"pattern":"port"}`}},
		// No regular expression: beta's search cannot answer.
		{"*.go", nil},
	} {
		res, err := v.Resolve(context.Background(), Request{Name: "scan_things", Args: map[string]any{"pattern": c.pattern}}, newFixture(t))
		if c.want == nil {
			if err != nil || len(res.Calls) != 1 || res.Calls[0].Tool != "fs.find" {
				t.Errorf("%s: got %v, %s; want alpha's fs.find", c.pattern, err, quote(res.Calls))
			}
			continue
		}
		assertRefusal(t, err, c.want...)
	}
}

// assertRefusal checks that err is a table's refusal that says each of
// want, in order.
func assertRefusal(t *testing.T, err error, want ...string) {
	t.Helper()
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("got %v, want a refusal", err)
	}
	rest := ie.Error()
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("refusal lacks %q (in order):\n%s", w, ie.Error())
		}
		rest = rest[i+len(w):]
	}
}

// TestReadingsWithoutEnv: without runtime checks a write whose readings
// differ is read as the one that changes least, and the note claims
// nothing of the file.
func TestReadingsWithoutEnv(t *testing.T) {
	res, err := testVocab(t).Resolve(context.Background(), Request{Name: "write_file", Args: map[string]any{"path": "a.txt", "content": "x"}}, nil)
	if err != nil || len(res.Calls) != 1 || res.Calls[0].Args["mode"] != "create" {
		t.Fatalf("got %v, %+v", err, res)
	}
	if notes := strings.Join(res.Notes, "\n"); !strings.Contains(notes, "changes least") || strings.Contains(notes, "did not exist") {
		t.Errorf("notes %q", res.Notes)
	}
}
