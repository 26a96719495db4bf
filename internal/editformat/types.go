package editformat

import "fmt"

// Format is an edit format a text can be written in.
type Format int

// The formats Detect recognises. Plain is text that is none of them.
const (
	Plain Format = iota
	SearchReplace
	UnifiedDiff
	ApplyPatchFormat
)

// String names the format as an error message or a note would.
func (f Format) String() string {
	switch f {
	case SearchReplace:
		return "SEARCH/REPLACE blocks"
	case UnifiedDiff:
		return "a unified diff"
	case ApplyPatchFormat:
		return "an apply_patch envelope"
	}
	return "plain text"
}

// OpKind is what a FileOp does to its file.
type OpKind int

// The kinds of file operation. Move renames Path to MoveTo after its
// Edits (if any) are made.
const (
	Update OpKind = iota + 1
	Create
	Delete
	Move
)

// String names the kind in lower case ("update").
func (k OpKind) String() string {
	switch k {
	case Update:
		return "update"
	case Create:
		return "create"
	case Delete:
		return "delete"
	case Move:
		return "move"
	}
	return fmt.Sprintf("OpKind(%d)", int(k))
}

// FileOp is one operation on one file, as an edit text asks it. Path is
// empty when the text names no file (bare SEARCH/REPLACE blocks, bare
// @@ hunks): the caller's own path field says which file is meant.
// Content is the text of a created file; Edits are the changes of an
// Update or a Move.
type FileOp struct {
	Kind    OpKind
	Path    string
	MoveTo  string
	Content string
	Edits   []Edit
}

// Edit replaces OldText with NewText.
//
// LineHint (1-based, 0 = none) is the line where the edit text says
// OldText starts; among several occurrences the one nearest it is taken.
// Anchor holds the lines (one per line of the string) that OldText must
// follow, in order, as apply_patch's "@@ context" lines say. AtEnd asks
// that OldText end the text (apply_patch's "*** End of File").
// WholeLines says that OldText is a run of whole lines, so it matches
// only from the start of a line. ReplaceAll replaces every occurrence;
// Count, when above zero, is the number of occurrences there must be
// (Gemini CLI's expected_replacements), all of them replaced.
//
// An empty OldText inserts: before line LineHint when it is set, after
// the Anchor lines when they are given, at the end with AtEnd; with none
// of these it stands for the whole text (see Options.EmptyOld).
//
// Source is the line of the edit text the edit was read from (0 when it
// was not parsed from a text); errors name it.
type Edit struct {
	OldText    string
	NewText    string
	LineHint   int
	Anchor     string
	AtEnd      bool
	WholeLines bool
	ReplaceAll bool
	Count      int
	Source     int
}

// ParseError says where an edit text departs from its format: the line
// (1-based) and its text, what was expected there, and a minimal correct
// example of the format.
type ParseError struct {
	Format   Format
	Line     int
	Text     string
	Expected string
}

// Error reads as a sentence, with the example after it.
func (e *ParseError) Error() string {
	at := "at the end of the text"
	if e.Line > 0 {
		at = fmt.Sprintf("at line %d (%q)", e.Line, e.Text)
	}
	msg := fmt.Sprintf("cannot read %s: %s, expected %s.", e.Format.the(), at, e.Expected)
	if ex := Example(e.Format); ex != "" {
		msg += " A minimal correct example:\n" + ex
	}
	return msg
}

// the names the format as the text at hand: "the unified diff".
func (f Format) the() string {
	switch f {
	case SearchReplace:
		return "the SEARCH/REPLACE blocks"
	case UnifiedDiff:
		return "the unified diff"
	case ApplyPatchFormat:
		return "the apply_patch envelope"
	}
	return "the edit text"
}

// Example is a minimal correct text of the format, for error messages.
func Example(f Format) string {
	switch f {
	case SearchReplace:
		return "<<<<<<< SEARCH\nold line\n=======\nnew line\n>>>>>>> REPLACE\n"
	case UnifiedDiff:
		return "--- a/path/file.txt\n+++ b/path/file.txt\n@@ -1,2 +1,2 @@\n unchanged line\n-old line\n+new line\n"
	case ApplyPatchFormat:
		return "*** Begin Patch\n*** Update File: path/file.txt\n@@\n unchanged line\n-old line\n+new line\n*** End Patch\n"
	}
	return ""
}
