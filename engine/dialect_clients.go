package engine

import (
	"fmt"
	"strings"

	"f0/internal/text"
	"f0/tool"
)

// piClientPrefix starts the clientInfo name pi-mcp-adapter sends:
// "pi-mcp-<server>", the server's key in pi's MCP configuration.
const piClientPrefix = "pi-mcp-"

// PiLikelyDirect returns the tools f0's README recommends as pi
// directTools (small schemas, hot paths): when the operator does not say
// which tools are direct, f0 takes these as probably direct.
func PiLikelyDirect() []string { return []string{"net.curl", "fs.read", "batch"} }

// PiDialect writes calls the way a model in pi makes them: a direct tool
// by pi's name for it (`f0_fs_read {…}`), any other through pi's proxy
// tool (`mcp({tool: "fs_find", args: {…}})`), and both in one line when
// f0 only guesses that a tool is direct.
type PiDialect struct {
	// Server is the server's key in pi's configuration; Prefix is what pi
	// puts before a direct tool's name: the key sanitised (toolPrefix
	// "server", pi's default).
	Server, Prefix string
	// Direct holds the canonical names of the tools taken as direct; Sure
	// is set when the operator said so (--pi-direct-tools), not f0.
	Direct map[string]bool
	Sure   bool
	// ListedDialect writes what pi writes as any MCP client does: no
	// redirects, the operator's settings.
	ListedDialect
}

// piDialect builds the dialect of the pi server named server.
func (p *Host) piDialect(server string) PiDialect {
	r := PiDialect{Server: server, Prefix: piSanitize(server), Direct: map[string]bool{}}
	names, sure := p.cfg.Clients.PiDirect, p.cfg.Clients.PiDirect != nil
	if !sure {
		names = PiLikelyDirect()
	}
	for _, n := range names {
		if t := p.resolve(n); t != nil {
			r.Direct[t.Name] = true
		}
	}
	r.Sure = sure
	return r
}

// piSanitize is pi-mcp-adapter's sanitizeServerPrefix: characters outside
// [A-Za-z0-9_-] become _<hex code point>_.
func piSanitize(server string) string {
	var b strings.Builder
	for _, r := range server {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, "_%x_", r)
		}
	}
	return b.String()
}

// direct is pi's name for a direct tool (formatToolName): the prefix, an
// underscore and the listed name with dots made underscores, unless the
// name already starts with the prefix.
func (r PiDialect) direct(listed string) string {
	name := strings.ReplaceAll(listed, ".", "_")
	if r.Prefix == "" || strings.HasPrefix(name, r.Prefix+"_") && len(name) > len(r.Prefix)+1 {
		return name
	}
	return r.Prefix + "_" + name
}

// proxy is the call through pi's mcp tool, in the notation its
// description uses.
func (r PiDialect) proxy(s tool.Suggestion) string {
	return fmt.Sprintf("mcp({tool: %q, args: %s})", s.Listed, text.CompactJSON(s.Args))
}

// Call writes the direct call, the proxy call, or both.
func (r PiDialect) Call(s tool.Suggestion) string {
	switch {
	case !r.Direct[s.Tool]:
		return r.proxy(s)
	case r.Sure:
		return r.direct(s.Listed) + " " + text.CompactJSON(s.Args)
	}
	return r.direct(s.Listed) + " " + text.CompactJSON(s.Args) + " (if " + r.direct(s.Listed) + " is not among your tools: " + r.proxy(s) + ")"
}

// Name writes pi's direct name for a direct tool, the listed name (what
// the proxy takes) for the others.
func (r PiDialect) Name(s tool.Suggestion) string {
	if r.Direct[s.Tool] {
		return r.direct(s.Listed)
	}
	return s.Listed
}

// ListTools is pi's call that lists a server's tools.
func (r PiDialect) ListTools() string {
	return fmt.Sprintf("mcp({server: %q})", r.Server)
}

// ClaudeCodeDialect writes calls with the names Claude Code gives MCP
// tools: mcp__<server>__<tool>. Claude Code does not tell a server the name
// it is configured under, so Server comes from the operator
// (--server-name) and defaults to "f0", the name the README configures.
type ClaudeCodeDialect struct {
	Server string
	ListedDialect
}

// claudeSanitize is what Claude Code does to a server name in tool names:
// characters outside [A-Za-z0-9_-] become "_".
func claudeSanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' {
			return r
		}
		return '_'
	}, s)
}

// Call writes `mcp__f0__fs_read {…}`.
func (r ClaudeCodeDialect) Call(s tool.Suggestion) string {
	return r.Name(s) + " " + text.CompactJSON(s.Args)
}

// Name writes `mcp__f0__fs_read`.
func (r ClaudeCodeDialect) Name(s tool.Suggestion) string {
	return "mcp__" + claudeSanitize(r.Server) + "__" + s.Listed
}
