package fs

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"f0/internal/text"
)

// The content search of one file. A file is read in blocks (the whole file
// when it is up to blockSize) and each block is searched as one buffer:
// line boundaries are only looked for around matches, and line numbers are
// counted with bytes.Count between matches, so the hot loop allocates
// nothing per line. A block is searched a window of whole lines at a time,
// with the call's context checked between windows: a regular expression
// with no literal to look for first runs at tens of megabytes a second, so
// a cancelled call stops within a window's work, not a block's.

const (
	// binaryProbe is how much of a file is looked at for a NUL byte.
	binaryProbe = 8 << 10
	// headRead is the first read of a bigger file, so that a binary one is
	// left after it; it is also the smallest read buffer.
	headRead = 64 << 10
	// blockSize is the largest read; bigger files are searched in blocks.
	blockSize = 16 << 20
	// maxLineLen is the longest line a block grows to hold.
	maxLineLen = 64 << 20
	// maxShownLine is the most of one line a result shows.
	maxShownLine = 300
	// windowSize is how much of a block is searched between two looks at
	// the call's context (rounded up to the end of a line).
	windowSize = 64 << 10
	// maxSpanFile is the largest file a multiline search reads: it is
	// searched whole, as one buffer, so that a match may span any lines.
	maxSpanFile = 64 << 20
)

var newline = []byte{'\n'}

// searchConf is one search's settings for every file.
type searchConf struct {
	m             *matcher
	before, after int
	// limit is the most matches kept per file.
	limit int
	// perFile is the most matches a file shows (maxPerFile; 0: all), as
	// grep -m does: the file's search stops after them.
	perFile int
	// exclude, when set, drops the matches whose lines it matches
	// (excludePattern).
	exclude *matcher
	// countOnly counts matching lines without keeping them.
	countOnly bool
	// whole keeps lines whole, for a command line: a model gets long lines
	// cut to a window around the match.
	whole bool
	// block is the read size (blockSize when 0; tests make it small).
	block int64
	// window is the search window (windowSize when 0; tests make it small).
	window int
}

// fileHits is what the search found in one file.
type fileHits struct {
	count  int       // matching lines, or matches of a multiline search (up to limit)
	lines  []hitLine // matches and context lines in order
	more   bool      // the file has more matches than limit
	capped bool      // the file has more matches than perFile
	binary bool
	err    string
	whole  bool // lines are kept whole (searchConf.whole)
}

// hitLine is one line of a result.
type hitLine struct {
	num   int
	text  string
	match bool
	// cont marks a later line of a match that spans lines: shown as a
	// match, counted with the line the match starts on.
	cont bool
	gap  bool // not adjacent to the line shown before it
	// spans are where the pattern matched in text (whole lines only).
	spans [][2]int
}

// blockState carries a file's search from one block to the next.
type blockState struct {
	line      int // line number at the start of the search region
	lastShown int // last line number added (0: none)
	after     int // after-context lines still owed to the last match
}

// searchFile searches one file of dir; link says the listing showed a
// symbolic link (followed only inside the roots).
func (c *searchConf) searchFile(ctx context.Context, wk *worker, dir *dirHandle, name string, link bool) fileHits {
	h := fileHits{whole: c.whole}
	f, err := dir.openFile(name, link)
	if err != nil {
		h.err = reason(err)
		return h
	}
	defer f.close()
	fsize, ok := f.regularSize()
	if !ok {
		h.err = "not a regular file"
		return h
	}
	block := c.block
	if block == 0 {
		block = blockSize
	}
	if c.m.span != nil {
		if fsize >= maxSpanFile {
			h.err = "larger than " + text.HumanBytes(maxSpanFile) + ", the most a multiline search reads"
			return h
		}
		block = maxSpanFile
	}
	size := min(max(fsize+1, min(headRead, block)), block)
	if int64(cap(wk.buf)) < size {
		wk.buf = make([]byte, min(max(size, 2*int64(cap(wk.buf)), 256<<10), block))
	}
	buf := wk.buf[:size]
	st := blockState{line: 1}
	keep, carry := 0, 0
	for first := true; ; first = false {
		if ctx.Err() != nil {
			return h
		}
		var n int
		var rerr error
		switch {
		case first && fsize > headRead && len(buf) > headRead:
			// The start first: a big binary file is left after it.
			n, rerr = f.readFull(buf[:headRead])
			if rerr == nil && bytes.IndexByte(buf[:binaryProbe], 0) >= 0 {
				h.binary = true
				return h
			}
			if rerr == nil {
				var m int
				m, rerr = f.readFull(buf[n:min(int64(len(buf)), fsize)])
				n += m
				if rerr == nil && int64(n) == fsize {
					rerr = io.EOF // read to its size: no read just to see the end
				}
			}
		case first && fsize < int64(len(buf)):
			// One read gets a file that fits; a full count means the end.
			n, rerr = f.Read(buf)
			if rerr == nil && int64(n) == fsize {
				rerr = io.EOF
			} else if rerr == nil {
				var m int
				m, rerr = f.readFull(buf[n:])
				n += m
			}
		default:
			n, rerr = f.readFull(buf[keep+carry:])
		}
		data := buf[:keep+carry+n]
		eof := rerr != nil
		if rerr != nil && !errors.Is(rerr, io.EOF) && !errors.Is(rerr, io.ErrUnexpectedEOF) {
			h.err = reason(rerr)
			return h
		}
		if first && bytes.IndexByte(data[:min(len(data), binaryProbe)], 0) >= 0 {
			h.binary = true
			return h
		}
		end := len(data)
		if !eof {
			j := bytes.LastIndexByte(data[keep:], '\n')
			if j < 0 && len(buf) < maxLineLen {
				grown := make([]byte, 2*len(buf))
				copy(grown, data)
				buf, wk.buf = grown, grown
				carry = len(data) - keep
				continue
			}
			if j >= 0 {
				end = keep + j + 1
			}
		}
		if c.searchRegion(ctx, data[:end], keep, &st, &h) || eof {
			return h
		}
		// Keep the last lines of the block as before-context for the next.
		ctxStart := end
		for k := 0; k < c.before && ctxStart > 0; k++ {
			ctxStart = bytes.LastIndexByte(data[:ctxStart-1], '\n') + 1
		}
		copy(buf, data[ctxStart:])
		keep, carry = end-ctxStart, len(data)-end
	}
}

