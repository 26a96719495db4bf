package repair

import (
	"fmt"
	"path"
	"strings"

	"f0/internal/editformat"
	"f0/internal/text"
)

// gpt-engineer teaches models to write a file as its path on one line and
// its code in one fenced block after it (gpt-engineer-org/gpt-engineer
// gpt_engineer/preprompts/file_format; chat_to_files.py reads the pair
// with `(\S+)\n\s*```[^\n]*\n(.+?)````). Sent to fs.write, that whole
// text is the content: the path line and the fences would be written into
// the file. The content a file of code or data means is the fenced text.
//
// A content that is exactly one fenced block, with no path line, is read
// the same way for a file of code or data (a .py, .go, .json, .yaml…),
// where a ``` line is never valid and can only be the chat's formatting;
// it is kept as written for a document (.md, .txt, .rst… and names with no
// extension), where a fenced block is content a file may hold.
//
// Appends are left alone (a fenced block added to a log or a document is
// plausibly meant), and so is a block whose text is an edit instruction:
// fs.write refuses those with the fs.edit call that makes them.

// documentExts are the extensions of files whose text may be a fenced
// block.
var documentExts = map[string]bool{
	"": true, ".md": true, ".markdown": true, ".mdx": true, ".txt": true, ".rst": true, ".adoc": true,
	".org": true, ".text": true, ".rmd": true, ".qmd": true, ".ipynb": true,
}

// chatFileBlocks unwraps a gpt-engineer file block sent as fs.write's
// content.
func chatFileBlocks(s *State) {
	if s.Tool == nil || s.Tool.Name != "fs.write" || s.Args == nil {
		return
	}
	content, ok := s.Args["content"].(string)
	if !ok || isAppend(s.Args) {
		return
	}
	target, _ := s.Args["path"].(string)
	named, inner, ok := fileBlock(content)
	if !ok || editformat.Detect(inner) != editformat.Plain {
		return
	}
	switch {
	case named != "" && target == "":
		s.Args["path"], s.Args["content"] = named, inner
		s.Notes = append(s.Notes, fmt.Sprintf("note: content was a file block (its path %s on a line, then its text in a ``` fence, as gpt-engineer writes files); wrote the fenced text to %s.", text.QuoteShort(named), text.QuoteShort(named)))
	case named != "" && samePath(named, target):
		s.Args["content"] = inner
		s.Notes = append(s.Notes, fmt.Sprintf("note: content was a file block (the path %s on a line, then the text in a ``` fence, as gpt-engineer writes files); wrote the fenced text, without the path line and the fences.", text.QuoteShort(named)))
	case named == "" && target != "" && !documentExts[strings.ToLower(path.Ext(target))]:
		s.Args["content"] = inner
		s.Notes = append(s.Notes, fmt.Sprintf("note: content was one ``` fenced block; a %s file cannot hold a fence line, so the fenced text was written without the fences.", path.Ext(target)))
	}
}

// isAppend reports whether a write adds to the end of its file.
func isAppend(args map[string]any) bool {
	if b, ok := args["append"].(bool); ok && b {
		return true
	}
	m, _ := args["mode"].(string)
	return strings.EqualFold(strings.TrimSpace(m), "append")
}

// fileBlock reads content as one file block: an optional path line, then
// one fenced block and nothing after it but blank lines. named is the path
// line cleaned as chat_to_files.py cleans it; inner is the fenced text,
// with one line end.
func fileBlock(content string) (named, inner string, ok bool) {
	lines := strings.Split(strings.ReplaceAll(strings.TrimRight(content, " \t\r\n"), "\r\n", "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	if len(lines) >= 3 && !isFence(lines[0]) && isFence(lines[1]) {
		named = cleanBlockPath(lines[0])
		if named == "" {
			return "", "", false
		}
		lines = lines[1:]
	}
	if len(lines) < 2 || !isFence(lines[0]) || strings.TrimSpace(lines[len(lines)-1]) != "```" {
		return "", "", false
	}
	body := lines[1 : len(lines)-1]
	for _, l := range body {
		if isFence(l) {
			return "", "", false // a second block, or a block inside the text
		}
	}
	inner = strings.Join(body, "\n")
	if inner != "" {
		inner += "\n"
	}
	return named, inner, true
}

// isFence reports whether a line opens or closes a ``` block.
func isFence(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "```") }

// cleanBlockPath is a path line as gpt-engineer reads it: one word, with
// [brackets], `backticks`, a trailing colon and the characters :<>"|?*
// taken away; "" when the line is not one word.
func cleanBlockPath(l string) string {
	p := strings.TrimSpace(l)
	if p == "" || strings.ContainsAny(p, " \t") {
		return ""
	}
	p = strings.TrimSuffix(strings.TrimSuffix(p, ":"), "]")
	p = strings.Trim(p, "[`")
	p = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`:<>"|?*`, r) {
			return -1
		}
		return r
	}, p)
	if !strings.ContainsAny(p, "./") {
		return "" // a word, not a file name
	}
	return p
}

// samePath reports whether a block's path line names the file the call
// writes: the same path, or one ends with the other at a separator.
func samePath(named, target string) bool {
	a, b := path.Clean(strings.ReplaceAll(named, "\\", "/")), path.Clean(strings.ReplaceAll(target, "\\", "/"))
	return a == b || strings.HasSuffix(b, "/"+a) || strings.HasSuffix(a, "/"+b)
}
