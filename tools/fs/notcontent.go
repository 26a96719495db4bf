package fs

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"strings"

	"f0/internal/editformat"
	"f0/internal/text"
	"f0/tool"
)

// Models that were taught another tool's edit format send it to fs.write
// or fs.edit as content: an Aider SEARCH/REPLACE block, a unified diff, a
// Codex apply_patch envelope; or they stand a comment in for the lines
// they did not repeat ("// ... existing code ..."). Written as given, the
// file would hold the instruction instead of its code, or lose the lines
// the comment stands for. Such content aimed at an existing file is
// refused unless the call says force: true, with the call that does what
// was meant. A new file, and a file whose name says it holds a patch
// (.patch, .diff, .rej), is written as asked.
//
// The formats: Aider's editblock_coder.py (HEAD, DIVIDER and UPDATED
// patterns), Codex's apply-patch (apply_patch_tool_instructions.md), and
// unified diffs. The placeholder lines follow Gemini CLI's
// omissionPlaceholderDetector.ts (used by its write_file and, for a
// newString that brings a placeholder its oldString lacks, its edit
// tool), widened to Cursor's "// ... existing code ..." and the
// sentences models write around it.

// instruction is content that is an edit instruction or stands in for
// lines left out, rather than text for the file.
type instruction struct {
	kind string // "an Aider-style SEARCH/REPLACE block"
	line int    // 1-based, in the text it was found in
	text string // that line as written
	// lazy is set for a placeholder, which stands for lines rather than
	// asking a change.
	lazy bool
	// patch is the edit text fs.edit's patch field takes for it, when
	// editformat reads it.
	patch string
	// report is set for a tool's report about the file ("wrote 732
	// bytes to main.go") sent back as its content.
	report bool
}

// reportSize is a size or length as tools report it: 732 bytes, 30
// lines, 1.2 KB, 732 字节, 30 行.
var reportSize = regexp.MustCompile(`(?i)\d[\d.,]*\s*(?:bytes?|lines?|chars?|characters|[KM]i?B|B\b|字节|字元|行|字符)`)

// toolReport finds content that is a tool's one-line report about the
// file it is written to (deepx-code's "[已写入 E:\proj\main.go,732 字节/30
// 行;需要内容用 Read 查看]", a model echoing what a write tool answered):
// one line that names the file and a size. A file whose whole text says
// its own name and length is not what a model means to write.
func toolReport(content, rel string) (instruction, bool) {
	line := strings.TrimSpace(content)
	name := path.Base(rel)
	if line == "" || strings.ContainsAny(line, "\n\r") || len(line) > 400 || len(name) < 3 {
		return instruction{}, false
	}
	if !strings.Contains(strings.ToLower(line), strings.ToLower(name)) || !reportSize.MatchString(line) {
		return instruction{}, false
	}
	return instruction{kind: "a tool's report about the file", line: 1, text: line, report: true}, true
}

var (
	srHead     = regexp.MustCompile(`^\s*<{5,9} SEARCH>?\s*$`)
	srDivider  = regexp.MustCompile(`^\s*={5,9}\s*$`)
	srUpdated  = regexp.MustCompile(`^\s*>{5,9} REPLACE\s*$`)
	diffHunk   = regexp.MustCompile(`^@@ -\d+(,\d+)? \+\d+(,\d+)? @@`)
	patchBegin = regexp.MustCompile(`^\s*\*\*\* Begin Patch\s*$`)
	patchFile  = regexp.MustCompile(`^\s*\*\*\* (Update|Add|Delete) File: `)
)

// patchNames are the file names that hold patches by their nature.
var patchNames = []string{".patch", ".diff", ".rej"}

// holdsPatches reports whether a file's name says it holds patches.
func holdsPatches(rel string) bool {
	ext := strings.ToLower(path.Ext(rel))
	for _, e := range patchNames {
		if ext == e {
			return true
		}
	}
	return false
}

// editInstruction finds an edit block in text: the first of a SEARCH/
// REPLACE block, a unified diff or an apply_patch envelope.
func editInstruction(text string) (instruction, bool) {
	lines := strings.Split(strings.TrimSuffix(strings.ReplaceAll(text, "\r\n", "\n"), "\n"), "\n")
	for i, l := range lines {
		var kind string
		switch {
		case srHead.MatchString(l) && completeBlock(lines[i:]):
			kind = "an Aider-style SEARCH/REPLACE block"
		case strings.HasPrefix(l, "--- ") && i+2 < len(lines) && strings.HasPrefix(lines[i+1], "+++ ") && diffHunk.MatchString(lines[i+2]):
			kind = "a unified diff"
		case patchBegin.MatchString(l) && hasPatchFile(lines[i+1:]):
			kind = "a Codex apply_patch envelope"
		default:
			continue
		}
		return instruction{kind: kind, line: i + 1, text: l, patch: patchText(text, lines, i)}, true
	}
	return instruction{}, false
}