// searchRegion searches data[from:], a run of whole lines, line by line
// or, for a pattern that spans lines, match by match.
func (c *searchConf) searchRegion(ctx context.Context, data []byte, from int, st *blockState, h *fileHits) bool {
	if c.m.span != nil {
		return c.searchSpans(ctx, data, from, st, h)
	}
	return c.searchBlock(ctx, data, from, st, h)
}

// full reports whether a file's search stops before its next match: at
// the file's cap (capped) or at the search's limit (more).
func (c *searchConf) full(h *fileHits) bool {
	switch {
	case c.perFile > 0 && h.count >= c.perFile:
		h.capped = true
	case h.count >= c.limit:
		h.more = true
	default:
		return false
	}
	return true
}

// excluded reports whether the lines of a match match excludePattern.
func (c *searchConf) excluded(lines []byte) bool {
	return c.exclude != nil && c.exclude.re.Match(lines)
}

// finish adds the after-context owed at the end of a region and counts
// its lines; it returns true when the file is done.
func (c *searchConf) finish(data []byte, pos, line int, st *blockState, h *fileHits) bool {
	if h.more {
		return true
	}
	if !c.countOnly && pos < len(data) {
		pos, line = c.addAfter(data, pos, line, 1<<62, st, h)
	}
	if pos < len(data) {
		line += bytes.Count(data[pos:], newline)
	}
	st.line = line
	return h.capped
}

// searchBlock searches data[from:], a run of whole lines (data[:from] holds
// earlier lines kept for context). It returns true when the file is done
// (or the call was cancelled).
func (c *searchConf) searchBlock(ctx context.Context, data []byte, from int, st *blockState, h *fileHits) bool {
	// pos is where lines are counted from (line number line starts there);
	// scan is where the search goes on, at or after pos.
	pos, line, scan := from, st.line, from
	for scan < len(data) {
		if ctx.Err() != nil {
			return true
		}
		win := c.windowEnd(data, scan)
		start, end, at, ok := c.m.nextLine(data[:win], scan)
		if !ok {
			scan = win
			continue
		}
		if c.excluded(data[start:end]) {
			scan = end + 1
			continue
		}
		if c.full(h) {
			break
		}
		pos, line = c.take(data, pos, line, start, end, st, h, func(num int) {
			h.add(st, num, data[start:end], at-start, true)
			if c.whole {
				// The spans of a whole line, for a command line's colour
				// and --json, found here by the search's workers.
				l := &h.lines[len(h.lines)-1]
				l.spans = c.m.spans(l.text)
			}
		})
		scan = pos
	}
	return c.finish(data, pos, line, st, h)
}

// take counts the match on data[start:end] (whole lines; lines are
// counted from pos, numbered line) and, unless only counting, adds it
// (addLines, given its first line's number) with its context. It returns
// where counting goes on: the line after the match.
func (c *searchConf) take(data []byte, pos, line, start, end int, st *blockState, h *fileHits, addLines func(num int)) (int, int) {
	num := line + bytes.Count(data[pos:start], newline)
	h.count++
	if !c.countOnly {
		// The after-context owed to the last match stops before this
		// match; where it stops does not matter, as the search goes on
		// from the end of this match.
		c.addAfter(data, pos, line, num, st, h)
		c.addBefore(data, start, num, st, h)
		addLines(num)
		st.after = c.after
	}
	return end + 1, num + bytes.Count(data[start:end], newline) + 1
}

