package editformat

import (
	"regexp"
	"strconv"
	"strings"
)

var (
	// hunkHeader is "@@ -12,7 +12,8 @@ func f()"; the counts may be left
	// out, and models also write "@@ ... @@" or a bare "@@".
	hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)
	hunkLoose  = regexp.MustCompile(`^@@(?:\s.*)?$`)
	gitRename  = regexp.MustCompile(`^rename (from|to) (.+)$`)
)

const noNewline = `\ No newline at end of file`

// ParseUnifiedDiff reads a unified diff of one or more files. A file
// whose old name is /dev/null is created, one whose new name is
// /dev/null deleted; git's a/ and b/ prefixes are removed, and git's
// "rename from"/"rename to" lines make a Move. Each hunk becomes one
// Edit: its context and "-" lines the OldText, its context and "+" lines
// the NewText, its old start line the LineHint. Hunk line counts are not
// trusted: a hunk ends where its lines do. Hunks with no file header give
// one FileOp with no Path.
func ParseUnifiedDiff(text string) ([]FileOp, error) {
	ls, _ := peel(splitLines(text))
	p := diffParser{ls: ls}
	if err := p.parse(); err != nil {
		return nil, err
	}
	if len(p.ops) == 0 {
		return nil, &ParseError{Format: UnifiedDiff, Expected: "a file header (--- a/file, +++ b/file) and an @@ hunk; none was found"}
	}
	return p.ops, nil
}

// diffParser reads a unified diff line by line.
type diffParser struct {
	ls  []line
	i   int
	ops []FileOp
	// renameFrom and renameTo are git's rename lines of the file being read.
	renameFrom, renameTo string
}

func (p *diffParser) parse() error {
	for p.i < len(p.ls) {
		t := p.ls[p.i].text
		switch {
		case strings.HasPrefix(t, "diff "):
			p.renameFrom, p.renameTo = "", ""
			p.i++
		case gitRename.MatchString(t):
			m := gitRename.FindStringSubmatch(t)
			if m[1] == "from" {
				p.renameFrom = unquotePath(m[2])
			} else {
				p.renameTo = unquotePath(m[2])
			}
			p.i++
			p.pureRename()
		case strings.HasPrefix(t, "--- ") && p.i+1 < len(p.ls) && strings.HasPrefix(p.ls[p.i+1].text, "+++ "):
			if err := p.file(); err != nil {
				return err
			}
		case hunkLoose.MatchString(t) || hunkHeader.MatchString(t):
			if err := p.hunks(FileOp{Kind: Update}); err != nil {
				return err
			}
		case strings.HasPrefix(t, "Binary files ") || strings.HasPrefix(t, "GIT binary patch"):
			return &ParseError{Format: UnifiedDiff, Line: p.ls[p.i].n, Text: t, Expected: "a text hunk; binary patches are not applied"}
		default:
			p.i++
		}
	}
	return nil
}

// pureRename records a git rename with no hunks after it: both rename
// lines read, and the next line not a file header.
func (p *diffParser) pureRename() {
	if p.renameFrom == "" || p.renameTo == "" {
		return
	}
	if p.i < len(p.ls) && strings.HasPrefix(p.ls[p.i].text, "--- ") {
		return
	}
	p.ops = append(p.ops, FileOp{Kind: Move, Path: p.renameFrom, MoveTo: p.renameTo})
	p.renameFrom, p.renameTo = "", ""
}

// file reads a ---/+++ header and the hunks after it.
func (p *diffParser) file() error {
	from, to := headerPath(p.ls[p.i].text[4:]), headerPath(p.ls[p.i+1].text[4:])
	from, to = stripGitPrefixes(from, to)
	p.i += 2
	op := FileOp{Kind: Update, Path: to}
	switch {
	case from == "/dev/null":
		op.Kind = Create
	case to == "/dev/null":
		op = FileOp{Kind: Delete, Path: from}
	case p.renameFrom != "" && p.renameTo != "":
		op = FileOp{Kind: Move, Path: p.renameFrom, MoveTo: p.renameTo}
	}
	p.renameFrom, p.renameTo = "", ""
	if op.Kind == Delete {
		p.skipHunks()
		p.ops = append(p.ops, op)
		return nil
	}
	return p.hunks(op)
}

// headerPath is the file name of a ---/+++ line, without its timestamp.
func headerPath(s string) string {
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	return unquotePath(strings.TrimSpace(s))
}

// unquotePath undoes git's quoting of a name with unusual bytes.
func unquotePath(s string) string {
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
	}
	return s
}

// stripGitPrefixes removes git's a/ and b/ from the old and new names.
func stripGitPrefixes(from, to string) (string, string) {
	hasA, hasB := strings.HasPrefix(from, "a/"), strings.HasPrefix(to, "b/")
	if hasA && (hasB || to == "/dev/null") {
		from = from[2:]
	}
	if hasB && (hasA || from == "/dev/null") {
		to = to[2:]
	}
	return from, to
}

