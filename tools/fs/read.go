package fs

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"image"
	_ "image/gif" // image sizes in binary file notes
	_ "image/jpeg"
	_ "image/png"
	"io"
	"maps"
	"math"
	"strings"
	"unicode/utf8"

	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// ReadInput is the input of fs.read.
type ReadInput struct {
	Path        string   `json:"path,omitempty"`
	Paths       []string `json:"paths,omitempty" jsonschema_description:"Several files at once."`
	Offset      int      `json:"offset,omitempty" jsonschema_description:"First line, 1-based; negative counts from the end."`
	Limit       int      `json:"limit,omitempty" jsonschema:"minimum=1"`
	Tail        int      `json:"tail,omitempty" jsonschema:"minimum=1"`
	LineNumbers bool     `json:"lineNumbers,omitempty"`
	Base64      bool     `json:"base64,omitempty" jsonschema_description:"Return the file's bytes as base64, in lines of 76 characters (57 bytes) that offset, limit and tail pick."`
	Image       bool     `json:"image,omitempty" jsonschema_description:"Return an image you can see."`
	Version     string   `json:"version,omitempty" jsonschema_description:"The file's version a page continues (from the footer)."`
	Page        int      `json:"page,omitempty" jsonschema:"minimum=1" jsonschema_description:"A document's page (a workbook's sheet) to start at; offset and limit then count its lines."`
	Exclude     []string `json:"exclude,omitempty" jsonschema_description:"Globs of files to leave out of those paths name or match (*.test.ts, vendor/**), said in a note."`
	Gitignore   *bool    `json:"gitignore,omitempty" jsonschema_description:"Leave out files .gitignore files ignore (default false)."`
	IgnoreFiles []string `json:"ignoreFiles,omitempty" jsonschema_description:"Names of more ignore files whose patterns leave files out, read as .gitignore is (.geminiignore)."`
}

// Limits of fs.read.
const (
	// minImageLimit is the base64 size up to which images are returned as
	// image blocks whatever the call's budget; a larger maxBytes raises it.
	// Clients refuse much larger images, and they fill a model's context.
	minImageLimit = 1 << 20
	// countLimit bounds how far past its window a read counts lines.
	countLimit = 256 << 20
)

func (t *toolset) readTool() *tool.Tool {
	syn := map[string]string{
		"files": "paths", "filePaths": "paths",
		"head": "limit", "lines": "limit", "count": "limit", "n": "limit", "maxLines": "limit", "numLines": "limit",
		"start": "offset", "startLine": "offset", "line": "offset", "from": "offset", "fromLine": "offset",
		"last": "tail", "lastLines": "tail", "numbered": "lineNumbers", "showLineNumbers": "lineNumbers",
	}
	maps.Copy(syn, pathSynonyms)
	return tool.Def[ReadInput]{
		Spec: tool.Spec{
			Name: "fs.read", Title: "Read files",
			Summary:     "Read text files by line window (offset, limit, tail), several at once.",
			Access:      tool.Read,
			Annotations: readOnly,
			Names: tool.Names{
				Keywords:      []string{"file", "cat", "open", "view", "show", "contents", "head", "tail", "lines"},
				Shell:         []string{"cat", "head", "tail", "sed"},
				ShellFlags:    map[string]map[string]any{"-n": {"lineNumbers": true}},
				ShellCommands: readCommands,
			},
			Fields: tool.Fields{
				Unlisted:   []string{"base64", "version", "page", "exclude", "gitignore", "ignoreFiles"},
				Synonyms:   syn,
				MainField:  "path",
				Plurals:    map[string]string{"path": "paths"},
				MaxItems:   map[string]int{"paths": maxPaths},
				Forms:      withGlobs(pathKinds("path", "paths"), "exclude"),
				LineWindow: [2]string{"offset", "limit"},
			},
			CLI: tool.CLI{
				Verbatim: true,
			},
		},
		Run: inRoots(t, (*toolset).runRead),
	}.Erase()
}

