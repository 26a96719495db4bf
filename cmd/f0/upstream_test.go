package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// innerF0 is an --upstream value that starts this test binary as f0 serve
// over dir: f0 behind f0, no other server needed. f0 passes a stdio
// server only a few of its variables, so env sets F0_TEST_RUN_MAIN.
func innerF0(t *testing.T, dir string) string {
	t.Helper()
	t.Setenv("F0_TEST_RUN_MAIN", "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("inner=env F0_TEST_RUN_MAIN=1 %s serve --root %s", exe, dir)
}

// TestUpstreamOnTheCommandLine: an upstream server's tools are listed under
// its namespace and called like f0's own, in any spelling, with the
// pipeline's repairs and errors.
func TestUpstreamOnTheCommandLine(t *testing.T) {
	dir := fsRoot(t)
	up := innerF0(t, dir)
	cases := []struct {
		name string
		args []string
		want expect
	}{
		{"listed", []string{"--upstream", up, "tools"},
			expect{stdout: []string{"inner.fs_read ", "read ", "fs.read "}, notStdout: []string{"inner_fs_read "}}},
		{"its own text as it wrote it", []string{"--upstream", up, "describe", "inner.fs_read"},
			expect{stdout: []string{"\nMore: tools_describe {\"name\":\"fs_read\"}\n"}}},
		{"shorthand", []string{"--upstream", up, "inner.fs_read", "path=go.mod"},
			expect{stdout: []string{"module example.com/x"}}},
		{"flag after the tool", []string{"inner_fs_read", "go.mod", "--upstream", up},
			expect{stdout: []string{"module example.com/x"}}},
		{"JSON string arguments", []string{"--upstream", up, "call", "INNER-FS-READ", `"{\"path\":\"go.mod\"}"`},
			expect{stdout: []string{"module example.com/x"}}},
		{"misspelt tool", []string{"--upstream", up, "call", "inner.fs_raed", `{"path":"go.mod"}`},
			expect{code: exitUsage, stderr: []string{`unknown tool "inner.fs_raed"`, "- inner.fs_read: "}}},
		{"misspelt field", []string{"--upstream", up, "call", "inner_fs_read", `{"pth":"go.mod"}`},
			expect{code: exitToolError, stderr: []string{`"pth": unknown field; did you mean "path"?`, "Example: f0 --upstream"}}},
		{"excluded", []string{"--upstream", up, "--exclude-tools", "inner.fs_read", "tools"},
			expect{stdout: []string{"inner.fs_list "}, notStdout: []string{"inner.fs_read "}}},
		{"access raised by the operator", []string{"--upstream", up, "--upstream-access", "inner_fs_read=admin", "call", "inner.fs_read", `{"path":"go.mod"}`},
			expect{code: exitToolError, stderr: []string{"inner.fs_read exists but this server does not expose it (it needs admin access"}}},
		{"access lowered by the operator", []string{"--upstream", up, "--upstream-access", "inner.fs_edit=write", "tools"},
			expect{stdout: []string{"inner.fs_edit ", "write "}}},
		{"access rule for no tool", []string{"--upstream", up, "--upstream-access", "inner.nope=read", "tools"},
			expect{code: exitUsage, stderr: []string{`--upstream-access "inner.nope=read": no upstream tool is named "inner.nope"`}}},
		{"bad flag", []string{"--upstream", "no-command", "tools"},
			expect{code: exitUsage, stderr: []string{`--upstream "no-command": want NAME=COMMAND or NAME=URL`}}},
		{"fails to start: listed as a placeholder", []string{"--upstream", "gone=/nonexistent/server", "tools"},
			expect{stdout: []string{"gone.unavailable ", "fs.read "}, stderr: []string{"served by a placeholder until it starts"}}},
		{"fails to start: its tools say why", []string{"--upstream", "gone=/nonexistent/server", "gone.read_file", "path=go.mod"},
			expect{code: exitToolError, stderr: []string{`upstream server "gone" could not be started: start /nonexistent/server: `, "no such file or directory"}}},
		{"fails to start: f0's own tools work", []string{"--upstream", "gone=/nonexistent/server", "--root", dir, "fs.read", "go.mod"},
			expect{stdout: []string{"module example.com/x"}}},
		{"fails to start: access rule for its tools kept", []string{"--upstream", "gone=/nonexistent/server", "--upstream-access", "gone.write=read", "tools"},
			expect{stdout: []string{"gone.unavailable "}}},
		{"own namespace", []string{"--upstream", "fs=" + up[len("inner="):], "tools"},
			expect{code: exitUsage, stderr: []string{`"fs" is the namespace of f0's own tools`}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.want.check(t, f0(t, "", c.args...))
		})
	}
}

// TestUpstreamFromConfig: --config reads an mcpServers file.
func TestUpstreamFromConfig(t *testing.T) {
	dir := fsRoot(t)
	t.Setenv("F0_TEST_RUN_MAIN", "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GW_ROOT", dir)
	config := filepath.Join(t.TempDir(), "mcp.json")
	text := fmt.Sprintf(`{"mcpServers": {"inner-f0": {"command": %q, "args": ["serve", "--root", "${GW_ROOT}"], "env": {"F0_TEST_RUN_MAIN": "1"}}}}`, exe)
	if err := os.WriteFile(config, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	expect{stdout: []string{"module example.com/x"}}.check(t, f0(t, "", "--config", config, "inner_f0.fs_read", "path=go.mod"))
	expect{code: exitUsage, stderr: []string{"--config", "no such file"}}.check(t, f0(t, "", "--config", config+".missing", "tools"))
}

// TestUpstreamOverMCP: an MCP client of f0 serve reaches the upstream's
// tools through f0 (both over stdio).
func TestUpstreamOverMCP(t *testing.T) {
	dir := fsRoot(t)
	up := innerF0(t, dir)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	server := fmt.Sprintf("%s serve --upstream '%s'", exe, up)
	expect{stdout: []string{"module example.com/x"}}.check(t, f0(t, "", "call", "--stdio", server, "inner_fs_read", `{"path":"go.mod"}`))
	expect{code: exitToolError, stderr: []string{"- inner_fs_read: "}}.check(t, f0(t, "", "call", "--stdio", server, "inner_fs_raed", `{"path":"go.mod"}`))
}