// skipHunks passes over the hunks of a deleted file.
func (p *diffParser) skipHunks() {
	for p.i < len(p.ls) && (hunkLoose.MatchString(p.ls[p.i].text) || hunkHeader.MatchString(p.ls[p.i].text) || isHunkLine(p.ls[p.i].text) && !p.atFileHeader()) {
		p.i++
	}
}

// hunks reads the hunks that follow a header into op and records it.
func (p *diffParser) hunks(op FileOp) error {
	var content []string
	for p.i < len(p.ls) {
		t := p.ls[p.i].text
		if !hunkHeader.MatchString(t) && !hunkLoose.MatchString(t) {
			break
		}
		h := p.hunk()
		if op.Kind == Create {
			content = append(content, h.newText)
			continue
		}
		op.Edits = append(op.Edits, h.edit())
	}
	if op.Kind == Create {
		op.Content = strings.Join(content, "")
	} else if len(op.Edits) == 0 && op.Kind != Move {
		l := line{n: len(p.ls) + 1}
		if p.i < len(p.ls) {
			l = p.ls[p.i]
		}
		return &ParseError{Format: UnifiedDiff, Line: l.n, Text: l.text, Expected: "an @@ hunk after the header of " + op.Path}
	}
	p.ops = append(p.ops, op)
	return nil
}

// hunk is one @@ hunk as read.
type hunk struct {
	oldStart, oldCount int // oldCount is -1 when the header gave no numbers
	oldText, newText   string
	source             int
}

// edit turns the hunk into an Edit. A hunk with no old lines inserts
// before the line after its old start.
func (h hunk) edit() Edit {
	e := Edit{OldText: h.oldText, NewText: h.newText, LineHint: h.oldStart, WholeLines: true, Source: h.source}
	if h.oldText == "" && h.oldCount >= 0 {
		e.LineHint = h.oldStart + 1
	}
	return e
}

// hunk reads one hunk, from its header line to the last line that
// belongs to it.
func (p *diffParser) hunk() hunk {
	h := hunk{oldCount: -1, source: p.ls[p.i].n}
	if m := hunkHeader.FindStringSubmatch(p.ls[p.i].text); m != nil {
		h.oldStart, _ = strconv.Atoi(m[1])
		h.oldCount = 1
		if m[2] != "" {
			h.oldCount, _ = strconv.Atoi(m[2])
		}
	}
	p.i++
	var old, cur sides
	for ; p.i < len(p.ls); p.i++ {
		t := p.ls[p.i].text
		if t == noNewline || strings.HasPrefix(t, `\ `) {
			old.noEOL(cur.last == 'o' || cur.last == 'b')
			cur.noEOL(cur.last == 'n' || cur.last == 'b')
			continue
		}
		if !isHunkLine(t) || p.atFileHeader() || t == "" && !p.moreHunkLines() {
			break
		}
		switch {
		case t == "" || t[0] == ' ':
			body := strings.TrimPrefix(t, " ")
			old.add(body)
			cur.add(body)
			cur.last = 'b'
		case t[0] == '-':
			old.add(t[1:])
			cur.last = 'o'
		case t[0] == '+':
			cur.add(t[1:])
			cur.last = 'n'
		}
	}
	h.oldText, h.newText = old.text(), cur.text()
	return h
}

// sides collects the lines of one side of a hunk.
type sides struct {
	lines []string
	eol   bool // false once "\ No newline at end of file" follows the last line
	last  byte // on the new side: which sides the last line was on ('o', 'n', 'b')
}

func (s *sides) add(l string) { s.lines, s.eol = append(s.lines, l), true }

func (s *sides) noEOL(applies bool) {
	if applies {
		s.eol = false
	}
}

func (s *sides) text() string {
	t := joinLines(s.lines)
	if !s.eol && t != "" {
		t = strings.TrimSuffix(t, "\n")
	}
	return t
}

// isHunkLine reports whether t can be a line of a hunk: context, removed,
// added, or an empty context line whose space an editor stripped.
func isHunkLine(t string) bool {
	return t == "" || t[0] == ' ' || t[0] == '-' || t[0] == '+'
}

// atFileHeader reports whether the current line starts the next file.
func (p *diffParser) atFileHeader() bool {
	t := p.ls[p.i].text
	return strings.HasPrefix(t, "--- ") && p.i+1 < len(p.ls) && strings.HasPrefix(p.ls[p.i+1].text, "+++ ")
}

// moreHunkLines reports whether, after the current empty line, the hunk
// goes on: a non-empty hunk line follows before anything else.
func (p *diffParser) moreHunkLines() bool {
	for k := p.i + 1; k < len(p.ls); k++ {
		t := p.ls[k].text
		if t == "" {
			continue
		}
		return isHunkLine(t) && !(strings.HasPrefix(t, "--- ") && k+1 < len(p.ls) && strings.HasPrefix(p.ls[k+1].text, "+++ "))
	}
	return false
}
