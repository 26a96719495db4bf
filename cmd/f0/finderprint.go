package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"f0/tool"
)

// finderPrinter writes findings as rg (fs.search) or fd (fs.find) prints
// them: in a pipe one line a finding (path:line:text, or a path), on a
// terminal rg's heading per file and colour; --json as JSON lines.
type finderPrinter struct {
	w        *bufio.Writer
	out0     *stopWriter
	find     bool // fs.find's paths, not fs.search's lines
	out      finderOutput
	terminal bool
	color    bool
	heading  bool
	context  bool // context lines asked: groups are separated by --
	filename bool // lines start with their file's path
	// last is the path of the last line printed; printed says a line was;
	// count is how many findings were printed.
	last    string
	printed bool
	count   int
	// searched is the path searched now, as typed; decided says whether
	// filename was chosen for it (at its first finding), dotSlash that its
	// findings are spelt ./… as it is.
	searched string
	onePath  bool
	decided  bool
	dotSlash bool
	// quiet says -q found what it needed and stopped the search.
	quiet bool
	stats jsonStats // rg --json's summary, over every file
	file  jsonStats // the same for the current file
}

// Colours of rg's default theme and of fd's directories.
const (
	sgrPath  = "\x1b[35m"
	sgrLine  = "\x1b[32m"
	sgrMatch = "\x1b[1;31m"
	sgrDir   = "\x1b[1;34m"
	sgrReset = "\x1b[0m"
)

func newFinderPrinter(a *app, name string, w *finderWords, stop func()) *finderPrinter {
	terminal := isTerminal(a.stdout)
	out := &stopWriter{w: a.stdout, stop: stop}
	p := &finderPrinter{w: bufio.NewWriterSize(out, 64<<10), out0: out, find: name == "fs.find", out: w.out, terminal: terminal}
	p.color = w.out.color == "always" || w.out.color == "auto" && terminal && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	p.heading = w.out.heading == "yes" || w.out.heading == "" && terminal
	for _, k := range []string{"context", "before", "after"} {
		if n, ok := w.args[k].(int); ok && n > 0 {
			p.context = true
		}
	}
	return p
}

// paint wraps s in a colour when colour is on; s is escaped for a
// terminal first.
func (p *finderPrinter) paint(sgr, s string) string {
	if p.terminal {
		s = escapeControls(s)
	}
	if !p.color || s == "" || sgr == "" {
		return s
	}
	return sgr + s + sgrReset
}

// stopWriter is stdout, which stops the search once a write to it fails
// (the reader of a pipe went away).
type stopWriter struct {
	w    io.Writer
	stop func()
	err  error
}

func (s *stopWriter) Write(b []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(b)
	if err != nil {
		s.err = err
		s.stop()
	}
	return n, err
}

// startPath readies the printer for the findings of one path.
func (p *finderPrinter) startPath(path string, only bool) {
	p.searched, p.onePath, p.decided = path, only, false
	p.dotSlash = path == "." || strings.HasPrefix(path, "./")
}

// flush writes what is buffered; it returns the first write error.
func (p *finderPrinter) flush() error {
	if err := p.w.Flush(); err != nil {
		return err
	}
	return p.out0.err
}

// found prints one finding as the tool hands it over.
func (p *finderPrinter) found(r tool.Record) {
	if p.out0.err != nil {
		return
	}
	if !p.decided {
		// rg names no file when it searches one file: the path given is
		// the file of the findings.
		oneFile := p.onePath && p.searched != "" && r.Path == filepath.ToSlash(filepath.Clean(p.searched))
		p.filename = p.out.filename == "yes" || p.out.filename == "" && !oneFile
		p.decided = true
	}
	if p.dotSlash && !strings.HasPrefix(r.Path, "./") && !strings.HasPrefix(r.Path, "/") {
		r.Path = "./" + r.Path // as rg and fd spell the paths under ./net
	}
	p.count++
	p.print(r)
}

// print writes one record.
func (p *finderPrinter) print(r tool.Record) {
	switch {
	case p.out.mode == "quiet":
		p.quiet = true
		p.out0.stop()
	case p.out.mode == "json":
		p.json(r)
	case p.find:
		p.path(r)
	case p.out.mode == "files":
		p.w.WriteString(p.paint(sgrPath, r.Path))
		p.w.WriteByte('\n')
	case p.out.mode == "count":
		if p.filename {
			p.w.WriteString(p.paint(sgrPath, r.Path) + ":")
		}
		p.w.WriteString(strconv.Itoa(r.Count) + "\n")
	default:
		p.line(r)
	}
}

// path writes one of fd's paths: a directory ends with /, as fd 8 writes
// it; -0 ends each with a NUL byte for xargs -0.
func (p *finderPrinter) path(r tool.Record) {
	s := r.Path
	if r.Dir {
		s = p.paint(sgrDir, s) + "/"
	} else if p.terminal {
		s = escapeControls(s)
	}
	p.w.WriteString(s)
	if p.out.nul {
		p.w.WriteByte(0)
	} else {
		p.w.WriteByte('\n')
	}
}