func (t *toolset) runRead(ctx context.Context, in ReadInput) (tool.Result, error) {
	paths, err := t.expandPaths("path", allPaths(in.Path, in.Paths))
	if err != nil {
		return tool.Result{}, err
	}
	if paths, err = t.filterReads(in, paths); err != nil {
		return tool.Result{}, err
	}
	switch {
	case len(paths) == 0:
		return tool.Result{}, &tool.InputError{Field: "path", Problem: "is required: name the file to read (or several in paths)."}
	case in.Tail > 0 && in.Offset != 0:
		return tool.Result{}, &tool.InputError{Field: "tail", Problem: "and offset were both given; use one: tail for the last lines, offset for a window from a line."}
	case in.Version != "" && len(paths) > 1:
		return tool.Result{}, &tool.InputError{Field: "version", Problem: fmt.Sprintf("names the version of one file, and this call reads %d", len(paths)),
			Hint: "Continue each file with the call its section's last line names."}
	case len(paths) == 1:
		return t.readOne(ctx, in, paths[0])
	}
	return t.readMany(ctx, in, paths)
}

// opened is a file being read.
type opened struct {
	loc  roots.Loc
	name string // as results show it
	size int64
	head []byte // the first bytes, already read
	kind content
	r    io.Reader // the whole file, head included
	f    interface{ Close() error }
}

// open opens a file for reading and classifies it.
func (t *toolset) open(ctx context.Context, field, p string) (*opened, error) {
	l, err := t.locateExisting(field, p)
	if err != nil {
		return nil, err
	}
	f, err := l.Open()
	if err != nil {
		return nil, t.argError(ctx, field, t.files.Explain("read", l, err))
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("read %s: %w", t.show(l), err)
	}
	if info.IsDir() {
		f.Close()
		return nil, &tool.InputError{Field: field, Problem: fmt.Sprintf("%s is a directory, not a file.", t.show(l)),
			Hint: "List it with " + t.call.Suggest("fs.list", map[string]any{"path": t.show(l)})}
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, &tool.InputError{Field: field, Problem: fmt.Sprintf("%s is not a regular file (%s).", t.show(l), info.Mode().Type())}
	}
	head := make([]byte, min(info.Size()+1, binaryProbe))
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		f.Close()
		return nil, fmt.Errorf("read %s: %w", t.show(l), err)
	}
	head = head[:n]
	name := l.Rel
	if linfo, err := l.Root.OS().Lstat(l.Native()); err == nil {
		name = t.typeName(l, linfo)
	}
	return &opened{loc: l, name: t.show(l), size: info.Size(), head: head, kind: sniff(name, head),
		r: io.MultiReader(bytes.NewReader(head), f), f: f}, nil
}

// readOne reads one file.
func (t *toolset) readOne(ctx context.Context, in ReadInput, p string) (tool.Result, error) {
	o, err := t.open(ctx, "path", p)
	if err != nil {
		return tool.Result{}, err
	}
	defer o.f.Close()
	if in.Image || in.Base64 || o.kind.binary {
		return t.readBinaryOrDocument(ctx, in, o)
	}
	first, limit, err := t.lineRange(ctx, in, o)
	if err != nil {
		return tool.Result{}, err
	}
	if err := t.checkVersion(ctx, in.Version, o); err != nil {
		return tool.Result{}, err
	}
	if sink := t.call.Sink(); sink != nil {
		return t.streamWindow(ctx, in, o, first, limit, sink)
	}
	w, err := readWindow(o.r, first, limit, t.call.Room(), o.size, nil)
	if err != nil {
		return tool.Result{}, fmt.Errorf("read %s: %w", o.name, err)
	}
	if err := pastEnd(t.call, o, first, w); err != nil {
		return tool.Result{}, err
	}
	txt, fixed := text.ValidText(w.text)
	if in.LineNumbers {
		txt = numberLines(txt, first)
	}
	res := tool.Result{Head: o.name + " · " + w.describe() + " · " + text.HumanBytes(o.size), Text: txt}
	if fixed {
		res.Notes = append(res.Notes, text.InvalidUTF8Note)
	}
	if w.cut {
		res.Partial = true
		if limit == 0 {
			res.Total = len(txt) + int(o.size-w.startByte) - len(w.text)
		}
		if w.long {
			whole := func(budget int64) string {
				return t.call.Again(map[string]any{"offset": first, "limit": 1, "tail": nil, tool.BudgetField: budget})
			}
			res.Notes = append(res.Notes, "note: "+longLineNote(t.call, o.name, first, w, whole))
		}
		res.Next = nextLines(txt, first, limit, w.version)
	} else if w.more {
		res.Notes = append(res.Notes, fmt.Sprintf("More lines follow: %s", t.call.Suggest("fs.read", map[string]any{"path": o.name, "offset": first + w.shown, "version": w.version(w.shown)})))
	}
	return res, nil
}

