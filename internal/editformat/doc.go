// Package editformat reads the edit formats that coding models were
// trained to write and applies edits to a text, all or nothing.
//
// The formats are the ones engine/internal/vocab/edit-formats.md writes down:
// SEARCH/REPLACE blocks (Aider, Cline and Roo Code dialects), unified
// diffs (GNU and git), and Codex apply_patch envelopes. Each parser
// turns its text into a neutral list of FileOp values; Detect tells which
// format a text is in, so that a caller given file content can see that
// it is in fact an edit.
//
// Apply makes a list of Edit values on one text. Each old text must be
// found once: exactly first, then with line endings, trailing whitespace,
// Unicode normalization, typographic quotes and dashes, and finally
// indentation tolerated, in that order. A tolerant match is reported in
// Result.Notes, saying what differed and where; several matches, or none,
// are an error that names the candidates or shows the closest region of
// the text. ApplyPatch does the same for every file a patch names.
//
// The package is pure: it reads and writes no files and imports nothing
// of f0, so that the engine and the fs tools can both build on it.
package editformat
