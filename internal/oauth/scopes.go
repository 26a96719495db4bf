// Package oauth makes f0's HTTP transport an OAuth 2.1 resource server, as
// the MCP authorization spec asks: it finds the authorization server's keys
// from its metadata (RFC 8414, or OpenID Connect discovery), verifies JWT
// access tokens against them (signature, issuer, expiry, and an audience
// naming this server, RFC 8707), and reads the level of access the token's
// scopes grant.
package oauth

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"f0/tool"
)

// DefaultScopes is the scope map used when the operator names none: one
// scope for each of f0's access levels.
const DefaultScopes = "f0:read=read,f0:write=write,f0:admin=admin"

// Scopes maps OAuth scopes to the access level each grants. A token's level
// is the highest one its scopes grant.
type Scopes struct {
	levels map[string]tool.Access
}

// ParseScopes reads a map written as SCOPE=LEVEL pairs separated by commas,
// e.g. "f0:read=read,f0:write=write,f0:admin=admin".
func ParseScopes(text string) (Scopes, error) {
	s := Scopes{levels: map[string]tool.Access{}}
	for pair := range strings.SplitSeq(text, ",") {
		pair = strings.TrimSpace(pair)
		if pair == "" {
			continue
		}
		scope, level, ok := strings.Cut(pair, "=")
		scope = strings.TrimSpace(scope)
		if !ok || scope == "" || strings.ContainsAny(scope, " \"\\") {
			return Scopes{}, fmt.Errorf("scope map entry %q: want SCOPE=LEVEL, e.g. f0:read=read (a scope has no spaces or quotes)", pair)
		}
		access, err := tool.ParseAccess(level)
		if err != nil {
			return Scopes{}, fmt.Errorf("scope map entry %q: %w", pair, err)
		}
		s.levels[scope] = access
	}
	if len(s.levels) == 0 {
		return Scopes{}, fmt.Errorf("scope map %q names no scope: want SCOPE=LEVEL pairs, e.g. %s", text, DefaultScopes)
	}
	return s, nil
}

// Level is the highest access level the granted scopes give; ok is false
// when none of them is in the map.
func (s Scopes) Level(granted []string) (level tool.Access, ok bool) {
	for _, g := range granted {
		if l, found := s.levels[g]; found && l > level {
			level, ok = l, true
		}
	}
	return level, ok
}

// For is the scope that grants the level need with the least power: the one
// of the lowest level at or above need (ties by name); "" when none does.
func (s Scopes) For(need tool.Access) string {
	best, bestLevel := "", tool.Access(0)
	for _, name := range s.Names() {
		l := s.levels[name]
		if l >= need && (best == "" || l < bestLevel) {
			best, bestLevel = name, l
		}
	}
	return best
}

// Upto lists the scopes that grant at most the level ceiling, lowest level
// first: what a client needs to ask for to do everything a server capped at
// ceiling allows.
func (s Scopes) Upto(ceiling tool.Access) []string {
	var out []string
	for _, name := range s.Names() {
		if s.levels[name] <= ceiling {
			out = append(out, name)
		}
	}
	return out
}

// Names lists the mapped scopes, lowest level first, then by name.
func (s Scopes) Names() []string {
	names := make([]string, 0, len(s.levels))
	for name := range s.levels {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(s.levels[a], s.levels[b]), strings.Compare(a, b))
	})
	return names
}