// line writes one matching or context line: path:line:text (- for a
// context line), with "--" between groups that are not adjacent; on a
// terminal the path heads its file's lines instead, and files are apart
// by a blank line.
func (p *finderPrinter) line(r tool.Record) {
	newFile := r.Path != p.last
	switch {
	case p.heading && newFile:
		if p.printed {
			p.w.WriteByte('\n')
		}
		if p.filename {
			p.w.WriteString(p.paint(sgrPath, r.Path) + "\n")
		}
	case p.context && p.printed && (newFile || r.Gap):
		p.w.WriteString("--\n")
	}
	sep := ":"
	if r.Context {
		sep = "-"
	}
	if p.filename && !p.heading {
		p.w.WriteString(p.paint(sgrPath, r.Path) + sep)
	}
	if !p.out.noLines {
		p.w.WriteString(p.paint(sgrLine, strconv.Itoa(r.Line)) + sep)
	}
	p.w.WriteString(p.matched(r))
	p.w.WriteByte('\n')
	p.last, p.printed = r.Path, true
}

// matched is a line's text with its matches in colour.
func (p *finderPrinter) matched(r tool.Record) string {
	if !p.color || len(r.Spans) == 0 {
		return p.paint("", r.Text)
	}
	var b strings.Builder
	at := 0
	for _, sp := range r.Spans {
		b.WriteString(p.paint("", r.Text[at:sp[0]]))
		b.WriteString(p.paint(sgrMatch, r.Text[sp[0]:sp[1]]))
		at = sp[1]
	}
	b.WriteString(p.paint("", r.Text[at:]))
	return b.String()
}

// jsonStats are the counts of rg --json's end and summary messages.
type jsonStats struct {
	MatchedLines int `json:"matched_lines"`
	Matches      int `json:"matches"`
	// SearchesWithMatch is counted in the summary only.
	SearchesWithMatch int `json:"searches_with_match,omitempty"`
}

// jsonText is rg's {"text": …}.
type jsonText struct {
	Text string `json:"text"`
}

// jsonMessage is one line of rg --json, its type first as rg writes it.
type jsonMessage struct {
	Type string `json:"type"`
	Data any    `json:"data"`
}

// jsonLine is the data of a match or context message.
type jsonLine struct {
	Path       jsonText       `json:"path"`
	Lines      jsonText       `json:"lines"`
	LineNumber int            `json:"line_number"`
	Submatches []jsonSubmatch `json:"submatches"`
}

// jsonSubmatch is one match in a line.
type jsonSubmatch struct {
	Match jsonText `json:"match"`
	Start int      `json:"start"`
	End   int      `json:"end"`
}

// jsonPath is the data of begin and end messages (end with stats).
type jsonPath struct {
	Path  jsonText   `json:"path"`
	Stats *jsonStats `json:"stats,omitempty"`
}

// jsonFound is one of fs.find's paths in --json.
type jsonFound struct {
	Path string `json:"path"`
	Type string `json:"type"`
}

// json writes a record as rg --json does (begin, match or context, end
// per file; summary in finish), and fs.find's paths as {"path", "type"}.
func (p *finderPrinter) json(r tool.Record) {
	enc := json.NewEncoder(p.w)
	enc.SetEscapeHTML(false)
	if p.find {
		kind := "file"
		if r.Dir {
			kind = "directory"
		}
		_ = enc.Encode(jsonFound{r.Path, kind})
		return
	}
	if r.Path != p.last {
		p.endFile(enc)
		_ = enc.Encode(jsonMessage{"begin", jsonPath{Path: jsonText{r.Path}}})
		p.last, p.printed = r.Path, true
		p.stats.SearchesWithMatch++
	}
	line := jsonLine{Path: jsonText{r.Path}, Lines: jsonText{r.Text + "\n"}, LineNumber: r.Line, Submatches: []jsonSubmatch{}}
	kind := "match"
	if r.Context {
		kind = "context"
	} else {
		p.file.MatchedLines++
		p.file.Matches += len(r.Spans)
	}
	for _, sp := range r.Spans {
		line.Submatches = append(line.Submatches, jsonSubmatch{jsonText{r.Text[sp[0]:sp[1]]}, sp[0], sp[1]})
	}
	_ = enc.Encode(jsonMessage{kind, line})
}

// endFile writes the end message of the file whose lines were last
// written, if any.
func (p *finderPrinter) endFile(enc *json.Encoder) {
	if !p.printed {
		return
	}
	stats := p.file
	_ = enc.Encode(jsonMessage{"end", jsonPath{Path: jsonText{p.last}, Stats: &stats}})
	p.stats.MatchedLines += p.file.MatchedLines
	p.stats.Matches += p.file.Matches
	p.file = jsonStats{}
}

// finish writes what closes the output: rg --json's last end and summary.
func (p *finderPrinter) finish() error {
	if p.out.mode == "json" && !p.find {
		enc := json.NewEncoder(p.w)
		p.endFile(enc)
		_ = enc.Encode(jsonMessage{"summary", struct {
			Stats jsonStats `json:"stats"`
		}{p.stats}})
	}
	return p.w.Flush()
}
