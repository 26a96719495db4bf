package roots

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agnivade/levenshtein"
)

// NotFoundError is a missing path, with the nearest existing names.
type NotFoundError struct {
	// Op is what was attempted ("read", "stat").
	Op string
	// Path is the missing path as results show it.
	Path string
	// Suggestions are existing paths, as results show them, nearest first.
	Suggestions []string
	// Elsewhere are paths with the same relative path in the other roots,
	// as results show them (absolute unless in the first root).
	Elsewhere []string
}

func (e *NotFoundError) Error() string {
	msg := e.Op + " " + e.Path + ": no such file or directory"
	switch {
	case len(e.Elsewhere) > 0:
		msg += "; it exists in another root: " + strings.Join(e.Elsewhere, " and ")
	case len(e.Suggestions) > 0:
		msg += "; did you mean " + strings.Join(e.Suggestions, " or ") + "?"
	}
	return msg
}

// Unwrap makes errors.Is(err, fs.ErrNotExist) hold.
func (e *NotFoundError) Unwrap() error { return fs.ErrNotExist }

// AsNotFound reports whether err is a missing path.
func AsNotFound(err error) (*NotFoundError, bool) {
	var nf *NotFoundError
	ok := errors.As(err, &nf)
	return nf, ok
}

// maxSuggestions is how many near names a missing path suggests.
const maxSuggestions = 3

// maxScan is how many entries of one directory are compared with a missing
// name; huge directories are not read in full for a suggestion.
const maxScan = 5000

// Suggest returns existing paths near a missing one, as results show them:
// the first missing component is replaced by the nearest names of its
// directory (edit distance, ignoring case; "README" finds "README.md"), and
// the rest of the path is corrected the same way. With several roots the
// other roots are searched the same way after l's own, so a relative path
// meant for the second root still finds its file. Everything is read
// through the roots.
func (s *Set) Suggest(l Loc) []string {
	if l.Root == nil || l.Rel == "." {
		return nil
	}
	parts := strings.Split(l.Rel, "/")
	var out []string
	for _, r := range s.ordered(l.Root) {
		for _, rel := range s.fix(r, ".", parts, 0) {
			if r != l.Root || rel != l.Rel {
				out = append(out, s.Display(Loc{Root: r, Rel: rel}))
			}
		}
		if len(out) >= maxSuggestions {
			return out[:maxSuggestions]
		}
	}
	return out
}

// Elsewhere returns l's relative path in the other roots where it exists,
// as results show them.
func (s *Set) Elsewhere(l Loc) []string {
	if l.Root == nil || l.Rel == "." {
		return nil
	}
	var out []string
	for _, r := range s.ordered(l.Root)[1:] {
		if _, err := r.os.Lstat(filepath.FromSlash(l.Rel)); err == nil {
			out = append(out, s.Display(Loc{Root: r, Rel: l.Rel}))
		}
	}
	return out
}

// ordered is the roots with first in front, then the others in order.
func (s *Set) ordered(first *Root) []*Root {
	out := []*Root{first}
	for _, r := range s.roots {
		if r != first {
			out = append(out, r)
		}
	}
	return out
}

// fix corrects parts below dir; depth bounds the fan-out of corrections.
func (s *Set) fix(r *Root, dir string, parts []string, depth int) []string {
	if len(parts) == 0 {
		return []string{dir}
	}
	next := path.Join(dir, parts[0])
	if parts[0] == ".." || parts[0] == "." {
		return nil
	}
	if _, err := r.os.Lstat(filepath.FromSlash(next)); err == nil {
		return s.fix(r, next, parts[1:], depth)
	}
	if depth >= 2 {
		return nil
	}
	var out []string
	for _, name := range nearNames(r, dir, parts[0]) {
		out = append(out, s.fix(r, path.Join(dir, name), parts[1:], depth+1)...)
		if len(out) >= maxSuggestions {
			return out[:maxSuggestions]
		}
	}
	return out
}

// nearNames lists the entries of dir close to want, nearest first.
func nearNames(r *Root, dir, want string) []string {
	f, err := r.os.Open(filepath.FromSlash(dir))
	if err != nil {
		return nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(maxScan)
	type scored struct {
		name string
		d    int
	}
	var hits []scored
	for _, name := range names {
		if d, ok := nameDistance(want, name); ok {
			hits = append(hits, scored{name, d})
		}
	}
	slices.SortFunc(hits, func(a, b scored) int {
		if a.d != b.d {
			return a.d - b.d
		}
		return strings.Compare(a.name, b.name)
	})
	out := make([]string, 0, min(len(hits), maxSuggestions))
	for _, h := range hits[:min(len(hits), maxSuggestions)] {
		if h.d > hits[0].d {
			break // only the nearest
		}
		out = append(out, h.name)
	}
	return out
}

// nameDistance scores how near name is to want; ok is false when it is not
// near at all.
func nameDistance(want, name string) (int, bool) {
	w, n := strings.ToLower(want), strings.ToLower(name)
	if w == n {
		return 0, true
	}
	d := levenshtein.ComputeDistance(w, n)
	if d == 2 && len(w) == len(n) && swapped(w, n) {
		d = 1
	}
	if stem := strings.TrimSuffix(n, path.Ext(n)); stem == w || strings.TrimSuffix(w, path.Ext(w)) == stem && stem != "" {
		d = min(d, 1) // README → README.md, main.go → main.rs
	}
	limit := min(len(w), len(n)) / 3
	if limit == 0 && len(w) >= 3 {
		limit = 1 // one slip in a short name: mian → main, but not q → x
	}
	return d, d <= limit
}

// swapped reports whether a and b (of equal length) differ by one swap of
// adjacent characters: "mian" and "main".
func swapped(a, b string) bool {
	var diff []int
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] {
			diff = append(diff, i)
		}
	}
	return len(diff) == 2 && diff[1] == diff[0]+1 && a[diff[0]] == b[diff[1]] && a[diff[1]] == b[diff[0]]
}
