package editformat

import "strings"

// Patch is an edit text as read: its format, its operations, and what was
// removed from around it (a code fence, a heredoc), for a note.
type Patch struct {
	Format Format
	Ops    []FileOp
	Peeled string
}

// Detect tells which edit format text is written in, or Plain. A text is
// in a format when it starts as that format starts: its first line (after
// a code fence or a heredoc line, and for SEARCH/REPLACE blocks a file
// path line) is the format's opening line. Text that merely quotes an edit
// further down, as documentation does, is Plain. A text Detect names may
// still be malformed; Parse says where.
func Detect(text string) Format {
	return startFormat(text)
}

// Parse detects the format of text and reads it.
func Parse(text string) (Patch, error) {
	f := startFormat(text)
	if f == Plain {
		return Patch{}, &ParseError{Format: Plain, Expected: "an edit in one of the formats: SEARCH/REPLACE blocks, a unified diff, or an apply_patch envelope, starting on its first line. For example:\n" + Example(SearchReplace)}
	}
	ops, err := parseAs(f, text)
	if err != nil {
		return Patch{}, err
	}
	_, peeled := peel(splitLines(text))
	return Patch{Format: f, Ops: ops, Peeled: peeled}, nil
}

func parseAs(f Format, text string) ([]FileOp, error) {
	switch f {
	case SearchReplace:
		return ParseSearchReplace(text)
	case UnifiedDiff:
		return ParseUnifiedDiff(text)
	}
	return ParseApplyPatch(text)
}

// startFormat is the format the first lines of text begin.
func startFormat(text string) Format {
	ls := splitLines(text)
	ls, _ = peel(ls)
	for k, l := range ls {
		if k == 3 {
			break
		}
		t := strings.TrimSpace(l.text)
		switch {
		case t == "" || fenceLine.MatchString(t):
			continue
		case srOpen.MatchString(t):
			return SearchReplace
		case t == beginPatch:
			return ApplyPatchFormat
		case k == 0 && startsDiff(ls):
			return UnifiedDiff
		case k == 0 && (pathLike(t) != "" || heredocOpen.MatchString(t)):
			continue
		}
		return Plain
	}
	return Plain
}

// startsDiff reports whether lines begin as a diff does: git's "diff"
// line, an "Index:" line, a ---/+++ header, or an @@ hunk.
func startsDiff(ls []line) bool {
	t := ls[0].text
	switch {
	case strings.HasPrefix(t, "diff --git ") || strings.HasPrefix(t, "diff -") || strings.HasPrefix(t, "Index: "):
		return true
	case strings.HasPrefix(t, "--- "):
		return len(ls) > 1 && strings.HasPrefix(ls[1].text, "+++ ")
	}
	return hunkHeader.MatchString(t) || t == "@@" || strings.HasPrefix(t, "@@ ") && strings.HasSuffix(strings.TrimSpace(t), "@@")
}