// searchSpans searches data[from:] (a whole file) for matches that may
// span lines. Each match is shown with every line it spans and counted
// once; the search goes on from the line after its last, so no line is in
// two matches.
func (c *searchConf) searchSpans(ctx context.Context, data []byte, from int, st *blockState, h *fileHits) bool {
	pos, line, scan := from, st.line, from
	for scan < len(data) {
		if ctx.Err() != nil {
			return true
		}
		loc := c.m.span.FindIndex(data[scan:])
		if loc == nil {
			break
		}
		s, e := scan+loc[0], scan+loc[1]
		if s == len(data) && data[s-1] == '\n' {
			break // an empty match after the last line end is on no line
		}
		start := bytes.LastIndexByte(data[:s], '\n') + 1
		end := lineEnd(data, max(s, e-1))
		if c.excluded(data[start:end]) {
			scan = lineEnd(data, s) + 1
			continue
		}
		if c.full(h) {
			break
		}
		pos, line = c.take(data, pos, line, start, end, st, h, func(num int) {
			c.addSpan(data[start:end], num, s-start, e-start, st, h)
		})
		scan = pos
	}
	return c.finish(data, pos, line, st, h)
}

// addSpan adds the lines of a match that spans lines (numbered from num),
// the match being lines[s:e].
func (c *searchConf) addSpan(lines []byte, num, s, e int, st *blockState, h *fileHits) {
	for k, at := 0, 0; at <= len(lines); k++ {
		l := lines[at:lineEnd(lines, at)]
		h.add(st, num+k, l, max(s-at, 0), k == 0)
		hl := &h.lines[len(h.lines)-1]
		hl.cont = k > 0
		if c.whole && min(e, at+len(l)) > max(s, at) {
			hl.spans = [][2]int{{max(s, at) - at, min(e, at+len(l)) - at}}
		}
		at += len(l) + 1
	}
}

// windowEnd is where the search window that starts at from ends: after
// the newline that ends the line the window's size reaches into, or at the
// end of data. Every line lies in one window.
func (c *searchConf) windowEnd(data []byte, from int) int {
	i := from + cmp.Or(c.window, windowSize)
	if i >= len(data) {
		return len(data)
	}
	if j := bytes.IndexByte(data[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(data)
}

// addAfter adds the after-context owed to the last match: the lines from
// pos (numbered line) that come before line until.
func (c *searchConf) addAfter(data []byte, pos, line, until int, st *blockState, h *fileHits) (int, int) {
	for st.after > 0 && line < until && pos < len(data) {
		e := lineEnd(data, pos)
		h.add(st, line, data[pos:e], 0, false)
		st.after--
		pos, line = e+1, line+1
	}
	return pos, line
}

// addBefore adds up to c.before lines that precede the match at start
// (line num) and were not shown yet.
func (c *searchConf) addBefore(data []byte, start, num int, st *blockState, h *fileHits) {
	n := min(c.before, num-1-st.lastShown)
	if n <= 0 || start == 0 {
		return
	}
	bounds := make([][2]int, 0, n)
	e := start - 1 // the newline ending the line before
	for len(bounds) < n && e >= 0 {
		s := bytes.LastIndexByte(data[:e], '\n') + 1
		bounds = append(bounds, [2]int{s, e})
		e = s - 1
	}
	for i := len(bounds) - 1; i >= 0; i-- {
		b := bounds[i]
		h.add(st, num-1-i, data[b[0]:b[1]], 0, false)
	}
}

func lineEnd(data []byte, pos int) int {
	if i := bytes.IndexByte(data[pos:], '\n'); i >= 0 {
		return pos + i
	}
	return len(data)
}

// add appends one line, shown around the match at offset at.
func (h *fileHits) add(st *blockState, num int, line []byte, at int, match bool) {
	shown := ""
	if h.whole {
		shown = string(line) // its bytes as rg prints them: a CRLF line keeps its \r
	} else {
		shown = showLine(line, at)
	}
	h.lines = append(h.lines, hitLine{num: num, text: shown, match: match, gap: st.lastShown > 0 && num > st.lastShown+1})
	st.lastShown = num
}

// showLine renders a line for a result: without its carriage return, with
// invalid UTF-8 replaced, and cut to a window around offset at when long.
func showLine(line []byte, at int) string {
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if len(line) <= maxShownLine {
		return strings.ToValidUTF8(string(line), "\uFFFD")
	}
	from := max(0, min(at-maxShownLine/3, len(line)-maxShownLine))
	for from > 0 && !utf8.RuneStart(line[from]) {
		from--
	}
	to := min(len(line), from+maxShownLine)
	for to < len(line) && !utf8.RuneStart(line[to]) {
		to++
	}
	var b strings.Builder
	if from > 0 {
		b.WriteString("…")
	}
	b.WriteString(strings.ToValidUTF8(string(line[from:to]), "\uFFFD"))
	if to < len(line) {
		b.WriteString(" …[line of ")
		b.WriteString(text.HumanBytes(int64(len(line))))
		b.WriteString("]")
	}
	return b.String()
}

// reason is an error's message without its path wrapper; escapes are
// described without showing where they lead.
func reason(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	msg := err.Error()
	if strings.Contains(msg, "path escapes from parent") {
		return "it leads outside the roots"
	}
	return msg
}
