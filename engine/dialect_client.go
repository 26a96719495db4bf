package engine

import (
	"cmp"
	"context"
	"errors"
	"strconv"
	"strings"

	"f0/internal/setting"
	"f0/tool"
)

// Client is what f0 knows of the client a call comes from: where it cuts
// results itself, and how it writes the calls f0 suggests. MCP front ends
// learn it from initialize's clientInfo.
type Client struct {
	// Name is the clientInfo name as sent ("pi-mcp-f0", "claude-code").
	Name string
	// Kind is the family f0 recognised ("pi", "claude-code"), or "".
	Kind string
	// Limits are where the client cuts a result; zero fields: no cut known.
	Limits tool.Limits
	// Render writes suggested calls for the model in this client; nil
	// keeps the listed names.
	Dialect Dialect
	// Guessed says Limits are f0's default for a client it does not know,
	// not a cut the client is known to make.
	Guessed bool
}

// Label names the client in messages.
func (c Client) Label() string {
	switch {
	case c.Kind != "":
		return c.Kind
	case c.Name != "":
		return c.Name
	}
	return "the client"
}

type clientKey struct{}

// WithClient tells the pipeline which client the calls made with ctx come
// from: results are cut below its own cut, and suggestions are written
// with its dialect.
func WithClient(ctx context.Context, c Client) context.Context {
	ctx = context.WithValue(ctx, clientKey{}, c)
	return WithDialect(ctx, c.Dialect)
}

// ClientFrom returns the client of ctx; the zero Client when unknown.
func ClientFrom(ctx context.Context) Client {
	c, _ := ctx.Value(clientKey{}).(Client)
	return c
}

// Known client limits.
const (
	// PiMaxBytes and PiMaxLines are pi-mcp-adapter's output guard
	// (pi's DEFAULT_MAX_BYTES and DEFAULT_MAX_LINES): text past either
	// is cut, the start kept. The table (clients.json) holds them too.
	PiMaxBytes = 50 * 1024
	PiMaxLines = 2000
	// ClaudeCodeMaxTokens is Claude Code's default MAX_MCP_OUTPUT_TOKENS.
	ClaudeCodeMaxTokens = 25000
	// bytesPerToken turns a token limit into bytes, low enough for code,
	// JSON and non-Latin text, which take more tokens per byte than prose.
	bytesPerToken = 2
)

// ClientOptions are what the operator told f0 about clients.
type ClientOptions struct {
	// Limits by clientInfo name, for clients f0 does not know or to
	// override the known ones (--client-limits NAME=BYTES[,LINES]). A
	// name ending in "*" matches every name with that prefix.
	Limits map[string]tool.Limits
	// ServerName is the name the client knows this server by, when f0
	// cannot learn it (Claude Code's mcp__<server>__ prefix); default "f0".
	ServerName string
	// PiDirect lists the tools configured as pi directTools (listed
	// names), when the operator says; nil when f0 has to guess.
	PiDirect []string
	// ClaudeCodeTokens is Claude Code's MAX_MCP_OUTPUT_TOKENS when set
	// in f0's environment (a stdio child inherits it); 0 for the default.
	ClaudeCodeTokens int
}

// Client returns what f0 knows of the client that introduced itself as
// name (clientInfo.name): its row of the client table (clients.json), or
// the default budget of a client no row knows. The operator's
// --client-limits win over both.
func (p *Host) Client(name string) Client {
	c := Client{Name: name}
	opts := p.cfg.Clients
	server := cmp.Or(opts.ServerName, "f0")
	table := Clients()
	switch row, rest, ok := table.profileOf(name, server); {
	case name == RelayClientName:
		c.Dialect = newMarkedDialect()
	case ok:
		c.Kind, c.Limits = row.label(), row.limits(opts.ClaudeCodeTokens)
		c.Dialect = p.profileDialect(row, name, rest, server)
		if row.Cut == nil { // nobody measured where it cuts
			c.Limits, c.Guessed = tool.Limits{Bytes: table.DefaultBytes}, true
		}
	default:
		c.Limits, c.Guessed = tool.Limits{Bytes: table.DefaultBytes}, true
	}
	if l, ok := operatorLimits(opts.Limits, name); ok {
		c.Limits, c.Guessed = l, false
	}
	return c
}

// profileDialect is the dialect of a client of row: name is its clientInfo
// name, rest what follows a matched prefix, server --server-name.
func (p *Host) profileDialect(row Profile, name, rest, server string) Dialect {
	switch row.Server {
	case "clientinfo":
		server = name
	case "suffix":
		server = rest
	}
	switch {
	case row.Call == "pi-proxy":
		return p.piDialect(server)
	case row.Call == "codemode":
		return PiCodemodeDialect{Server: server}
	case row.Naming != "":
		prefix, suffix := row.affixes(row.sanitize(server))
		return PrefixDialect{Prefix: prefix, Suffix: suffix}
	}
	return nil
}

// operatorLimits finds the operator's limits for a client name: an exact
// name first, then the longest matching prefix pattern.
func operatorLimits(m map[string]tool.Limits, name string) (tool.Limits, bool) {
	if l, ok := m[name]; ok {
		return l, true
	}
	best, found := "", false
	var out tool.Limits
	for pattern, l := range m {
		prefix, ok := strings.CutSuffix(pattern, "*")
		if ok && strings.HasPrefix(name, prefix) && len(prefix) >= len(best) {
			best, out, found = prefix, l, true
		}
	}
	return out, found
}

// ParseClientLimits reads one value of the client-limits setting:
// NAME=BYTES[,LINES].
func ParseClientLimits(s string) (string, tool.Limits, error) {
	name, spec, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return "", tool.Limits{}, &setting.SettingError{Setting: setting.ClientLimitsSetting, Value: s, Err: errors.New("expected NAME=BYTES[,LINES], as in pi-mcp-f0=51200,2000")}
	}
	bytesText, linesText, hasLines := strings.Cut(spec, ",")
	var l tool.Limits
	var err error
	if l.Bytes, err = strconv.Atoi(strings.TrimSpace(bytesText)); err != nil || l.Bytes < 1024 {
		return "", tool.Limits{}, &setting.SettingError{Setting: setting.ClientLimitsSetting, Value: s, Err: errors.New("BYTES must be a number of at least 1024")}
	}
	if hasLines {
		if l.Lines, err = strconv.Atoi(strings.TrimSpace(linesText)); err != nil || l.Lines < 10 {
			return "", tool.Limits{}, &setting.SettingError{Setting: setting.ClientLimitsSetting, Value: s, Err: errors.New("LINES must be a number of at least 10")}
		}
	}
	return name, l, nil
}