// patchText is the edit text of an instruction found at line i of text:
// the whole text when editformat reads it (a file name or a fence before
// the block), else the text from line i on; "" when neither reads.
func patchText(whole string, lines []string, i int) string {
	if _, err := editformat.Parse(whole); err == nil {
		return whole
	}
	from := strings.Join(lines[i:], "\n") + "\n"
	if _, err := editformat.Parse(from); err == nil {
		return from
	}
	return ""
}

// completeBlock reports whether lines begin with a whole SEARCH/REPLACE
// block (a divider, then the REPLACE line).
func completeBlock(lines []string) bool {
	div := false
	for _, l := range lines[1:] {
		switch {
		case !div && srDivider.MatchString(l):
			div = true
		case div && srUpdated.MatchString(l):
			return true
		}
	}
	return false
}

func hasPatchFile(lines []string) bool {
	for _, l := range lines {
		if patchFile.MatchString(l) {
			return true
		}
	}
	return false
}

// placeholderPhrases are what a line says, once its comment marks,
// ellipses and punctuation are gone, when it stands for lines left out.
var placeholderPhrases = regexp.MustCompile(`^(?:(?:keep|keeping|leave|leaving|retain|preserve) )?(?:` +
	`(?:the )?rest|everything else|all else|all (?:other|remaining) [a-z]+` +
	`|(?:the )?rest of (?:the )?(?:code|file|function|functions|method|methods|class|implementation|component|module|body|content|contents|file content|script|page|config|configuration|tests|imports|logic)?` +
	`|(?:the )?(?:existing|previous|original|other|remaining|unchanged|old) (?:code|method|methods|function|functions|content|contents|implementation|lines|imports|cases|tests|logic|fields|properties|styles|config|configuration|components|routes|handlers)` +
	`|unchanged|unchanged (?:code|method|methods|lines|content|contents|functions|section|part|parts)` +
	`|(?:code|content|contents|implementation|lines|rest) (?:omitted|unchanged|elided)|omitted` +
	`|same as (?:before|above)|keep (?:the )?existing(?: code| content| lines)?` +
	`)(?: (?:remains|remain|stays|stay|is|are|goes|go|as before|as is|as it is|as it was|here|the same|same|unchanged|intact|untouched|for brevity))*$`)

// commentOpen and commentClose open and close a comment line in the
// languages models write; nonWords are the marks placeholder drops.
var (
	commentOpen  = []string{"{/*", "<!--", "//", "/*", "#", "--", ";", "%", "*"}
	commentClose = []string{"*/}", "-->", "*/"}
	nonWords     = strings.NewReplacer("…", " ", ".", " ", ",", " ", ":", " ", ";", " ", "!", " ", "(", " ", ")", " ", "[", " ", "]", " ", "{", " ", "}", " ", "-", " ", "*", " ", "=", " ", "`", " ", "'", " ", `"`, " ")
)

// strongPlaceholder are the words that make a comment without an ellipsis
// a placeholder ("/* unchanged */", "# rest of code"), where "# Other
// tests" may well be a heading.
var strongPlaceholder = regexp.MustCompile(`\b(?:unchanged|same|omitted|elided|brevity|before|as is|here|keep existing|intact|untouched)\b|^rest of (?:the )?(?:code|file)$`)

// placeholder reports whether a line stands in for lines left out: a line
// with an ellipsis, or a comment with one of strongPlaceholder, whose
// words are one of placeholderPhrases. It returns those words.
func placeholder(line string) (string, bool) {
	s := strings.TrimSpace(line)
	marked := false
	for _, m := range commentOpen {
		if strings.HasPrefix(s, m) {
			s, marked = s[len(m):], true
			break
		}
	}
	for _, m := range commentClose {
		if strings.HasSuffix(s, m) {
			s, marked = strings.TrimSuffix(s, m), true
			break
		}
	}
	ellipsis := strings.Contains(s, "...") || strings.Contains(s, "…")
	if !marked && !ellipsis {
		return "", false
	}
	words := strings.Join(strings.Fields(strings.ToLower(nonWords.Replace(s))), " ")
	if words == "" || !placeholderPhrases.MatchString(words) || !ellipsis && !strongPlaceholder.MatchString(words) {
		return "", false
	}
	return words, true
}

// newPlaceholder finds the first line of text that stands in for lines
// left out and says what no line of before says.
func newPlaceholder(text, before string) (instruction, bool) {
	had := map[string]bool{}
	for _, l := range strings.Split(before, "\n") {
		if w, ok := placeholder(l); ok {
			had[w] = true
		}
	}
	for i, l := range strings.Split(text, "\n") {
		if w, ok := placeholder(l); ok && !had[w] {
			return instruction{kind: "a placeholder for lines left out", line: i + 1, text: strings.TrimSpace(strings.TrimSuffix(l, "\r")), lazy: true}, true
		}
	}
	return instruction{}, false
}

