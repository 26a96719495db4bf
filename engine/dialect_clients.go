package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"

	"f0/internal/text"
	"f0/tool"
)

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

// PrefixDialect writes calls with the names a client gives MCP tools by
// putting a prefix before the listed name: Claude Code's and Codex's
// mcp__<server>__, gemini-cli's and VS Code's mcp_<server>_, Mastra's
// <server>_, Goose's and Cline's <server>__, Roo Code's mcp--<server>--;
// or a suffix after it, LibreChat's _mcp_<server>. The client's name for
// f0 is in them already, sanitised as the client does it (see Profile).
type PrefixDialect struct {
	// Prefix and Suffix are what the client puts before and after the
	// listed name (LibreChat: "fs_read_mcp_f0").
	Prefix, Suffix string
	ListedDialect
}

// Call writes `mcp__f0__fs_read {…}`.
func (r PrefixDialect) Call(s tool.Suggestion) string {
	return r.Name(s) + " " + text.CompactJSON(s.Args)
}

// Name writes `mcp__f0__fs_read`.
func (r PrefixDialect) Name(s tool.Suggestion) string { return r.Prefix + s.Listed + r.Suffix }

// PiCodemodeDialect writes calls for pi 1.x's built-in MCP client, which
// names a tool mcp__<server>__<tool> (createMcpToolName) and by default
// (exposure codemode) declares none of them to the model: the model writes
// a codemode script that calls `await tools.mcp__f0__fs_read({…})`, whose
// result is the whole CallToolResult. With exposure direct or deferred the
// model calls the same name as a tool. f0 cannot tell which, so a call is
// written both ways.
type PiCodemodeDialect struct {
	// Server is pi's key for f0 in mcp.json (--server-name).
	Server string
	ListedDialect
}

// piToolNameMax is the longest tool name pi 1.x gives a provider.
const piToolNameMax = 64

// Name writes pi's name of the tool: mcp__<server>__<tool> with every
// character outside [A-Za-z0-9_] made "_", shortened with a hash suffix
// past 64 characters.
func (r PiCodemodeDialect) Name(s tool.Suggestion) string {
	name := piUnsafe.ReplaceAllString("mcp__"+r.Server+"__"+s.Listed, "_")
	if len(name) <= piToolNameMax {
		return name
	}
	sum := sha256.Sum256([]byte(r.Server + "\x00" + s.Listed))
	hash := hex.EncodeToString(sum[:])[:8]
	return name[:piToolNameMax-len(hash)-1] + "_" + hash
}

// piUnsafe matches what pi 1.x replaces in a tool name.
var piUnsafe = regexp.MustCompile(`[^A-Za-z0-9_]`)

// Call writes the tool call and the codemode call.
func (r PiCodemodeDialect) Call(s tool.Suggestion) string {
	name, args := r.Name(s), text.CompactJSON(s.Args)
	return name + " " + args + " (in a codemode script: await tools." + name + "(" + args + "))"
}
