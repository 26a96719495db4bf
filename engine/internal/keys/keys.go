// Package keys holds how the engine compares the names in a call: argument
// keys in any spelling (max_bytes is maxBytes), tool names in any spelling
// (fs.read is fs_read), the names another server's prefix leaves, and the
// sorted walks over a map that make every repair deterministic. It imports
// nothing of f0's, so that both the engine and its repair stages can use it.
package keys

import (
	"iter"
	"slices"
	"strings"
	"unicode"

	"github.com/agnivade/levenshtein"
)

// InOrder yields the keys of m in sorted order, from a snapshot taken
// first (the loop may add and delete keys). Up to 16 keys it allocates
// nothing: it runs on every repair pass of every call.
func InOrder[V any](m map[string]V) iter.Seq[string] {
	return func(yield func(string) bool) {
		var buf [16]string
		keys := buf[:0]
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if !yield(k) {
				return
			}
		}
	}
}

// Sorted returns the keys of m sorted, in one allocation (where
// slices.Sorted(maps.Keys(m)) grows its slice).
func Sorted[V any](m map[string]V) []string {
	if len(m) == 0 {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Fold spells an argument name so that spellings that differ only in
// case, '_', '-' and spaces compare equal.
func Fold(s string) string {
	if isFolded(s) {
		return s // most keys already are: no allocation on every lookup
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '_' || r == '-' || r == ' ':
		case 'A' <= r && r <= 'Z':
			b.WriteRune(r + ('a' - 'A'))
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// isFolded reports whether Fold would return s unchanged.
func isFolded(s string) bool {
	for i := range len(s) {
		c := s[i]
		if c >= 0x80 || c == '_' || c == '-' || c == ' ' || 'A' <= c && c <= 'Z' {
			return false
		}
	}
	return true
}

// Lookup finds a key by any spelling of its name (see Fold).
func Lookup[V any](m map[string]V, name string) (V, bool) {
	if v, ok := m[name]; ok {
		return v, true
	}
	for k, v := range m {
		if Fold(k) == Fold(name) {
			return v, true
		}
	}
	var zero V
	return zero, false
}

// Contains reports whether list holds s, ignoring case.
func Contains(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// Normal maps every spelling of a tool name to one key: lower case, with
// '.', '_', '-', '/', ':' and spaces all turned into a single '_'.
func Normal(name string) string {
	if isNormal(name) {
		return name
	}
	return rewriteName(name)
}

// rewriteName is Normal for a name that is not its own key.
func rewriteName(name string) string {
	var b strings.Builder
	lastSep := true
	for _, r := range strings.TrimSpace(name) {
		switch {
		case r == '.' || r == '_' || r == '-' || r == '/' || r == ':' || unicode.IsSpace(r):
			if !lastSep {
				b.WriteByte('_')
				lastSep = true
			}
		default:
			b.WriteRune(unicode.ToLower(r))
			lastSep = false
		}
	}
	return strings.TrimSuffix(b.String(), "_")
}

// isNormal reports whether name is its own key already (lower-case ASCII
// letters and digits, single '_' between them), the common case of names
// that need no copy.
func isNormal(name string) bool {
	if name == "" || name[0] == '_' || name[len(name)-1] == '_' {
		return name == ""
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case c == '_' && name[i-1] != '_':
		default:
			return false
		}
	}
	return true
}

// Distance is the Levenshtein distance, except that swapping two
// adjacent letters ("nmae" for "name") counts as one edit.
func Distance(a, b string) int {
	d := levenshtein.ComputeDistance(a, b)
	if d == 2 && len(a) == len(b) {
		diff := []int{}
		for i := 0; i < len(a); i++ {
			if a[i] != b[i] {
				diff = append(diff, i)
			}
		}
		if len(diff) == 2 && diff[1] == diff[0]+1 && a[diff[0]] == b[diff[1]] && a[diff[1]] == b[diff[0]] {
			return 1
		}
	}
	return d
}

// knownServers are server names clients put before tool names with a
// single '_' (pi's <server>_tool): with one of them in front, another
// server's tool name is still recognised.
var knownServers = []string{"filesystem", "server_filesystem", "fs", "files", "file", "fetch", "web", "http", "f0", "default_api", "functions", "tools", "mcp"}

// OtherNameCandidates are the normalised names a requested name may stand
// for among other servers' tool names: the name, and the name with a
// client's or server's prefix removed (mcp__filesystem__read_file,
// mcp_fs_read_file, filesystem_read_file).
func OtherNameCandidates(name string) []string {
	norm := Normal(name)
	out := []string{norm}
	lower := strings.ToLower(strings.TrimSpace(name))
	prefixed := strings.HasPrefix(norm, "mcp_") || strings.Contains(lower, "__") || strings.ContainsAny(lower, ".:")
	for _, s := range knownServers {
		prefixed = prefixed || strings.HasPrefix(norm, s+"_")
	}
	if !prefixed {
		return out
	}
	if parts := separated(lower); len(parts) > 1 {
		// files.make_dir is the files server's make_dir, never its dir:
		// where the name marks its prefix, the tool's own name is whole.
		for i := 1; i < len(parts); i++ {
			if rest := Normal(strings.Join(parts[i:], "_")); rest != "" {
				out = append(out, rest)
			}
		}
		return out
	}
	for i := strings.IndexByte(norm, '_'); i >= 0; {
		rest := norm[i+1:]
		if rest != "" {
			out = append(out, rest)
		}
		j := strings.IndexByte(rest, '_')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return out
}

// separated splits a name at the marks that set a server or namespace
// off a tool's name ('.', ':', '/', "__"), leaving each part's own '_'
// and '-' alone: e2b's files.make_dir is files and make_dir.
func separated(name string) []string {
	return strings.FieldsFunc(strings.ReplaceAll(name, "__", "."), func(r rune) bool {
		return r == '.' || r == ':' || r == '/'
	})
}

// Suffixes are the names left after dropping leading words one at a time:
// x_fs_read gives fs_read and read. A server prefix of any shape (pi's
// <server>_, gemini-cli's <server>__) leaves f0's own name as a suffix.
func Suffixes(norm string) []string {
	var out []string
	for i := strings.IndexByte(norm, '_'); i >= 0; {
		out = append(out, norm[i+1:])
		j := strings.IndexByte(norm[i+1:], '_')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return out
}