// nextLines continues a window of lines from first (limit of them, 0: to
// the end) shown as text: after the whole lines shown, at least one. With
// version, the call also carries the version of the file before the line
// it continues at, so that a file changed in between is noticed.
func nextLines(text string, first, limit int, version func(done int) string) func(shown int) map[string]any {
	return func(shown int) map[string]any {
		done := max(strings.Count(text[:min(shown, len(text))], "\n"), 1)
		next := map[string]any{"offset": first + done, "tail": nil}
		if version != nil {
			next["version"] = version(done)
		}
		if limit > 0 {
			next["limit"] = max(limit-done, 1)
		}
		return next
	}
}

// streamWindow writes the window to the front end's sink as it reads the
// file, byte for byte (with line numbers when asked), so that memory stays
// flat in the file's size; the answer keeps the head and notes.
func (t *toolset) streamWindow(ctx context.Context, in ReadInput, o *opened, first, limit int, sink io.Writer) (tool.Result, error) {
	bw := bufio.NewWriterSize(sink, 64<<10)
	var out io.Writer = bw
	if in.LineNumbers {
		out = &numberedWriter{w: bw, n: first}
	}
	w, err := readWindow(o.r, first, limit, tool.Room{}, o.size, out)
	if ferr := bw.Flush(); err == nil && ferr != nil {
		err = &writeError{err: ferr}
	}
	if err != nil {
		return tool.Result{}, fmt.Errorf("read %s: %w", o.name, err)
	}
	if err := pastEnd(t.call, o, first, w); err != nil {
		return tool.Result{}, err
	}
	res := tool.Result{Head: o.name + " · " + w.describe() + " · " + text.HumanBytes(o.size)}
	if w.more {
		res.Notes = append(res.Notes, fmt.Sprintf("More lines follow: %s", t.call.Suggest("fs.read", map[string]any{"path": o.name, "offset": first + w.shown})))
	}
	return res, nil
}

// pastEnd refuses a first line past the end of the file.
func pastEnd(call tool.Call, o *opened, first int, w lineWindow) error {
	if w.total < 0 || first <= w.total || first == 1 && w.total == 0 {
		return nil
	}
	return &tool.InputError{Field: "offset", Problem: fmt.Sprintf("line %d is past the end of %s, which has %s.", first, o.name, text.Count(int64(w.total), "line", "lines")),
		Hint: "Read the end with " + call.Suggest("fs.read", map[string]any{"path": o.name, "tail": 20})}
}

// writeError is a failure to write the window to the sink.
type writeError struct{ err error }

func (e *writeError) Error() string { return "write the output: " + e.err.Error() }
func (e *writeError) Unwrap() error { return e.err }

// numberedWriter writes lines with their number and a tab in front, as
// numberLines does for a kept window.
type numberedWriter struct {
	w   io.Writer
	n   int  // the number of the next line
	mid bool // a line was started and not ended
}

func (nw *numberedWriter) Write(p []byte) (int, error) {
	written := 0
	for len(p) > 0 {
		if !nw.mid {
			if _, err := fmt.Fprintf(nw.w, "%6d\t", nw.n); err != nil {
				return written, err
			}
			nw.mid = true
		}
		line := p
		if i := bytes.IndexByte(p, '\n'); i >= 0 {
			line, nw.mid = p[:i+1], false
			nw.n++
		}
		if _, err := nw.w.Write(line); err != nil {
			return written, err
		}
		written += len(line)
		p = p[len(line):]
	}
	return written, nil
}

