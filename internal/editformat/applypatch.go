package editformat

import (
	"strings"
)

// The marker lines of an apply_patch envelope, matched after trimming.
const (
	beginPatch = "*** Begin Patch"
	endPatch   = "*** End Patch"
	addFile    = "*** Add File: "
	deleteFile = "*** Delete File: "
	updateFile = "*** Update File: "
	moveTo     = "*** Move to: "
	endOfFile  = "*** End of File"
)

// ParseApplyPatch reads a Codex apply_patch envelope, leniently as Codex
// does: whitespace around marker lines, a heredoc or code fence around the
// envelope, an Update whose first chunk has no "@@", and empty lines in a
// chunk (as empty context lines) are accepted. Add gives a Create with the
// "+" lines as Content; Delete a Delete; Update an Update (a Move with
// "*** Move to:") whose chunks are Edits, each "@@ context" line becoming
// the chunk's Anchor and "*** End of File" its AtEnd.
func ParseApplyPatch(text string) ([]FileOp, error) {
	ls, _ := peel(splitLines(text))
	if len(ls) == 0 || strings.TrimSpace(ls[0].text) != beginPatch {
		l := line{}
		if len(ls) > 0 {
			l = ls[0]
		}
		return nil, apError(l, "the first line to be "+beginPatch)
	}
	last := ls[len(ls)-1]
	if strings.TrimSpace(last.text) != endPatch || len(ls) == 1 {
		return nil, apError(line{}, "the last line to be "+endPatch+" (the patch ends without it)")
	}
	p := patchParser{ls: ls[1 : len(ls)-1]}
	return p.parse()
}

func apError(l line, expected string) error {
	return &ParseError{Format: ApplyPatchFormat, Line: l.n, Text: l.text, Expected: expected}
}

// patchParser reads the file sections of an envelope.
type patchParser struct {
	ls []line
	i  int
}

func (p *patchParser) parse() ([]FileOp, error) {
	var ops []FileOp
	for p.i < len(p.ls) {
		l := p.ls[p.i]
		t := strings.TrimSpace(l.text)
		var op FileOp
		var err error
		switch {
		case t == "":
			p.i++
			continue
		case strings.HasPrefix(t, addFile):
			op = p.add(strings.TrimSpace(t[len(addFile):]))
		case strings.HasPrefix(t, deleteFile):
			op = FileOp{Kind: Delete, Path: strings.TrimSpace(t[len(deleteFile):])}
			p.i++
		case strings.HasPrefix(t, updateFile):
			op, err = p.update(l, strings.TrimSpace(t[len(updateFile):]))
		default:
			return nil, apError(l, "a file line: "+strings.TrimSpace(addFile)+", "+strings.TrimSpace(deleteFile)+" or "+strings.TrimSpace(updateFile)+" followed by a path")
		}
		if err != nil {
			return nil, err
		}
		if op.Path == "" {
			return nil, apError(l, "a path after the colon")
		}
		ops = append(ops, op)
	}
	return ops, nil
}

// isFileLine reports whether t (trimmed) starts the next file section.
func isFileLine(t string) bool {
	return strings.HasPrefix(t, addFile) || strings.HasPrefix(t, deleteFile) || strings.HasPrefix(t, updateFile)
}

// add reads an Add File section: its "+" lines are the new file.
func (p *patchParser) add(path string) FileOp {
	var content []string
	for p.i++; p.i < len(p.ls); p.i++ {
		t := p.ls[p.i].text
		if !strings.HasPrefix(t, "+") {
			break
		}
		content = append(content, t[1:])
	}
	return FileOp{Kind: Create, Path: path, Content: joinLines(content)}
}

// update reads an Update File section with its optional Move and chunks.
func (p *patchParser) update(head line, path string) (FileOp, error) {
	op := FileOp{Kind: Update, Path: path}
	p.i++
	if p.i < len(p.ls) {
		if t := strings.TrimSpace(p.ls[p.i].text); strings.HasPrefix(t, moveTo) {
			op.Kind, op.MoveTo = Move, strings.TrimSpace(t[len(moveTo):])
			p.i++
		}
	}
	for p.i < len(p.ls) && !isFileLine(strings.TrimSpace(p.ls[p.i].text)) {
		e, err := p.chunk()
		if err != nil {
			return op, err
		}
		if e.OldText != "" || e.NewText != "" {
			op.Edits = append(op.Edits, e)
		}
	}
	if len(op.Edits) == 0 && op.Kind == Update {
		return op, apError(head, "at least one chunk of changed lines (\"-old\", \"+new\", \" context\") after "+strings.TrimSpace(updateFile)+" "+path)
	}
	return op, nil
}

// chunk reads the @@ lines and the changed lines of one chunk.
func (p *patchParser) chunk() (Edit, error) {
	var anchors, old, cur []string
	e := Edit{WholeLines: true, Source: p.ls[p.i].n}
	for ; p.i < len(p.ls); p.i++ {
		t := strings.TrimSpace(p.ls[p.i].text)
		if t != "@@" && !strings.HasPrefix(t, "@@ ") {
			break
		}
		if ctx := strings.TrimSpace(strings.TrimPrefix(t, "@@")); ctx != "" {
			anchors = append(anchors, ctx)
		}
	}
	for ; p.i < len(p.ls); p.i++ {
		raw := p.ls[p.i].text
		t := strings.TrimSpace(raw)
		if t == endOfFile {
			e.AtEnd = true
			p.i++
			break
		}
		if t == "@@" || strings.HasPrefix(t, "@@ ") || isFileLine(t) {
			break
		}
		switch {
		case raw == "" || raw[0] == ' ':
			old, cur = append(old, strings.TrimPrefix(raw, " ")), append(cur, strings.TrimPrefix(raw, " "))
		case raw[0] == '-':
			old = append(old, raw[1:])
		case raw[0] == '+':
			cur = append(cur, raw[1:])
		case t == "":
			old, cur = append(old, ""), append(cur, "")
		default:
			return e, apError(p.ls[p.i], "a chunk line that starts with \"+\" (added), \"-\" (removed) or \" \" (context), or an @@ line")
		}
	}
	old, cur = trimEmptyTail(old, cur)
	e.OldText, e.NewText, e.Anchor = joinLines(old), joinLines(cur), strings.Join(anchors, "\n")
	if e.OldText == "" && e.Anchor == "" {
		e.AtEnd = true // Codex appends a chunk with no old lines at the end
	}
	return e, nil
}

// trimEmptyTail drops the empty context lines that end a chunk: blank
// lines between chunks, not lines of the file.
func trimEmptyTail(old, cur []string) ([]string, []string) {
	for len(old) > 0 && len(cur) > 0 && old[len(old)-1] == "" && cur[len(cur)-1] == "" {
		old, cur = old[:len(old)-1], cur[:len(cur)-1]
	}
	return old, cur
}
