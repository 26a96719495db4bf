// Package upstream puts f0 in front of other MCP servers: it starts or
// connects to them (stdio or streamable HTTP) with mcp-go's client, keeps
// them alive (restarting a dead one with backoff), and turns their tools
// into f0 tools under a namespace of their own, so that every call goes
// through f0's pipeline: names, argument repair, validation, access and the
// output budget.
package upstream

import (
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strings"
	"time"

	"f0/internal/shellwords"
)

// Server is how to reach one upstream MCP server.
type Server struct {
	// Name is the namespace its tools are listed under (files →
	// files.read_text_file, listed files_read_text_file).
	Name string
	// Command and Args start a stdio server; Env is its environment,
	// beside the few variables of f0's it gets (see serverEnv); Dir, when
	// set, is its working directory.
	Command string
	Args    []string
	Env     map[string]string
	Dir     string
	// URL is a streamable HTTP server's endpoint; Headers are sent with
	// every request (an Authorization header among them).
	URL     string
	Headers map[string]string
}

// namePattern is what a namespace may look like: f0's tool names are lower
// snake case, and the namespace is the part before the dot.
var namePattern = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)

// ParseFlag reads one --upstream value: NAME=COMMAND LINE (split as a POSIX
// shell would) or NAME=URL (http:// or https://).
func ParseFlag(v string) (Server, error) {
	name, target, ok := strings.Cut(v, "=")
	if !ok || strings.TrimSpace(target) == "" {
		return Server{}, fmt.Errorf("--upstream %q: want NAME=COMMAND or NAME=URL, e.g. files='npx -y @modelcontextprotocol/server-filesystem /tmp'", v)
	}
	srv := Server{Name: Namespace(name)}
	if err := checkName(name, srv.Name); err != nil {
		return Server{}, fmt.Errorf("--upstream %q: %w", v, err)
	}
	target = strings.TrimSpace(target)
	if strings.HasPrefix(target, "http://") || strings.HasPrefix(target, "https://") {
		srv.URL = target
		return srv, nil
	}
	words, _, err := shellwords.ShellWords(target)
	if err != nil || len(words) == 0 {
		return Server{}, fmt.Errorf("--upstream %q: %q is not a command line: %v", v, target, err)
	}
	srv.Command, srv.Args = words[0], words[1:]
	return srv, nil
}

// Namespace is the namespace a server name becomes: lower case, with
// dashes, dots and spaces as underscores.
func Namespace(name string) string {
	return strings.Trim(strings.Map(func(r rune) rune {
		switch {
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		case r == '-' || r == '.' || r == ' ' || r == '/':
			return '_'
		}
		return r
	}, strings.TrimSpace(name)), "_")
}

func checkName(given, ns string) error {
	if !namePattern.MatchString(ns) {
		return fmt.Errorf("server name %q: want letters, digits, - or _, starting with a letter, at most 32 characters", given)
	}
	return nil
}

// Where says how the server is reached, for messages: its URL without
// credentials, query or fragment, or its command without the arguments,
// since either may hold a secret expanded from ${VAR}.
func (s Server) Where() string {
	if s.URL != "" {
		return publicURL(s.URL)
	}
	return s.Command
}

// publicURL is a URL without its user, password, query and fragment.
func publicURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(a URL that does not parse)"
	}
	u.User, u.RawQuery, u.ForceQuery, u.Fragment, u.RawFragment = nil, "", false, "", ""
	return u.String()
}

// Options are what every upstream connection of one f0 process shares.
type Options struct {
	// Version is f0's, sent in the handshake.
	Version string
	Logger  *slog.Logger
	// MaxMessage is the largest message read from a server, in bytes
	// (DefaultMaxMessage when zero).
	MaxMessage int
	// CallTimeout is how long a call waits for its server
	// (DefaultCallTimeout when zero): then it is cancelled, and its
	// --max-calls slot is free again.
	CallTimeout time.Duration
	// Prefix is the one f0 lists its tools with (--tools-prefix), which
	// counts in the length of an upstream tool's listed name.
	Prefix string
}

// DefaultCallTimeout is how long a call waits for its upstream server.
const DefaultCallTimeout = 5 * time.Minute

func (o Options) withDefaults() Options {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.MaxMessage <= 0 {
		o.MaxMessage = DefaultMaxMessage
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = DefaultCallTimeout
	}
	return o
}
