package engine

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"f0/engine/internal/keys"
	"f0/tool"
)

// NameStyle is how tool names are listed to clients.
type NameStyle int

const (
	// Underscore lists net_curl: accepted by every client.
	Underscore NameStyle = iota
	// Dotted lists net.curl.
	Dotted
)

// ParseNameStyle reads --tool-names.
func ParseNameStyle(s string) (NameStyle, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "underscore", "default", "flat":
		return Underscore, true
	case "dotted", "dot", "dots":
		return Dotted, true
	}
	return Underscore, false
}

// NameKey is the form every spelling of a tool name resolves through: two
// names with one key are one name.
func NameKey(name string) string { return keys.Normal(name) }

// clientPrefixes are the prefixes clients and gateways put before a tool
// name, in normalised form; "mcp__server__" is handled separately because
// the server part varies.
var clientPrefixes = []string{"f0", "functions", "default_api", "tools_call"}

// candidates returns the normalised forms a requested name may stand for:
// the name itself and the name with a known prefix removed.
func candidates(name, configuredPrefix string) []string {
	raw := strings.TrimSpace(name)
	out := []string{keys.Normal(raw)}
	if rest, ok := strings.CutPrefix(strings.ToLower(raw), "mcp__"); ok {
		if i := strings.Index(rest, "__"); i >= 0 {
			out = append(out, keys.Normal(rest[i+2:]))
		}
	}
	prefixes := clientPrefixes
	if p := keys.Normal(configuredPrefix); p != "" {
		prefixes = append([]string{p}, prefixes...)
	}
	// Strip prefixes from every candidate, the ones found so far included:
	// a client prefix may wrap a server prefix (mcp__f0__p_net_curl,
	// f0_p_net_curl).
	for i := 0; i < len(out); i++ {
		for _, p := range prefixes {
			if rest, ok := strings.CutPrefix(out[i], p+"_"); ok && rest != "" && !slices.Contains(out, rest) {
				out = append(out, rest)
			}
		}
	}
	return out
}

// NameWords splits a name into lower-case words at separators and
// camelCase boundaries: "readFile" and "read-file" both give [read file].
func NameWords(name string) []string { return words(name) }

// words splits a name into lower-case words at separators and camelCase
// boundaries: "readFile" and "read_file" both give [read file].
func words(name string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prevLower := false
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			prevLower = false
		case unicode.IsUpper(r) && prevLower:
			flush()
			cur = append(cur, r)
			prevLower = false
		default:
			cur = append(cur, r)
			prevLower = unicode.IsLower(r)
		}
	}
	flush()
	return out
}

// wordSynonyms map words models use to the words f0's names use.
var wordSynonyms = map[string]string{
	"file": "fs", "files": "fs", "filesystem": "fs", "dir": "list", "directory": "list",
	"ls": "list", "cat": "read", "open": "read", "get": "read", "view": "read",
	"grep": "search", "rg": "search", "ripgrep": "search", "glob": "find", "locate": "find",
	"http": "curl", "fetch": "curl", "request": "curl", "wget": "curl", "web": "curl", "url": "curl",
	"put": "write", "save": "write", "create": "write", "replace": "edit", "patch": "edit",
	"rm": "delete", "remove": "delete", "unlink": "delete", "mv": "move", "rename": "move",
	"cp": "copy", "info": "stat", "help": "describe", "schema": "describe",
}

// suggestion is a tool proposed for a name that did not resolve.
type suggestion struct {
	tool  *tool.Tool
	score int // lower is better
	dist  int // edit distance to the closest of its names
}

// suggest ranks tools whose names are close to name: by edit distance over
// normalised names (with and without namespace), then by shared words.
func suggest(name, prefix string, tools []*tool.Tool, limit int) []*tool.Tool {
	cands := candidates(name, prefix)
	in := cands[len(cands)-1]
	inWords := words(name)
	for _, w := range inWords {
		if s, ok := wordSynonyms[w]; ok {
			inWords = append(inWords, s)
		}
	}
	var found []suggestion
	for _, t := range tools {
		full := keys.Normal(t.Name)
		short := keys.Normal(strings.TrimPrefix(t.Name, t.Namespace()+"."))
		// Scores, lower is better: an exact name 0; a word that is the
		// tool's own name or keyword ("cat" → fs_read) beats a misspelling
		// at distance one or more; a namespace alone comes last.
		best, dist := 1<<30, 1<<30
		for _, key := range append([]string{full, short}, aliasKeys(t)...) {
			d := keys.Distance(in, key)
			dist = min(dist, d)
			if d <= maxDistance(key) {
				best = min(best, 200*d)
			}
		}
		if hits, strong := wordHits(inWords, t); hits > 0 {
			if strong {
				best = min(best, 150-hits)
			} else {
				best = min(best, 1000-hits)
			}
		}
		if best < 1<<30 {
			found = append(found, suggestion{t, best, dist})
		}
	}
	// Equal scores (the same words in common) go to the closest spelling.
	sort.SliceStable(found, func(i, j int) bool {
		if found[i].score != found[j].score {
			return found[i].score < found[j].score
		}
		if found[i].dist != found[j].dist {
			return found[i].dist < found[j].dist
		}
		return found[i].tool.Name < found[j].tool.Name
	})
	var out []*tool.Tool
	for _, s := range found {
		if len(out) == limit {
			break
		}
		out = append(out, s.tool)
	}
	return out
}

func aliasKeys(t *tool.Tool) []string {
	out := make([]string, 0, len(t.Aliases))
	for _, a := range t.Aliases {
		out = append(out, keys.Normal(a))
	}
	return out
}

// maxDistance is the edit distance still treated as a misspelling.
func maxDistance(s string) int {
	switch n := len(s); {
	case n <= 4:
		return 1
	case n <= 8:
		return 2
	default:
		return 3
	}
}

// wordHits counts how many of the words point at the tool: its namespace,
// its short name, or one of its keywords; strong when one of them is more
// than the namespace.
func wordHits(inWords []string, t *tool.Tool) (hits int, strong bool) {
	own := map[string]int{t.Namespace(): 1}
	for _, w := range words(strings.TrimPrefix(t.Name, t.Namespace()+".")) {
		own[w] = 2
	}
	for _, k := range t.Keywords {
		if _, ok := own[k]; !ok {
			own[strings.ToLower(k)] = 1
		}
	}
	seen := map[string]bool{}
	for _, w := range inWords {
		if seen[w] {
			continue
		}
		seen[w] = true
		hits += own[w]
		strong = strong || own[w] > 0 && w != t.Namespace()
	}
	return hits, strong
}
