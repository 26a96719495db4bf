package editformat

import (
	"regexp"
	"strconv"
	"strings"
)

// The markers of SEARCH/REPLACE blocks, matched against a whole line:
// Aider's and Cline's legacy "<<<<<<< SEARCH" / ">>>>>>> REPLACE", Cline's
// current "------- SEARCH" / "+++++++ REPLACE", Roo Code's ":start_line:",
// ":end_line:" and "-------" lines after the opening marker.
var (
	srOpen      = regexp.MustCompile(`^\s*(?:-{3,}|<{3,}) ?SEARCH>?\s*$`)
	srDivider   = regexp.MustCompile(`^\s*={3,}\s*$`)
	srClose     = regexp.MustCompile(`^\s*(?:\+{3,}|>{3,}) ?REPLACE>?\s*$`)
	srRooSep    = regexp.MustCompile(`^\s*-{3,}\s*$`)
	srStartLine = regexp.MustCompile(`^\s*:start_line:\s*(\d+)\s*$`)
	srEndLine   = regexp.MustCompile(`^\s*:end_line:\s*\d+\s*$`)
	// srEscaped is a content line that starts with a backslash before a
	// marker, as Roo Code writes a marker that is part of the text.
	srEscaped = regexp.MustCompile(`^\\(<<<<<<<|=======|>>>>>>>|-------|\+\+\+\+\+\+\+|:start_line:|:end_line:)`)
	// lineLabel is the "42 | " (or cat -n "    42\t") a read tool puts
	// before each line, copied into a SEARCH part by mistake.
	lineLabel = regexp.MustCompile(`^\s*(\d+)(?:\s*\|(?:$| ?)|\t)`)
)

// ParseSearchReplace reads SEARCH/REPLACE blocks. Each block becomes one
// Edit of an Update; a file path on the line before a block (or before
// the code fence that holds it), as Aider writes it, names the file the
// block and the blocks after it change, and blocks for one file gather in
// one FileOp. Blocks that name no file give one FileOp with no Path.
// Text between blocks is ignored.
func ParseSearchReplace(text string) ([]FileOp, error) {
	ls := splitLines(text)
	var ops []FileOp
	byPath := map[string]int{}
	path := ""
	for i := 0; i < len(ls); {
		l := ls[i]
		switch {
		case srDivider.MatchString(l.text) || srClose.MatchString(l.text):
			return nil, srError(l, "a SEARCH line (<<<<<<< SEARCH or ------- SEARCH) to open the block before it")
		case !srOpen.MatchString(l.text):
			i++
			continue
		}
		if p := pathBefore(ls[:i]); p != "" {
			path = p
		}
		e, next, err := readBlock(ls, i)
		if err != nil {
			return nil, err
		}
		k, seen := byPath[path]
		if !seen {
			k = len(ops)
			byPath[path] = k
			ops = append(ops, FileOp{Kind: Update, Path: path})
		}
		ops[k].Edits = append(ops[k].Edits, e)
		i = next
	}
	if len(ops) == 0 {
		return nil, &ParseError{Format: SearchReplace, Expected: "a block opened by a line <<<<<<< SEARCH (or ------- SEARCH); none was found"}
	}
	return ops, nil
}

// srError is a ParseError of SEARCH/REPLACE blocks at l.
func srError(l line, expected string) error {
	return &ParseError{Format: SearchReplace, Line: l.n, Text: l.text, Expected: expected}
}

// readBlock reads the block that opens at ls[i] and returns its edit and
// the index of the line after it.
func readBlock(ls []line, i int) (Edit, int, error) {
	open := ls[i]
	j, hint := rooHeader(ls, i+1)
	at := " the block opened at line " + strconv.Itoa(open.n)
	search, j, err := readPart(ls, j, srDivider, "a line ======= to end the SEARCH part of"+at)
	if err != nil {
		return Edit{}, 0, err
	}
	replace, j, err := readPart(ls, j+1, srClose, "a line >>>>>>> REPLACE (or +++++++ REPLACE) to close"+at)
	if err != nil {
		return Edit{}, 0, err
	}
	search, replace, labelHint := stripLabels(search, replace)
	if hint == 0 {
		hint = labelHint
	}
	e := Edit{OldText: joinLines(search), NewText: joinLines(replace), LineHint: hint, WholeLines: true, Source: open.n}
	if strings.TrimSpace(e.OldText) == "" {
		e.OldText = ""
	}
	return e, j + 1, nil
}