// notContent is the refusal of content that is an instruction: it is
// about what the content is, not about the shape of the call.
type notContent struct{ msg string }

func (e *notContent) Error() string { return e.msg }

// Refused marks the answer as not about the shape of the arguments.
func (e *notContent) Refused() bool { return true }

// maxSuggested is the longest fs.edit call an answer spells out in full.
const maxSuggested = 2000

// refuseWrite answers an fs.write whose content is an instruction aimed at
// the existing file shown (p as the call gave it).
func (t *toolset) refuseWrite(ctx context.Context, p, shown string, in instruction) error {
	var b strings.Builder
	if in.report {
		fmt.Fprintf(&b, "is %s (%s), not its text: written as it is, %s would hold that sentence instead of what it holds now. Nothing was written. Send the file's whole new text as content (read it first: %s), or change part of it: %s",
			in.kind, quoteLine(in.text), shown, t.call.Suggest("fs.read", map[string]any{"path": p}), t.editCall(ctx, p, in))
		b.WriteString(`. To write this content as it is, send the same call with "force": true.`)
		return &tool.InputError{Field: "content", Problem: b.String(), Cause: &notContent{msg: b.String()}}
	}
	if in.lazy {
		fmt.Fprintf(&b, "holds %s (line %d: %s): written as it is, %s would lose the lines that comment stands for. Nothing was written. To change part of the file, give the lines to change and their new text: ", in.kind, in.line, quoteLine(in.text), shown)
	} else {
		fmt.Fprintf(&b, "is %s (line %d: %s), not the text of %s: written as it is, the file would hold the instruction instead of its text. Nothing was written. To make the change it describes: ", in.kind, in.line, quoteLine(in.text), shown)
	}
	b.WriteString(t.editCall(ctx, p, in))
	b.WriteString(`. To write this content as it is, send the same call with "force": true.`)
	return &tool.InputError{Field: "content", Problem: b.String(), Cause: &notContent{msg: b.String()}}
}

// refuseEdit answers an fs.edit whose newText (field) is an instruction
// its oldText does not hold.
func (t *toolset) refuseEdit(ctx context.Context, field string, in instruction) error {
	var b strings.Builder
	if in.lazy {
		fmt.Fprintf(&b, "holds %s (line %d: %s), which oldText does not have: the edit would replace the lines of oldText with that comment. Nothing was changed. Give the whole new text in newText, or narrow oldText to the lines that change.", in.kind, in.line, quoteLine(in.text))
	} else {
		fmt.Fprintf(&b, "is %s (line %d: %s), and oldText is not: the file would hold the instruction instead of the change it describes. Nothing was changed. Make the change itself: ", in.kind, in.line, quoteLine(in.text))
		b.WriteString(t.editCall(ctx, "", in))
		b.WriteString(".")
	}
	b.WriteString(` To write it as it is, send the same call with "force": true.`)
	return &tool.InputError{Field: field, Problem: b.String(), Cause: &notContent{msg: b.String()}}
}

// editCall is the fs.edit call that makes the change an instruction
// describes: its edit text in fs.edit's patch field, in full when it is
// short and in outline otherwise. An empty p keeps the call's own path.
func (t *toolset) editCall(ctx context.Context, p string, in instruction) string {
	if in.patch == "" {
		args := map[string]any{"path": p, "edits": []any{map[string]any{"oldText": "…the lines to change, copied from the file…", "newText": "…their new text…"}}}
		if p == "" {
			return t.call.Again(map[string]any{"edits": args["edits"], "oldText": nil, "newText": nil, "replaceAll": nil})
		}
		return t.call.Suggest("fs.edit", args)
	}
	render := func(patch string) string {
		if p == "" {
			return t.call.Again(map[string]any{"patch": patch, "edits": nil, "oldText": nil, "newText": nil, "replaceAll": nil, "force": nil})
		}
		return t.call.Suggest("fs.edit", map[string]any{"path": p, "patch": patch})
	}
	if s := render(in.patch); len(s) <= maxSuggested {
		return s
	}
	return fmt.Sprintf("%s with this %s as the patch", render("…"+in.kind[strings.IndexByte(in.kind, ' ')+1:]+"…"), in.kind[strings.IndexByte(in.kind, ' ')+1:])
}

// quoteLine quotes a line for a message, cut when long.
func quoteLine(s string) string {
	const most = 80
	if len(s) > most {
		s = text.CutUTF8(s, most) + "…"
	}
	return fmt.Sprintf("%q", s)
}