// lineRange turns offset, limit and tail into a first line and a count.
func (t *toolset) lineRange(ctx context.Context, in ReadInput, o *opened) (first, limit int, err error) {
	first, limit = max(in.Offset, 1), in.Limit
	back := in.Tail
	if in.Offset < 0 {
		back = -in.Offset
	}
	if back == 0 {
		return first, limit, nil
	}
	// Counting from the end needs the number of lines: one pass to count,
	// then the file again from the start.
	total, err := countLines(o.r)
	if err != nil {
		return 0, 0, fmt.Errorf("read %s: %w", o.name, err)
	}
	if err := rewind(o); err != nil {
		return 0, 0, err
	}
	first = max(total-back+1, 1)
	if in.Tail > 0 && limit == 0 {
		limit = back
	}
	return first, limit, nil
}

// linesIn counts the lines of data as countLines does.
func linesIn(data []byte) int {
	n := bytes.Count(data, newline)
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}

// countLines counts the lines of r (a last line without a newline counts).
func countLines(r io.Reader) (int, error) {
	buf := make([]byte, 64<<10)
	total, last := 0, byte('\n')
	for {
		n, err := r.Read(buf)
		if n > 0 {
			total += bytes.Count(buf[:n], newline)
			last = buf[n-1]
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	if last != '\n' {
		total++
	}
	return total, nil
}

// lineWindow is the part of a text file a read shows.
type lineWindow struct {
	text      []byte
	first     int   // number of the first line shown
	shown     int   // lines in text
	total     int   // lines in the file; -1 when not counted to the end
	cut       bool  // text stopped at the byte cap inside the window
	more      bool  // lines follow the window (a limit was reached)
	startByte int64 // offset of the first line shown
	// long is set when the first line of the window alone did not fit and
	// text holds only its start; lineLen is then that line's full length
	// in bytes (without its newline).
	long    bool
	lineLen int64
	// out, when set, takes the window's lines instead of text (no byte or
	// line cap), and lastOut is the last byte written to it.
	out     io.Writer
	lastOut byte
	// before sums the bytes before the window (without out), for the
	// version of the file a continuation names (see version); throughLong
	// goes on through a long first line, which text holds only the start
	// of, and longEnded says it reached the line's end.
	before, throughLong *fileSum
	longEnded           bool
}

// add keeps seg, part of a line of the window, or writes it to out.
func (w *lineWindow) add(seg []byte) error {
	if w.out == nil {
		w.text = append(w.text, seg...)
		return nil
	}
	if len(seg) == 0 {
		return nil
	}
	w.lastOut = seg[len(seg)-1]
	if _, err := w.out.Write(seg); err != nil {
		return &writeError{err: err}
	}
	return nil
}

// openEnded reports whether the window so far ends inside a line.
func (w *lineWindow) openEnded() bool {
	if w.out != nil {
		return w.lastOut != 0 && w.lastOut != '\n'
	}
	return len(w.text) > 0 && w.text[len(w.text)-1] != '\n'
}

// describe renders "lines 1-12 of 12".
func (w lineWindow) describe() string {
	var b strings.Builder
	switch {
	case w.total == 0:
		return "empty file"
	case w.shown == 0:
		b.WriteString("no lines")
	case w.shown == 1:
		fmt.Fprintf(&b, "line %s", text.GroupDigits(int64(w.first)))
	default:
		fmt.Fprintf(&b, "lines %s-%s", text.GroupDigits(int64(w.first)), text.GroupDigits(int64(w.first+w.shown-1)))
	}
	if w.total > 0 {
		fmt.Fprintf(&b, " of %s", text.GroupDigits(int64(w.total)))
	} else {
		b.WriteString(" of more (not counted)")
	}
	if w.cut {
		b.WriteString(", cut at the output budget")
	}
	return b.String()
}

// readWindow reads lines first … first+limit-1 (limit 0: to the end) from
// r (of size bytes), keeping at most room.Bytes of them and room.Lines
// lines, and counts the file's lines. With out, the lines are written there
// instead, all of them.
func readWindow(r io.Reader, first, limit int, room tool.Room, size int64, out io.Writer) (lineWindow, error) {
	capBytes := room.Bytes
	w := lineWindow{first: first, total: -1, out: out}
	if out != nil {
		capBytes, room.Lines = math.MaxInt, 0
	} else {
		w.before = &fileSum{}
	}
	buf := make([]byte, min(max(size+1, 512), 64<<10))
	if size < 64<<10 && out == nil {
		w.text = make([]byte, 0, min(size+1, int64(capBytes)+1))
	}
	line, last := 1, byte('\n')
	var read int64
	measuring := false
	inWindow := func() bool { return line >= first && (limit == 0 || line < first+limit) }
	for {
		n, err := r.Read(buf)
		chunk := buf[:n]
		read += int64(n)
		before := w.startByte
		if n > 0 {
			last = chunk[n-1]
		}
		for len(chunk) > 0 {
			switch {
			case line < first:
				i := bytes.IndexByte(chunk, '\n')
				if i < 0 {
					w.startByte += int64(len(chunk))
					chunk = nil
					continue
				}
				w.startByte += int64(i + 1)
				chunk = chunk[i+1:]
				line++
			case inWindow() && !w.cut:
				seg := chunk
				i := bytes.IndexByte(chunk, '\n')
				if i >= 0 {
					seg = chunk[:i+1]
				}
				if room.Lines > 0 && w.shown >= room.Lines {
					w.cut = true
				} else if len(w.text)+len(seg) > capBytes {
					if w.shown == 0 {
						w.long, w.lineLen = true, int64(len(w.text)+len(seg))
						w.startLong(seg)
						if i >= 0 {
							w.lineLen-- // the newline
						} else {
							measuring = true // the line goes on in the next chunks
						}
						w.text = append(w.text, cutRunes(seg, capBytes-len(w.text))...)
					}
					w.cut = true
				} else if err := w.add(seg); err != nil {
					return w, err
				}
				chunk = chunk[len(seg):]
				if i >= 0 {
					if !w.cut {
						w.shown++
					}
					line++
				}
			case measuring:
				// the rest of a cut long line: measure it, then count on
				i := bytes.IndexByte(chunk, '\n')
				if i < 0 {
					w.lineLen += int64(len(chunk))
					w.sumLong(chunk)
					chunk = nil
					continue
				}
				w.lineLen += int64(i)
				w.sumLong(chunk[:i+1])
				measuring = false
			default:
				if limit > 0 && line >= first+limit && !w.cut {
					w.more = true
				}
				line += bytes.Count(chunk, newline)
				chunk = nil
			}
		}
		// What the chunk held before the window starts it: summed at once.
		w.sumBefore(buf[:w.startByte-before])
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return w, err
		}
		if read > countLimit && !inWindow() {
			w.more = w.more || !w.cut
			return w, nil
		}
	}
	w.total = line - 1
	if read > 0 && last != '\n' {
		w.total++
		if !w.cut && w.openEnded() {
			w.shown++ // the last line has no newline
		}
	}
	if w.cut && w.shown == 0 && len(w.text) > 0 {
		w.shown = 1
	}
	return w, nil
}

// cutRunes cuts b to at most n bytes without splitting a UTF-8 character.
func cutRunes(b []byte, n int) []byte {
	if n <= 0 {
		return nil
	}
	if len(b) <= n {
		return b
	}
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return b[:n]
}

// numberLines prefixes each line with its number and a tab.
func numberLines(text string, first int) string {
	var b strings.Builder
	b.Grow(len(text) + 8*strings.Count(text, "\n"))
	n := first
	for text != "" {
		line, rest, found := strings.Cut(text, "\n")
		fmt.Fprintf(&b, "%6d\t%s", n, line)
		if found {
			b.WriteByte('\n')
		}
		text, n = rest, n+1
	}
	return b.String()
}

// readBinaryOrDocument answers for a binary file: a document's text, or
// what readBinary says of it.
func (t *toolset) readBinaryOrDocument(ctx context.Context, in ReadInput, o *opened) (tool.Result, error) {
	if in.Image || in.Base64 {
		return t.readBinary(ctx, in, o)
	}
	d, data, note, err := asDocument(o)
	switch {
	case err != nil:
		return tool.Result{}, err
	case d != nil:
		return t.readDocument(ctx, in, o, d, data)
	}
	res, err := t.readBinary(ctx, in, o)
	if note != "" {
		res.Notes = append(res.Notes, note)
	}
	return res, err
}

// readBinary answers for a binary file, or a file asked for as base64 or
// as an image. Only what the answer shows is kept: an image within the
// limits checked first, or a window of base64 lines (readBase64); a file
// only described is hashed as it is read, and base64 for a sink (the
// command line's pipe or file) is written there as it is read, whatever
// the file's size.
func (t *toolset) readBinary(ctx context.Context, in ReadInput, o *opened) (tool.Result, error) {
	encoded := int64(base64.StdEncoding.EncodedLen(int(min(o.size, math.MaxInt32))))
	isImage := imageTypes[strings.SplitN(o.kind.mime, ";", 2)[0]]
	sink := t.call.Sink()
	switch {
	case in.Image && !isImage:
		return tool.Result{}, &tool.InputError{Field: "image", Problem: fmt.Sprintf("%s is %s, not an image this server can show (PNG, JPEG, GIF, WebP).", o.name, o.kind.mime)}
	case in.Image && encoded > imageLimit(t.call):
		return tool.Result{}, t.imageTooLarge(ctx, o, encoded)
	case in.Base64 && !in.Image && sink != nil:
		return streamBase64(o, sink, isImage)
	case in.Base64 && !in.Image:
		return t.readBase64(ctx, in, o)
	}
	body, err := readBody(o, in.Image, isImage)
	if err != nil {
		return tool.Result{}, err
	}
	res := tool.Result{Head: body.describe(o)}
	if in.Image {
		res.Images = []tool.Image{{MIMEType: strings.SplitN(o.kind.mime, ";", 2)[0], Data: body.data}}
		res.Text = "(the image follows)"
		return res, nil
	}
	var b strings.Builder
	b.WriteString("Binary file: its bytes are not shown as text.\n")
	if isImage && encoded <= imageLimit(t.call) {
		fmt.Fprintf(&b, "See the image: %s\n", t.call.Suggest("fs.read", map[string]any{"path": o.name, "image": true}))
	}
	b.WriteString(base64Advice(t.call, o))
	res.Text = b.String()
	return res, nil
}

// base64Advice is the call that gets a binary file's bytes as base64: the
// plain call when they fit this call's room, else in pages, and all at
// once with the maxBytes that takes when the call can ask for it.
func base64Advice(call tool.Call, o *opened) string {
	args := map[string]any{"path": o.name, "base64": true}
	room := call.Room()
	size := base64Len(o.size)
	if size <= int64(room.Bytes) && (room.Lines == 0 || base64Lines(o.size) <= room.Lines) {
		return "Get the bytes as base64: " + call.Suggest("fs.read", args)
	}
	advice := fmt.Sprintf("As base64 it is %s bytes in %s, more than one answer here holds (%s bytes); get it in pages: %s",
		text.GroupDigits(size), text.Count(int64(base64Lines(o.size)), "line", "lines"), text.GroupDigits(int64(call.Budget())), call.Suggest("fs.read", args))
	if want, ok := room.Raise(size); ok {
		args[tool.BudgetField] = want
		advice += "; or all at once: " + call.Suggest("fs.read", args)
	}
	return advice + "."
}

// binaryBody is what was read of a binary file: its bytes when kept, its
// size, hash and, for an image, its dimensions.
type binaryBody struct {
	data []byte
	hash hashCounter
	dims string
}

// describe is the head line: name, type, size, sha256 and dimensions.
func (b *binaryBody) describe(o *opened) string {
	return fmt.Sprintf("%s · %s · %s bytes · sha256 %s%s", o.name, o.kind.mime, text.GroupDigits(b.hash.n), hex.EncodeToString(b.hash.h.Sum(nil)), b.dims)
}

// readBody reads o to its end (no further than its size when opened, if
// it grows), hashing it, and keeps its bytes only when keep.
func readBody(o *opened, keep, isImage bool) (*binaryBody, error) {
	b := &binaryBody{hash: hashCounter{h: sha256.New()}}
	r := io.TeeReader(io.LimitReader(o.r, max(o.size, 0)+1), &b.hash)
	var err error
	if keep {
		if b.data, err = io.ReadAll(r); err == nil && isImage {
			b.dims = imageDims(bytes.NewReader(b.data))
		}
	} else {
		if isImage {
			b.dims = imageDims(bufio.NewReader(r)) // reads the header; what it read is hashed
		}
		_, err = io.Copy(io.Discard, r)
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", o.name, err)
	}
	return b, nil
}

// imageDims is " · W×H" of the image r starts with, or "".
func imageDims(r io.Reader) string {
	if cfg, _, err := image.DecodeConfig(r); err == nil {
		return fmt.Sprintf(" · %d×%d", cfg.Width, cfg.Height)
	}
	return ""
}

// streamBase64 writes o as base64 to sink as it reads it, so memory stays
// flat whatever its size; the answer keeps the head line.
func streamBase64(o *opened, sink io.Writer, isImage bool) (tool.Result, error) {
	bw := bufio.NewWriterSize(sinkWriter{sink}, 64<<10)
	enc := base64.NewEncoder(base64.StdEncoding, bw)
	b := &binaryBody{hash: hashCounter{h: sha256.New()}}
	r := bufio.NewReader(io.TeeReader(io.LimitReader(o.r, max(o.size, 0)+1), &b.hash))
	if isImage {
		b.dims = imageDims(io.TeeReader(r, enc)) // what it reads is encoded too
	}
	_, err := io.Copy(enc, r)
	if err == nil {
		err = enc.Close()
	}
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		return tool.Result{}, fmt.Errorf("read %s: %w", o.name, err)
	}
	return tool.Result{Head: b.describe(o)}, nil
}

