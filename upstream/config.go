package upstream

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
)

// fileServer is one entry of an mcpServers file, in the fields Claude
// Desktop, Cursor, VS Code and pi-mcp-adapter write.
type fileServer struct {
	Command  string            `json:"command"`
	Args     []string          `json:"args"`
	Env      map[string]string `json:"env"`
	Cwd      string            `json:"cwd"`
	URL      string            `json:"url"`
	Headers  map[string]string `json:"headers"`
	Type     string            `json:"type"`
	Disabled bool              `json:"disabled"`
	// BearerToken and BearerTokenEnv are pi-mcp-adapter's.
	BearerToken    string `json:"bearerToken"`
	BearerTokenEnv string `json:"bearerTokenEnv"`
}

// ReadConfig reads the servers of an mcpServers file (Claude Desktop's
// claude_desktop_config.json, Cursor's mcp.json, pi-mcp-adapter's
// mcp.json; VS Code's "servers" too). ${VAR} and ${env:VAR} in values are
// taken from the environment. Disabled servers are left out.
func ReadConfig(path string) ([]Server, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--config: %w", err)
	}
	var file struct {
		MCPServers map[string]fileServer `json:"mcpServers"`
		Servers    map[string]fileServer `json:"servers"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("--config %s: not an mcpServers file: %w", path, err)
	}
	entries := file.MCPServers
	if len(entries) == 0 {
		entries = file.Servers
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf(`--config %s: no servers: want {"mcpServers": {"NAME": {"command": "…", "args": […]}}}`, path)
	}
	var out []Server
	for _, name := range slices.Sorted(maps.Keys(entries)) {
		e := entries[name]
		if e.Disabled {
			continue
		}
		srv, err := e.server(name)
		if err != nil {
			return nil, fmt.Errorf("--config %s: server %q: %w", path, name, err)
		}
		out = append(out, srv)
	}
	return out, nil
}

// server turns one file entry into a Server.
func (e fileServer) server(name string) (Server, error) {
	srv := Server{Name: Namespace(name), Command: expand(e.Command), Dir: expand(e.Cwd), URL: expand(e.URL)}
	if err := checkName(name, srv.Name); err != nil {
		return Server{}, err
	}
	switch strings.ToLower(e.Type) {
	case "sse":
		return Server{}, fmt.Errorf("the SSE transport is not supported; give the server's streamable HTTP URL (often …/mcp)")
	case "", "stdio", "http", "streamable-http", "streamablehttp", "streamable_http":
	default:
		return Server{}, fmt.Errorf("unknown type %q: want stdio or http", e.Type)
	}
	switch {
	case srv.URL != "" && srv.Command != "":
		return Server{}, fmt.Errorf("both command and url: give one")
	case srv.URL == "" && srv.Command == "":
		return Server{}, fmt.Errorf("neither command nor url")
	}
	for _, a := range e.Args {
		srv.Args = append(srv.Args, expand(a))
	}
	srv.Env = expandAll(e.Env)
	srv.Headers = expandAll(e.Headers)
	token := expand(e.BearerToken)
	if e.BearerTokenEnv != "" {
		token = os.Getenv(e.BearerTokenEnv)
		if token == "" {
			return Server{}, fmt.Errorf("bearerTokenEnv %s: the environment variable is empty or not set", e.BearerTokenEnv)
		}
	}
	if token != "" {
		if srv.Headers == nil {
			srv.Headers = map[string]string{}
		}
		srv.Headers["Authorization"] = "Bearer " + token
	}
	return srv, nil
}

// envRef is ${VAR} or ${env:VAR}.
var envRef = regexp.MustCompile(`\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}`)

// expand replaces ${VAR} and ${env:VAR} with the variable's value.
func expand(s string) string {
	return envRef.ReplaceAllStringFunc(s, func(ref string) string {
		return os.Getenv(envRef.FindStringSubmatch(ref)[1])
	})
}

func expandAll(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = expand(v)
	}
	return out
}

// TokenEnv is the environment variable holding the bearer token f0 sends
// to the upstream server NAME given by URL with --upstream:
// F0_UPSTREAM_NAME_TOKEN.
func TokenEnv(name string) string {
	return "F0_UPSTREAM_" + strings.ToUpper(name) + "_TOKEN"
}

// WithTokenFromEnv adds the bearer token of TokenEnv to an HTTP server
// given on the command line, when the variable is set.
func (s Server) WithTokenFromEnv() Server {
	if token := os.Getenv(TokenEnv(s.Name)); s.URL != "" && token != "" {
		headers := map[string]string{"Authorization": "Bearer " + token}
		for k, v := range s.Headers {
			headers[k] = v
		}
		s.Headers = headers
	}
	return s
}
