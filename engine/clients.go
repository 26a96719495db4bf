package engine

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"f0/tool"
)

// clientsJSON is the client profile table: what f0 knows of each MCP
// client, each row with its source. It is data so that the README's client
// section is rendered from the same rows (TestReadmeClients).
//
//go:embed clients.json
var clientsJSON []byte

// ClientTable is the client profile table as read from clients.json.
type ClientTable struct {
	// DefaultBytes is the budget of a client no row knows, unless the
	// operator sets one (--client-limits); DefaultWhy says why.
	DefaultBytes int       `json:"default_bytes"`
	DefaultWhy   string    `json:"default_why"`
	Clients      []Profile `json:"clients"`
}

// Profile is one client: the clientInfo names it sends, where it cuts a
// result, how its model names and calls f0's tools, and what it checks
// before a call reaches f0.
type Profile struct {
	ID string `json:"id"`
	// Kind is how messages name the client; ID when empty.
	Kind   string `json:"kind"`
	Client string `json:"client"`
	// Match lists clientInfo names; a trailing * matches a prefix, and
	// $SERVER stands for the name the client knows f0 by (--server-name).
	Match []string `json:"match"`
	// Strip is a suffix pattern (with one *) that a proxy adds to the
	// name of the client behind it: the name is matched without it.
	Strip string `json:"strip"`
	// Cut is where the client cuts a result; nil when nobody measured it.
	Cut *Cut `json:"cut"`
	// Naming is what the client puts before a tool's listed name, with
	// SERVER for its name for f0 ("mcp__SERVER__"); "" for none. A
	// client that puts it after writes TOOL for the listed name
	// ("TOOL_mcp_SERVER", LibreChat).
	Naming string `json:"naming"`
	// Namespace is the group the client declares the tools in, with
	// SERVER for its name for f0 (Codex's mcp__SERVER): the model calls
	// the listed name there.
	Namespace string `json:"namespace"`
	// Sanitize matches the characters of the server name the client
	// replaces with "_" in tool names.
	Sanitize string `json:"sanitize"`
	// Call is how the model calls a tool: "function" (a declared tool),
	// "codemode" (pi 1.x: a declared tool or a script's tools.NAME(args)),
	// "pi-proxy" (pi-mcp-adapter's direct tools and mcp proxy).
	Call string `json:"call"`
	// Server is where the client's name for f0 comes from: "flag"
	// (--server-name), "clientinfo" (the clientInfo name is the key),
	// "suffix" (what follows the matched prefix).
	Server    string `json:"server"`
	Validates string `json:"validates"`
	Config    string `json:"config"`
	Source    string `json:"source"`
}

// Cut is where a client cuts a tool result's text before its model
// reads it.
type Cut struct {
	Bytes  int `json:"bytes"`
	Lines  int `json:"lines"`
	Tokens int `json:"tokens"`
	// Keeps is what survives the cut: head, tail, both (the middle goes)
	// or all (no cut).
	Keeps string `json:"keeps"`
	Note  string `json:"note"`
}

// Clients returns the client profile table.
var Clients = sync.OnceValue(func() ClientTable {
	var t ClientTable
	if err := json.Unmarshal(clientsJSON, &t); err != nil {
		panic(fmt.Sprintf("engine/clients.json: %v", err))
	}
	return t
})

// label is how messages name the client.
func (r Profile) label() string {
	if r.Kind != "" {
		return r.Kind
	}
	return r.ID
}

// limits are r's cut as a budget: tokens at bytesPerToken (claudeTokens
// replaces a token count when set), the smaller of that and the byte cut
// when the row has both, zero fields where it does not cut.
func (r Profile) limits(claudeTokens int) tool.Limits {
	if r.Cut == nil {
		return tool.Limits{}
	}
	l := tool.Limits{Bytes: r.Cut.Bytes, Lines: r.Cut.Lines}
	if r.Cut.Tokens > 0 {
		tokens := r.Cut.Tokens
		if claudeTokens > 0 {
			tokens = claudeTokens
		}
		if b := tokens * bytesPerToken; l.Bytes == 0 || b < l.Bytes {
			l.Bytes = b
		}
	}
	return l
}

// matches reports whether name is one of r's clientInfo names, and what
// follows a matched prefix.
func (r Profile) matches(name, server string) (rest string, ok bool) {
	for _, m := range r.Match {
		m = strings.ReplaceAll(m, "$SERVER", server)
		if prefix, isPrefix := strings.CutSuffix(m, "*"); isPrefix {
			if strings.HasPrefix(name, prefix) && len(name) > len(prefix) {
				return name[len(prefix):], true
			}
		} else if name == m {
			return "", true
		}
	}
	return "", false
}

// unwrap returns the name of the client behind a proxy that r describes
// (mcp-remote's "NAME (via mcp-remote 0.15.1)"), or false.
func (r Profile) unwrap(name string) (string, bool) {
	before, after, ok := strings.Cut(r.Strip, "*")
	if !ok || before == "" {
		return "", false
	}
	i := strings.LastIndex(name, before)
	if i <= 0 || !strings.HasSuffix(name, after) {
		return "", false
	}
	return name[:i], true
}

// affixes are what r's client puts before and after a tool's listed
// name, the client knowing f0 as server (sanitized already).
func (r Profile) affixes(server string) (prefix, suffix string) {
	naming := strings.ReplaceAll(r.Naming, "SERVER", server)
	if before, after, ok := strings.Cut(naming, "TOOL"); ok {
		return before, after
	}
	return naming, ""
}

// toolName is r's client's name of the tool listed as listed.
func (r Profile) toolName(server, listed string) string {
	prefix, suffix := r.affixes(server)
	return prefix + listed + suffix
}

// sanitize writes server as r's client writes it in tool names.
func (r Profile) sanitize(server string) string {
	if r.Sanitize == "" {
		return server
	}
	re, err := regexp.Compile(r.Sanitize)
	if err != nil {
		return server
	}
	return re.ReplaceAllString(server, "_")
}

// profileOf finds the row of a clientInfo name, the name of a client
// behind a proxy row included; server is --server-name.
func (t ClientTable) profileOf(name, server string) (Profile, string, bool) {
	for _, r := range t.Clients {
		if inner, ok := r.unwrap(name); ok {
			name = inner
		}
	}
	for _, r := range t.Clients {
		if rest, ok := r.matches(name, server); ok {
			return r, rest, true
		}
	}
	return Profile{}, "", false
}

// smallestCut is the smallest byte cut a row knows.
func (t ClientTable) smallestCut() int {
	least := 0
	for _, r := range t.Clients {
		if b := r.limits(0).Bytes; b > 0 && (least == 0 || b < least) {
			least = b
		}
	}
	return least
}