// hashCounter hashes and counts what is written to it.
type hashCounter struct {
	h hash.Hash
	n int64
}

func (c *hashCounter) Write(p []byte) (int, error) {
	c.h.Write(p)
	c.n += int64(len(p))
	return len(p), nil
}

// sinkWriter tells a failure to write the output from a failure to read
// the file.
type sinkWriter struct{ w io.Writer }

func (s sinkWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil {
		return n, &writeError{err: err}
	}
	return n, nil
}

// readMany reads several files, sharing the budget between them.
func (t *toolset) readMany(ctx context.Context, in ReadInput, paths []string) (tool.Result, error) {
	share := t.call.Room().Share(len(paths))
	var b strings.Builder
	starts := make([]int, len(paths))
	failed := 0
	for i, p := range paths {
		starts[i] = b.Len()
		if i > 0 {
			b.WriteString("\n")
		}
		section, ok := t.readSection(ctx, in, p, share)
		if !ok {
			failed++
		}
		b.WriteString(section)
	}
	text := b.String()
	res := tool.Result{Text: text, IsError: failed == len(paths)}
	res.Next = func(shown int) map[string]any {
		for i := len(starts) - 1; i >= 0; i-- {
			if starts[i] < shown {
				return map[string]any{"paths": paths[i:], "path": nil}
			}
		}
		return map[string]any{"paths": paths, "path": nil}
	}
	return res, nil
}

