package roots

import (
	"path"
	"path/filepath"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// maxRespelled is how many existing paths Respelled returns at most: more
// than one is already an ambiguity to show, not to choose from.
const maxRespelled = 4

// Respelled returns the existing paths that l names in another spelling of
// the same characters: a name composed where the disk has it decomposed
// (NFC and NFD: macOS writes file names decomposed), or typographic quotes,
// dashes and spaces where the disk has ASCII ones (and the other way
// round). Each missing component is compared with the entries of its
// directory under that folding, so the answer is exact: one path means l
// could only mean it, several are an ambiguity, none that nothing matches.
// Everything is read through l's root; nothing near but different (a
// typo) is returned: that is Suggest's.
func (s *Set) Respelled(l Loc) []Loc {
	if l.Root == nil || l.Rel == "." {
		return nil
	}
	var out []Loc
	for _, rel := range respell(l.Root, ".", strings.Split(l.Rel, "/")) {
		if rel != l.Rel {
			out = append(out, Loc{Root: l.Root, Rel: rel})
		}
	}
	return out
}

// respell finds the paths below dir whose components match parts, each as
// it is or folded.
func respell(r *Root, dir string, parts []string) []string {
	if len(parts) == 0 {
		return []string{dir}
	}
	if parts[0] == ".." || parts[0] == "." || parts[0] == "" {
		return nil
	}
	next := path.Join(dir, parts[0])
	if _, err := r.os.Lstat(filepath.FromSlash(next)); err == nil {
		return respell(r, next, parts[1:])
	}
	var out []string
	for _, name := range sameFolded(r, dir, parts[0]) {
		out = append(out, respell(r, path.Join(dir, name), parts[1:])...)
		if len(out) >= maxRespelled {
			return out[:maxRespelled]
		}
	}
	return out
}

// sameFolded lists the entries of dir that fold to the same name as want.
func sameFolded(r *Root, dir, want string) []string {
	key := foldName(want)
	f, err := r.os.Open(filepath.FromSlash(dir))
	if err != nil {
		return nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(maxScan)
	var out []string
	for _, name := range names {
		if name != want && foldName(name) == key {
			out = append(out, name)
		}
	}
	return out
}

// foldName is a file name with the differences Respelled ignores folded
// away: composed Unicode (NFC), and ASCII for the typographic quotes,
// dashes and spaces that word processors and models put in their place.
func foldName(name string) string {
	return strings.Map(plainPunct, norm.NFC.String(name))
}

// SpellingDifference says how two spellings of one path that Respelled
// matched differ, for a note: "in another Unicode normalization
// (NFC/NFD)", "with other quotes, dashes or spaces", or both.
func SpellingDifference(written, found string) string {
	var what []string
	if strings.Map(plainPunct, written) != strings.Map(plainPunct, found) {
		what = append(what, "in another Unicode normalization (NFC/NFD)")
	}
	if norm.NFC.String(written) != norm.NFC.String(found) {
		what = append(what, "with other quotes, dashes or spaces")
	}
	return strings.Join(what, " and ")
}

// plainPunct maps a typographic quote, dash or space to its ASCII one.
func plainPunct(r rune) rune {
	switch {
	case strings.ContainsRune("\u2018\u2019\u201A\u201B\u2032\u00B4", r):
		return '\''
	case strings.ContainsRune("\u201C\u201D\u201E\u201F\u2033", r):
		return '"'
	case strings.ContainsRune("\u2010\u2011\u2012\u2013\u2014\u2015\u2212", r):
		return '-'
	case strings.ContainsRune("\u00A0\u2007\u202F\u2009\u200A", r):
		return ' '
	}
	return r
}