// readPart reads the lines of one part of a block, from ls[j] to the
// line end matches, and returns them unescaped with that line's index.
// Another marker before it, or the end of the text, is an error.
func readPart(ls []line, j int, end *regexp.Regexp, expected string) ([]string, int, error) {
	var part []string
	for ; j < len(ls); j++ {
		t := ls[j].text
		switch {
		case end.MatchString(t):
			return part, j, nil
		case srOpen.MatchString(t) || srDivider.MatchString(t) || srClose.MatchString(t):
			return nil, 0, srError(ls[j], expected+" (write a marker that is part of the text with a backslash before it)")
		}
		part = append(part, unescape(t))
	}
	return nil, 0, &ParseError{Format: SearchReplace, Expected: expected}
}

// rooHeader skips Roo Code's ":start_line:", ":end_line:" and "-------"
// lines after an opening marker, returning the index of the first line
// of the SEARCH part and the start line (0 if none).
func rooHeader(ls []line, j int) (int, int) {
	hint := 0
	for ; j < len(ls); j++ {
		if m := srStartLine.FindStringSubmatch(ls[j].text); m != nil {
			hint, _ = strconv.Atoi(m[1])
			continue
		}
		if !srEndLine.MatchString(ls[j].text) {
			break
		}
	}
	if j < len(ls) && srRooSep.MatchString(ls[j].text) {
		j++
	}
	return j, hint
}

// unescape drops the backslash before a marker that is part of the text.
func unescape(s string) string {
	if srEscaped.MatchString(s) {
		return s[1:]
	}
	return s
}

// stripLabels removes the line labels ("42 | ") a read tool adds, when
// every non-blank SEARCH line carries one, from the SEARCH part and, when
// its lines carry them too, from the REPLACE part. The first label is the
// line the SEARCH part starts at.
func stripLabels(search, replace []string) ([]string, []string, int) {
	if !allLabelled(search) {
		return search, replace, 0
	}
	first, _ := strconv.Atoi(lineLabel.FindStringSubmatch(firstNonBlank(search))[1])
	search = dropLabels(search)
	if allLabelled(replace) {
		replace = dropLabels(replace)
	}
	return search, replace, first
}

func allLabelled(ls []string) bool {
	n := 0
	for _, l := range ls {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if !lineLabel.MatchString(l) {
			return false
		}
		n++
	}
	return n > 0
}

func firstNonBlank(ls []string) string {
	for _, l := range ls {
		if strings.TrimSpace(l) != "" {
			return l
		}
	}
	return ""
}

func dropLabels(ls []string) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l[len(lineLabel.FindString(l)):]
	}
	return out
}

// pathBefore finds the file path Aider writes before a block: the last
// non-blank line before it, or before the code fence just above it, when
// that line looks like a path. Up to three lines back are read.
func pathBefore(ls []line) string {
	for k, seen := len(ls)-1, 0; k >= 0 && seen < 3; k, seen = k-1, seen+1 {
		t := strings.TrimSpace(ls[k].text)
		if t == "" || fenceLine.MatchString(t) {
			continue
		}
		if srClose.MatchString(t) {
			return ""
		}
		return pathLike(t)
	}
	return ""
}

// pathLike cleans a line that names a file ("**src/app.py**", "`a.go`:",
// "### main.py") and returns the path, or "" when the line is not one.
func pathLike(t string) string {
	t = strings.TrimLeft(t, "# ")
	t = strings.TrimSuffix(t, ":")
	t = strings.Trim(t, "*`'\"")
	if t == "" || len(t) > 255 || strings.ContainsAny(t, " \t") || !strings.ContainsAny(t, "./") {
		return ""
	}
	return t
}
