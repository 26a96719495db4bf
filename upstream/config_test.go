package upstream

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReadConfig reads the mcpServers files of Claude Desktop, Cursor,
// VS Code and pi-mcp-adapter.
func TestReadConfig(t *testing.T) {
	t.Setenv("GW_TOKEN", "s3cret")
	t.Setenv("GW_DIR", "/srv/data")
	cases := []struct {
		name, file string
		want       []Server
	}{
		{"Claude Desktop", `{"mcpServers": {"filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "${GW_DIR}"], "env": {"DEBUG": "1"}}}}`,
			[]Server{{Name: "filesystem", Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-filesystem", "/srv/data"}, Env: map[string]string{"DEBUG": "1"}}}},
		{"Cursor remote with headers", `{"mcpServers": {"My-Remote": {"url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer ${env:GW_TOKEN}"}}}}`,
			[]Server{{Name: "my_remote", URL: "https://mcp.example.com/mcp", Headers: map[string]string{"Authorization": "Bearer s3cret"}}}},
		{"pi bearerTokenEnv, disabled left out", `{"mcpServers": {"a": {"url": "http://127.0.0.1:9/mcp", "bearerTokenEnv": "GW_TOKEN"}, "b": {"command": "x", "disabled": true}}, "settings": {"toolPrefix": "short"}}`,
			[]Server{{Name: "a", URL: "http://127.0.0.1:9/mcp", Headers: map[string]string{"Authorization": "Bearer s3cret"}}}},
		{"VS Code servers with type", `{"servers": {"everything": {"type": "stdio", "command": "node", "args": ["index.js", "stdio"], "cwd": "/opt/e"}}}`,
			[]Server{{Name: "everything", Command: "node", Args: []string{"index.js", "stdio"}, Dir: "/opt/e"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadConfig(writeConfig(t, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestReadConfigErrors(t *testing.T) {
	cases := []struct{ name, file, want string }{
		{"not JSON", `{"mcpServers": [}`, "not an mcpServers file"},
		{"empty", `{"mcpServers": {}}`, `no servers: want {"mcpServers"`},
		{"both", `{"mcpServers": {"a": {"command": "x", "url": "http://127.0.0.1/mcp"}}}`, `server "a": both command and url`},
		{"neither", `{"mcpServers": {"a": {"args": ["x"]}}}`, `server "a": neither command nor url`},
		{"sse", `{"mcpServers": {"a": {"type": "sse", "url": "http://127.0.0.1/sse"}}}`, "SSE transport is not supported"},
		{"bad name", `{"mcpServers": {"9lives": {"command": "x"}}}`, `server name "9lives": want letters`},
		{"token env unset", `{"mcpServers": {"a": {"url": "http://127.0.0.1/mcp", "bearerTokenEnv": "GW_NOT_SET"}}}`, "bearerTokenEnv GW_NOT_SET: the environment variable is empty or not set"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadConfig(writeConfig(t, tc.file))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
		})
	}
}

func TestParseFlag(t *testing.T) {
	t.Setenv("F0_UPSTREAM_REMOTE_TOKEN", "tok")
	srv, err := ParseFlag("files=npx -y '@modelcontextprotocol/server-filesystem' '/tmp/a b'")
	if err != nil || srv.Name != "files" || srv.Command != "npx" || !reflect.DeepEqual(srv.Args, []string{"-y", "@modelcontextprotocol/server-filesystem", "/tmp/a b"}) {
		t.Fatalf("got %+v, %v", srv, err)
	}
	remote, err := ParseFlag("Remote=http://127.0.0.1:8931/mcp")
	if err != nil || remote.WithTokenFromEnv().Headers["Authorization"] != "Bearer tok" {
		t.Fatalf("got %+v, %v", remote.WithTokenFromEnv(), err)
	}
	for _, bad := range []string{"files", "=npx", "files=", "files='unclosed"} {
		if _, err := ParseFlag(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