// readSection renders one file of a multi-file read within share bytes.
func (t *toolset) readSection(ctx context.Context, in ReadInput, p string, share tool.Room) (section string, ok bool) {
	o, err := t.open(ctx, "paths", p)
	if err != nil {
		msg := err.Error()
		if ie, ok := tool.AsInputError(err); ok {
			msg = ie.Problem
			if ie.Hint != "" {
				msg += " " + ie.Hint
			}
		}
		return fmt.Sprintf("==> %s <==\nerror: %s\n", p, msg), false
	}
	defer o.f.Close()
	if o.kind.binary && !in.Base64 && !in.Image {
		d, data, note, err := asDocument(o)
		switch {
		case err != nil:
			return fmt.Sprintf("==> %s <==\nerror: %v\n", o.name, err), false
		case d != nil:
			return t.docSection(o, d, data, share), true
		case note != "":
			defer func() { section += note + "\n" }()
		}
	}
	if o.kind.binary || in.Base64 || in.Image {
		sub := in
		sub.Base64, sub.Image = false, false
		res, err := t.readBinary(ctx, sub, o)
		if err != nil {
			return fmt.Sprintf("==> %s <==\nerror: %v\n", o.name, err), false
		}
		return fmt.Sprintf("==> %s <==\n%s\n", res.Head, res.Text), true
	}
	first, limit, err := t.lineRange(ctx, in, o)
	if err != nil {
		return fmt.Sprintf("==> %s <==\nerror: %v\n", o.name, err), false
	}
	w, err := readWindow(o.r, first, limit, share, o.size, nil)
	if err != nil {
		return fmt.Sprintf("==> %s <==\nerror: %v\n", o.name, err), false
	}
	txt, _ := text.ValidText(w.text)
	if in.LineNumbers {
		txt = numberLines(txt, first)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "==> %s · %s · %s <==\n%s", o.name, w.describe(), text.HumanBytes(o.size), txt)
	if txt != "" && !strings.HasSuffix(txt, "\n") {
		b.WriteString("\n")
	}
	if w.long {
		whole := func(budget int64) string {
			return t.call.Suggest("fs.read", map[string]any{"path": o.name, "offset": first, "limit": 1, tool.BudgetField: budget})
		}
		fmt.Fprintf(&b, "… [%s]\n", longLineNote(t.call, o.name, first, w, whole))
	}
	if w.cut && (!w.long || w.total < 0 || first < w.total) || w.more {
		next := first + max(w.shown, 1)
		if w.cut && strings.HasSuffix(txt, "\n") || w.more {
			next = first + w.shown
		}
		fmt.Fprintf(&b, "… [more of this file: %s]\n", t.call.Suggest("fs.read", map[string]any{"path": o.name, "offset": next, "version": w.version(next - first)}))
	}
	return b.String(), true
}

// longLineNote says that a line longer than the budget was cut, how long
// it is, and the call that shows all of it (whole, given the maxBytes it
// needs) when this call can ask for that budget; otherwise how to find
// text inside it.
func longLineNote(call tool.Call, name string, line int, w lineWindow, whole func(budget int64) string) string {
	msg := fmt.Sprintf("line %s is %s bytes, longer than this call's output budget, so only its start is shown", text.GroupDigits(int64(line)), text.GroupDigits(w.lineLen))
	search := call.Suggest("fs.search", map[string]any{"path": name, "pattern": "TEXT", "literal": true})
	room := call.Room()
	want, ok := room.Raise(w.lineLen)
	if !ok {
		return fmt.Sprintf("%s; the whole line is more than one call returns (%s bytes). Find text inside it: %s", msg, text.GroupDigits(int64(room.Most())), search)
	}
	return fmt.Sprintf("%s. See all of it: %s; or find text inside it: %s", msg, whole(want), search)
}

// imageLimit is the largest image, as base64 bytes, a call returns as an
// image block: the call's budget, and at least minImageLimit.
func imageLimit(call tool.Call) int64 {
	return int64(max(call.Budget(), minImageLimit))
}

// imageTooLarge refuses an image above imageLimit, with the call that
// returns it when this call can ask for that budget, and what can be done
// otherwise.
func (t *toolset) imageTooLarge(ctx context.Context, o *opened, encoded int64) error {
	problem := fmt.Sprintf("%s is %s, %s bytes as base64; images are returned up to %s bytes as base64 (this call's limit), since clients refuse larger ones.",
		o.name, text.HumanBytes(o.size), text.GroupDigits(encoded), text.GroupDigits(imageLimit(t.call)))
	if want, ok := t.call.Room().Raise(encoded); ok {
		return &tool.InputError{Field: "image", Problem: problem,
			Hint: "Ask for a larger limit: " + t.call.Again(map[string]any{tool.BudgetField: want}) + " (some clients may still refuse it)."}
	}
	return &tool.InputError{Field: "image", Problem: problem,
		Hint: "f0 cannot make a smaller copy. Its type, size and dimensions: " + t.call.Suggest("fs.read", map[string]any{"path": o.name}) +
			"; a smaller version made with another tool can be shown."}
}
