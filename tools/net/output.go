package net

import (
	"context"
	"encoding/base64"
	"fmt"
	"maps"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"f0/internal/text"
	"f0/internal/web"
	"f0/tool"
)

// section is the answer for one URL: the head (status line, verbose
// lines, remarks about the body) and the shown text (-i headers, the body
// from offset, the -w output).
type section struct {
	head     []string
	prefix   string
	body     string
	suffix   string
	offset   int  // where body starts in the full shown body
	pageable bool // body can be continued with offset
	html     bool // raw HTML, which markdown would shorten
	// doc, when set, is the window of a document's text the body is: a
	// continuation names a page and an offset in it (see resumeAt).
	doc     *docWindow
	full    int  // the size of the whole shown body when only its start was kept (0: unknown)
	cut     bool // only the start of the body was kept
	isError bool
	notes   []string
}

func (s *section) text() string { return s.prefix + s.body + s.suffix }

// shownSize is the size of the whole text, when only the start of the body
// was kept: what paging through it would show.
func (s *section) shownSize() int {
	if s.cut && s.full > 0 {
		return len(s.prefix) + s.full - s.offset + len(s.suffix)
	}
	return len(s.text())
}

// single answers a call with one URL.
func (c *curl) single(ctx context.Context, r *request, ex *exchange, err error) (tool.Result, error) {
	if err != nil {
		res, err := c.failed(ctx, r, ex, err)
		return afterRetries(ex, res, err)
	}
	room := c.call.Room()
	s := c.answer(ctx, r, ex, room)
	head := strings.Join(s.head, "\n")
	notes := append(ex.notes, s.notes...)
	if len(s.text()) > room.Less(head).Bytes {
		if s.suffix != "" { // keep the -w output when the body is cut
			head += "\n" + strings.TrimRight(s.suffix, "\n")
			s.suffix = ""
		}
		// The calls the notes suggest read the kept copy; without one, a
		// request that is not sent again gets the footer's advice alone.
		if s.pageable && len(s.text()) > room.Less(head).Bytes && (ex.keep(ctx, r) != "" || r.repeatable()) {
			notes = append(notes, c.cutNotes(ctx, r, ex, &s)...)
		}
	}
	// One final newline is dropped: front ends end the text with their own.
	res := tool.Result{Head: head, Text: s.text(), IsError: s.isError, Notes: notes, Links: savedLinks(ex)}
	if s.cut {
		res.Partial = true
		if s.full > 0 {
			res.Total = s.shownSize()
		}
	}
	if s.pageable {
		res.Next = c.nextPage(ctx, r, ex, &s)
		if ex.token == "" && ex.copy != nil && ex.copy.NotKept() != "" && !r.repeatable() {
			res.Unpaged = unpagedText(ctx, r, ex)
		}
	}
	return res, nil
}

// nextPage is the continuation of a cut body: the offset after what was
// shown, in the kept copy of the response (ex.keep). A request that is not
// sent again has none when its copy could not be kept.
func (c *curl) nextPage(ctx context.Context, r *request, ex *exchange, s *section) func(shown int) map[string]any {
	prefix := len(s.prefix)
	return func(shown int) map[string]any {
		next := s.resumeAt(shown - prefix)
		if next == nil {
			return nil
		}
		switch tok := ex.keep(ctx, r); {
		case tok != "":
			next[responseField] = tok
		case !r.repeatable():
			return nil
		}
		return next
	}
}

// cutNotes are the remarks for a body too long for one answer: markdown
// for HTML, and saving the whole body to a file.
func (c *curl) cutNotes(ctx context.Context, r *request, ex *exchange, s *section) []string {
	var notes []string
	if s.html {
		notes = append(notes, "note: this is an HTML page; as markdown it is readable and usually much shorter: "+
			ex.next(ctx, map[string]any{"format": "markdown", "offset": nil}))
	}
	name := suggestName(ex.target.u, ex.resp.Header.Get("Content-Type"))
	notes = append(notes, fmt.Sprintf("note: to keep the whole body (%s), save it to a file: %s", text.HumanBytes(ex.size),
		ex.next(ctx, map[string]any{"output": name, "offset": nil, "format": nil})))
	return notes
}

// several answers a call with several URLs: one section each, in order,
// each cut to its share of the budget.
func (c *curl) several(ctx context.Context, r *request, exs []*exchange, errs []error) (tool.Result, error) {
	n := len(r.targets)
	share := c.call.Room().Share(n)
	var b strings.Builder
	var notes []string
	anyErr := false
	for i, ex := range exs {
		marker := fmt.Sprintf("── [%d/%d] %s\n", i+1, n, ex.target.u.Redacted())
		b.WriteString(marker)
		if err := errs[i]; err != nil {
			if ctx.Err() != nil {
				return tool.Result{}, ctx.Err()
			}
			res, ferr := c.failed(ctx, r, ex, err)
			res, ferr = afterRetries(ex, res, ferr)
			if ferr != nil {
				fmt.Fprintf(&b, "failed: %v\n", ferr)
			} else {
				b.WriteString(strings.TrimRight(res.Text, "\n") + "\n")
			}
			anyErr = true
			continue
		}
		s := c.answer(ctx, r, ex, share)
		anyErr = anyErr || s.isError
		notes = append(notes, ex.notes...)
		notes = append(notes, s.notes...)
		head := strings.Join(s.head, "\n")
		b.WriteString(head + "\n")
		txt := s.text()
		if len(txt) > share.Less(marker, head).Bytes {
			// Room for the body: the share less this section's marker, head
			// and the line naming the call for the rest, at its longest.
			if s.pageable {
				ex.keep(ctx, r)
			}
			room := share.Less(marker, head, cutLine(1<<40, 1<<40, ex.next(ctx, map[string]any{"offset": 1 << 40})))
			shown := text.CutUTF8(txt, room.Bytes)
			b.WriteString(shown)
			rest := ""
			if s.pageable && (ex.token != "" || r.repeatable()) {
				rest = ex.next(ctx, s.resumeAt(len(shown)-len(s.prefix)))
			}
			b.WriteString(cutLine(len(shown), s.shownSize(), rest) + "\n")
		} else if txt != "" {
			b.WriteString(strings.TrimRight(txt, "\n") + "\n")
		}
	}
	slices.Sort(notes)
	return tool.Result{Text: strings.TrimRight(b.String(), "\n"), IsError: anyErr, Notes: slices.Compact(notes), Links: savedLinks(exs...)}, nil
}

// cutLine ends a section cut to its share: how much of it was shown, and
// the call for the rest when there is one.
func cutLine(shown, size int, rest string) string {
	line := fmt.Sprintf("\n… [truncated: showed %s of %s bytes]", text.GroupDigits(int64(shown)), text.GroupDigits(int64(size)))
	if rest != "" {
		line += " Rest: " + rest
	}
	return line
}

// oneURL is the argument change that turns this call into a call for one
// of its URLs.
func (c *curl) oneURL(r *request, t *target, changes map[string]any) map[string]any {
	changes["url"], changes["urls"] = t.raw, nil
	p := r.plan
	if p.curlStyle && len(p.urlWords) > 0 {
		all := p.words
		if changed, ok := changes["args"].([]string); ok && len(changed) == len(all) {
			all = changed // the words with a value changed in place (withMaxRedirs)
		}
		var words []any
		for i, w := range all {
			if !p.urlWords[i] {
				words = append(words, w)
			}
		}
		if len(words) == 0 {
			changes["args"] = nil
		} else {
			changes["args"] = words
		}
	}
	return changes
}

// answer shapes a received response.
func (c *curl) answer(ctx context.Context, r *request, ex *exchange, room tool.Room) section {
	var s section
	resp := ex.resp
	s.head = append(s.head, summaryLine(r, ex))
	if !ex.replayed.IsZero() {
		s.head = append(s.head, replayLine(ex))
	}
	if r.verbose {
		s.head = append(s.head, verboseLines(r, ex)...)
	}
	if line := locationLine(ctx, r, ex); line != "" {
		s.head = append(s.head, line)
	}
	s.prefix = c.retriedText(ctx, r, ex) + shownHeaders(ctx, r, ex)
	if r.writeOut != nil {
		s.suffix = renderWriteOut(r.writeOut, writeOutValues(r, ex))
	}
	if r.fail && resp.StatusCode >= 400 {
		s.isError = true
		if r.failWithBody {
			s.head = append(s.head, fmt.Sprintf("failed: the server answered %s, and --fail-with-body makes a status of 400 or more an error (the body is kept)", resp.Status))
		} else {
			s.head = append(s.head, fmt.Sprintf("failed: the server answered %s, and fail (-f) makes a status of 400 or more an error", resp.Status))
		}
		if !r.failWithBody {
			if excerpt := c.excerpt(ex); excerpt != "" {
				s.head = append(s.head, "The body starts:")
				s.body = excerpt
			}
			return s
		}
	}
	switch fate := bodyFate(ex); {
	case fate != "":
		s.head = append(s.head, fate)
		s.notes = append(s.notes, unfiltered(r.plan.filters, "the body was not shown: "+fate))
	case ex.size > 0 && ex.method != "HEAD" && !ex.streamed:
		c.bodyView(ctx, r, ex, &s, room)
	default:
		s.notes = append(s.notes, unfiltered(r.plan.filters, "there is no body"))
	}
	s.notes = slices.DeleteFunc(s.notes, func(n string) bool { return n == "" })
	return s
}

// unfiltered is the note for filters that were not applied, and why ("" when
// there are none).
func unfiltered(filters []bodyFilter, why string) string {
	if len(filters) == 0 {
		return ""
	}
	shown := make([]string, len(filters))
	for i, f := range filters {
		shown[i] = f.shown
	}
	return fmt.Sprintf("note: | %s was not applied: %s", strings.Join(shown, " | "), why)
}

// filtered applies the call's filters to the body shown, when the whole
// of it is there.
func filtered(ctx context.Context, r *request, ex *exchange, s *section, txt string) string {
	if len(r.plan.filters) == 0 {
		return txt
	}
	if s.cut || ex.skipped > 0 {
		s.notes = append(s.notes, unfiltered(r.plan.filters, "only the start of the body was kept, so the result would be wrong; the body is shown as it is. Save it with -o FILE and read the file"))
		return txt
	}
	out, note := applyFilters(ctx, r.plan.filters, txt)
	s.notes = append(s.notes, note)
	return out
}

// shownHeaders are the header blocks written before the body: -i's, and
// -D -'s. With -i -o FILE curl puts the headers into the file (readBody),
// not the output; a model is shown them all the same.
func shownHeaders(ctx context.Context, r *request, ex *exchange) string {
	native := r.call.Native()
	var out string
	if r.plan.dumpHeader.set && r.dumpOut == nil {
		out = headerBlock(native, ex)
	}
	if r.include && (!native || ex.target.out == nil && !ex.target.discard) {
		out += headerBlock(native, ex)
	}
	return out
}

// retriedText is what curl wrote for the attempts --retry made before the
// last one: their headers (-i, -D -) and, when the body goes to the
// output, their bodies. A file (-o) is rewritten on each attempt, and -f
// writes no body of a failed status.
func (c *curl) retriedText(ctx context.Context, r *request, ex *exchange) string {
	var b strings.Builder
	for _, e := range ex.retried {
		if e.resp == nil || e.streamed {
			continue
		}
		b.WriteString(shownHeaders(ctx, r, e))
		if e.target.out == nil && !e.target.discard && !(r.fail && !r.failWithBody && e.resp.StatusCode >= 400) {
			b.Write(e.data)
		}
	}
	return b.String()
}

// locationLine points at a redirect that was not followed, and at the
// call that follows it.
func locationLine(ctx context.Context, r *request, ex *exchange) string {
	resp := ex.resp
	loc := resp.Header.Get("Location")
	if loc == "" || !isRedirect(resp.StatusCode) || r.follow {
		return ""
	}
	return fmt.Sprintf("Location: %s (not followed; follow it with -L, or: %s)", resolveRef(resp, loc),
		ex.next(ctx, map[string]any{"followRedirects": true}))
}

// savedLinks are the links to the files the bodies of exs were saved to
// (-o, -O), typed as the responses said, with the files' sizes.
func savedLinks(exs ...*exchange) []tool.Link {
	var links []tool.Link
	for _, ex := range exs {
		if ex == nil || !ex.saved || ex.target.out == nil {
			continue
		}
		mt := ""
		if ex.resp != nil {
			mt = ex.resp.Header.Get("Content-Type")
		}
		size := int64(-1) // the file holds -i's headers too: its own size
		if info, err := ex.target.out.Root.OS().Stat(ex.target.out.Native()); err == nil {
			size = info.Size()
		}
		links = append(links, tool.FileLink(ex.target.out.Abs(), ex.target.outName, mt, size))
	}
	return links
}

// bodyFate says where a body went when it is not shown: saved to a file,
// or discarded.
func bodyFate(ex *exchange) string {
	switch {
	case ex.saved:
		return fmt.Sprintf("saved %s bytes (%s) to %s · sha256 %s", text.GroupDigits(ex.size), typeOrUnknown(ex.resp), ex.target.outName, ex.sha256)
	case ex.target.discard:
		return fmt.Sprintf("body discarded (%s bytes, output %s)", text.GroupDigits(ex.size), ex.target.outName)
	}
	return ""
}

// excerpt is the start of a failed response's body, for -f.
func (c *curl) excerpt(ex *exchange) string {
	if len(ex.data) == 0 {
		return ""
	}
	ctype := ex.resp.Header.Get("Content-Type")
	if web.IsBinary(ctype, ex.data) {
		return fmt.Sprintf("[binary body, %s]", text.HumanBytes(ex.size))
	}
	txt, _, _ := web.DecodeText(ex.data, ctype)
	const max = 500
	if len(txt) > max {
		return text.CutUTF8(txt, max) + "…"
	}
	return txt
}

// bodyView puts the body into s: binary bodies are described (or given as
// base64), text is decoded to UTF-8, converted when asked, and shown from
// offset.
func (c *curl) bodyView(ctx context.Context, r *request, ex *exchange, s *section, room tool.Room) {
	ctype := ex.resp.Header.Get("Content-Type")
	if r.base64 {
		c.base64View(ctx, r, ex, s, room)
		return
	}
	sample := ex.data
	if ex.skipped > 0 {
		sample = ex.start
	}
	if web.IsBinary(ctype, sample) {
		if c.documentView(ctx, r, ex, s, room) {
			return
		}
		s.head = append(s.head, c.binaryLines(ctx, r, ex, s, room)...)
		s.notes = append(s.notes, unfiltered(r.plan.filters, "the body is binary"))
		return
	}
	s.notes = append(s.notes, pageIgnored(r, ex))
	txt, decodedFrom, note := shownText(ex, ctype)
	if note != "" {
		s.notes = append(s.notes, note)
	}
	if decodedFrom != "" {
		s.head[0] += " · decoded from " + decodedFrom
	}
	kept := ex.skipped + int64(len(ex.data))
	if s.cut = kept < ex.size; s.cut && decodedFrom == "" {
		s.full = len(txt) + int(ex.size-kept) + int(ex.skipped) // UTF-8 is shown as received
	}
	page := web.IsHTML(ctype, sample)
	switch r.format {
	case "markdown", "text":
		if !page {
			s.notes = append(s.notes, fmt.Sprintf("note: format %q applies to HTML pages; this body (%s) is shown as it is", r.format, typeOrUnknown(ex.resp)))
			break
		}
		conv, err := convertHTML(r.format, txt, ex.resp.Request.URL.String())
		if err != nil {
			s.notes = append(s.notes, fmt.Sprintf("note: could not convert the HTML to %s (%v); shown as it is", r.format, err))
			break
		}
		s.head[0] += fmt.Sprintf(" · shown as %s (%s)", r.format, text.HumanBytes(int64(len(conv))))
		if s.cut {
			s.full = 0
			s.head[0] += fmt.Sprintf(" · converted from the first %s of the page", text.HumanBytes(int64(len(ex.data))))
		}
		txt = conv
	default:
		s.html = page
	}
	c.window(r, s, filtered(ctx, r, ex, s, txt), int(ex.skipped))
}

// shownText is the kept body as UTF-8 text, with the charset it was
// decoded from when that was not UTF-8 and a note about the charset. A
// window kept from deep in the body (ex.skipped) is UTF-8 already
// (keepBody); it starts at the first whole character.
func shownText(ex *exchange, ctype string) (txt, decodedFrom, note string) {
	if ex.skipped == 0 {
		return web.DecodeText(ex.data, ctype)
	}
	lead := runeStart(string(ex.data[:min(len(ex.data), utf8.UTFMax)]), 0)
	ex.data, ex.skipped = ex.data[lead:], ex.skipped+int64(lead)
	if ex.skipped+int64(len(ex.data)) < ex.size {
		ex.data = wholeRunes(ex.data)
	}
	txt, fixed := text.ValidText(ex.data)
	if fixed {
		note = text.InvalidUTF8Note
	}
	return txt, "", note
}

// wholeRunes drops a character cut at the end of b.
func wholeRunes(b []byte) []byte {
	for i := len(b) - 1; i >= max(len(b)-utf8.UTFMax, 0); i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			return b
		}
	}
	return b
}

// convertHTML shows a page as text or markdown, headed by its title when
// the page's own first line does not already say it (the title lives in
// the head, which the conversion drops with the rest of the furniture).
func convertHTML(format, page, base string) (string, error) {
	conv, head := toMarkdown, "# "
	if format == "text" {
		conv, head = func(p, _ string) (string, error) { return toText(p) }, ""
	}
	out, err := conv(page, base)
	if err != nil {
		return "", err
	}
	return withTitle(pageTitle(page), head, out), nil
}

// window shows text from the call's offset; text starts at byte base of
// the body as shown (the bytes before it were not kept).
func (c *curl) window(r *request, s *section, txt string, base int) {
	s.pageable = true
	size := max(base+len(txt), s.full)
	if r.startIndex > 0 {
		c.charWindow(r, s, txt)
		return
	}
	off := runeStart(txt, min(max(r.offset-base, 0), len(txt)))
	if r.offset > 0 && off >= len(txt) {
		s.notes = append(s.notes, fmt.Sprintf("note: offset %d is at or past the end of the body (%s bytes as shown); there is nothing more", r.offset, text.GroupDigits(int64(size))))
		s.pageable = false
		return
	}
	if base+off > 0 {
		of := "of " + text.GroupDigits(int64(size))
		if s.cut && s.full == 0 {
			of = "of more than " + text.GroupDigits(int64(base+len(txt)))
		}
		s.head = append(s.head, fmt.Sprintf("(from byte %s %s)", text.GroupDigits(int64(base+off)), of))
	}
	s.offset, s.body = base+off, txt[off:]
}

// charWindow shows text from the call's startIndex, a character index as
// the fetch server counts (Python's str): the same text from the byte where
// that character starts. Nothing was skipped before it (keepBody skips by
// offset only), so the count is exact.
func (c *curl) charWindow(r *request, s *section, txt string) {
	off, n := 0, 0
	for n < r.startIndex && off < len(txt) {
		_, size := utf8.DecodeRuneInString(txt[off:])
		off += size
		n++
	}
	if off >= len(txt) {
		s.notes = append(s.notes, fmt.Sprintf("note: startIndex %d is at or past the end of the text (%s characters as shown); there is nothing more", r.startIndex, text.GroupDigits(int64(utf8.RuneCountInString(txt)))))
		s.pageable = false
		return
	}
	s.head = append(s.head, fmt.Sprintf("(from character %s, byte %s)", text.GroupDigits(int64(r.startIndex)), text.GroupDigits(int64(off))))
	s.offset, s.body = off, txt[off:]
}

// base64View returns the body as base64, when it fits the room.
func (c *curl) base64View(ctx context.Context, r *request, ex *exchange, s *section, room tool.Room) {
	enc := base64.StdEncoding.EncodeToString(ex.data)
	encLen := base64.StdEncoding.EncodedLen(int(ex.size))
	if encLen-r.offset > room.Less(strings.Join(s.head, "\n"), s.prefix, s.suffix).Bytes {
		keepUnrepeatable(ctx, r, ex)
		s.isError = true
		s.head = append(s.head, fmt.Sprintf("base64 refused: this body (%s, %s) is %s bytes as base64, more than this call's output budget of %s bytes.",
			typeOrUnknown(ex.resp), text.HumanBytes(ex.size), text.GroupDigits(int64(encLen)), text.GroupDigits(int64(c.call.Budget()))))
		name := suggestName(ex.target.u, ex.resp.Header.Get("Content-Type"))
		s.head = append(s.head, "Save it to a file instead: "+ex.next(ctx, map[string]any{"output": name, "base64": nil, "offset": nil})+sendsAgain(r, ex))
		if want, ok := base64Budget(room, encLen, s.head...); ok {
			s.head = append(s.head, "Or raise the budget: "+ex.next(ctx, map[string]any{"maxBytes": want}))
		}
		return
	}
	s.head = append(s.head, base64Line(ex))
	c.window(r, s, enc, 0)
}

// base64Line heads a body shown as base64.
func base64Line(ex *exchange) string {
	return fmt.Sprintf("base64 of the body (%s, %s bytes) · sha256 %s", typeOrUnknown(ex.resp), text.GroupDigits(ex.size), ex.sha256)
}

// base64Budget is the output budget (maxBytes) a call needs to show a body
// of encLen bytes as base64 below head, rounded up to a whole KiB so that it
// does not change with the few bytes a timing adds to the head, and whether
// the call can ask for it (room.Raise): when it cannot, only saving the
// body to a file gets it.
func base64Budget(room tool.Room, encLen int, head ...string) (int, bool) {
	want, _ := room.Raise(int64(encLen + len(strings.Join(head, "\n"))))
	rounded := roundUp(int(want), 1024)
	return rounded, rounded <= room.Most()
}

// binaryLines describe an omitted binary body and the two ways to get it:
// as base64 (with the budget it needs, when this call's room is too small)
// and saved to a file.
func (c *curl) binaryLines(ctx context.Context, r *request, ex *exchange, s *section, room tool.Room) []string {
	keepUnrepeatable(ctx, r, ex)
	lines := []string{fmt.Sprintf("binary body omitted: %s, %s (%s bytes), sha256 %s", typeOrUnknown(ex.resp), text.HumanBytes(ex.size), text.GroupDigits(ex.size), ex.sha256)}
	encLen := base64.StdEncoding.EncodedLen(int(ex.size))
	head := append(slices.Clone(s.head), base64Line(ex))
	switch want, ok := base64Budget(room, encLen, head...); {
	case encLen <= room.Less(append(head, s.prefix, s.suffix)...).Bytes:
		lines = append(lines, "Get it as base64: "+ex.next(ctx, map[string]any{"base64": true, "offset": nil})+sendsAgain(r, ex))
	case ok:
		lines = append(lines, "Get it as base64: "+ex.next(ctx, map[string]any{"base64": true, "offset": nil, "maxBytes": want})+sendsAgain(r, ex))
	}
	name := suggestName(ex.target.u, ex.resp.Header.Get("Content-Type"))
	lines = append(lines, "Save it to a file: "+ex.next(ctx, map[string]any{"output": name, "offset": nil})+sendsAgain(r, ex))
	return lines
}

func typeOrUnknown(resp *http.Response) string {
	if ct := resp.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err == nil {
			return mt
		}
		return ct
	}
	return "no content type"
}

// summaryLine is the first line: status, type, size, time, and the final
// URL after redirects.
func summaryLine(r *request, ex *exchange) string {
	resp := ex.resp
	status := strings.TrimSpace(resp.Status)
	if status == "" {
		status = fmt.Sprintf("%d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
	}
	ctype := resp.Header.Get("Content-Type")
	if ctype == "" {
		ctype = "no content type"
	}
	size := text.HumanBytes(ex.size)
	if ex.method == "HEAD" {
		size = "no body (HEAD)"
		if resp.ContentLength >= 0 {
			size += fmt.Sprintf(", Content-Length %d", resp.ContentLength)
		}
	}
	parts := []string{status, ctype, size, web.HumanDuration(ex.elapsed)}
	if n := len(ex.hops); n > 0 {
		parts = append(parts, fmt.Sprintf("%s after %d %s", resp.Request.URL.Redacted(), n, text.Plural(n, "redirect", "redirects")))
	}
	return strings.Join(parts, " · ")
}

func isRedirect(code int) bool {
	switch code {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// resolveRef makes a Location absolute against the request URL.
func resolveRef(resp *http.Response, loc string) string {
	ref, err := url.Parse(loc)
	if err != nil || resp.Request == nil {
		return loc
	}
	return resp.Request.URL.ResolveReference(ref).String()
}

// headerBlock is curl -i's output: each response's head as the server
// sent it (order, case, reason phrase), the redirects first. Native output
// keeps the server's line ends (CRLF) byte for byte; a model gets the same
// lines ending in LF.
func headerBlock(native bool, ex *exchange) string {
	var b strings.Builder
	for _, h := range ex.hops {
		writeHeads(&b, h.heads, h.resp)
	}
	writeHeads(&b, ex.heads, ex.resp)
	if native {
		return b.String()
	}
	return strings.ReplaceAll(b.String(), "\r\n", "\n")
}

// writeHeads writes a response's heads as received, or, when none were
// recorded (HTTP/2, or a head too long to keep), the parsed header as
// curl prints it: "HTTP/2 200 " and lower-case names for HTTP/2.
func writeHeads(b *strings.Builder, heads [][]byte, resp *http.Response) {
	if len(heads) > 0 {
		for _, h := range heads {
			b.Write(h)
		}
		return
	}
	if resp == nil {
		return
	}
	h2 := resp.ProtoMajor == 2
	if h2 {
		fmt.Fprintf(b, "HTTP/2 %d \r\n", resp.StatusCode)
	} else {
		fmt.Fprintf(b, "%s %s\r\n", proto(resp.Proto), resp.Status)
	}
	for _, name := range sortedKeys(resp.Header) {
		shown := name
		if h2 {
			shown = strings.ToLower(name)
		}
		for _, v := range resp.Header[name] {
			fmt.Fprintf(b, "%s: %s\r\n", shown, v)
		}
	}
	b.WriteString("\r\n")
}

func writeResponseHead(b *strings.Builder, mark string, resp *http.Response) {
	if resp == nil {
		return
	}
	fmt.Fprintf(b, "%s%s %s\n", mark, proto(resp.Proto), resp.Status)
	for _, name := range sortedKeys(resp.Header) {
		for _, v := range resp.Header[name] {
			fmt.Fprintf(b, "%s%s: %s\n", mark, name, v)
		}
	}
}

func proto(p string) string {
	if p == "HTTP/2.0" {
		return "HTTP/2"
	}
	if p == "" {
		return "HTTP/1.1"
	}
	return p
}

func sortedKeys(h http.Header) []string {
	keys := slices.Sorted(maps.Keys(h))
	return keys
}

// verboseLines are curl -v's: each request sent (Authorization masked)
// and each response received.
func verboseLines(r *request, ex *exchange) []string {
	var b strings.Builder
	if ex.timing.Remote != "" {
		reused := ""
		if ex.timing.Reused {
			reused = " (reused connection)"
		}
		fmt.Fprintf(&b, "* connected to %s%s\n", ex.timing.Remote, reused)
	}
	for _, h := range ex.hops {
		writeRequestHead(&b, h.req, h.resp)
		writeResponseHead(&b, "< ", h.resp)
	}
	writeRequestHead(&b, ex.resp.Request, ex.resp)
	writeResponseHead(&b, "< ", ex.resp)
	return strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
}

func writeRequestHead(b *strings.Builder, req *http.Request, resp *http.Response) {
	if req == nil {
		return
	}
	p := "HTTP/1.1"
	if resp != nil {
		p = proto(resp.Proto)
	}
	fmt.Fprintf(b, "> %s %s %s\n", req.Method, req.URL.RequestURI(), p)
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	fmt.Fprintf(b, "> Host: %s\n", host)
	for _, name := range sortedKeys(req.Header) {
		for _, v := range req.Header[name] {
			if v == "" && name == "User-Agent" {
				continue
			}
			fmt.Fprintf(b, "> %s: %s\n", name, maskSecret(name, v))
		}
	}
	if req.ContentLength > 0 {
		fmt.Fprintf(b, "> Content-Length: %d\n> [%s of body]\n", req.ContentLength, text.HumanBytes(req.ContentLength))
	}
}

// maskSecret hides credentials in -v output, keeping the scheme word.
func maskSecret(name, v string) string {
	if !isCredential(name) || strings.EqualFold(name, "Cookie") {
		return v
	}
	if scheme, _, ok := strings.Cut(v, " "); ok {
		return scheme + " ***"
	}
	return "***"
}

// writeOutValues collects what -w can print.
func writeOutValues(r *request, ex *exchange) *wvals {
	resp := ex.resp
	w := &wvals{code: resp.StatusCode, redirects: len(ex.hops), total: ex.elapsed, t: ex.timing, wire: ex.wire,
		ctype: resp.Header.Get("Content-Type"), final: resp.Request.URL.String(), url: ex.target.raw,
		method: resp.Request.Method, version: strings.TrimPrefix(proto(resp.Proto), "HTTP/"), scheme: resp.Request.URL.Scheme,
		header: resp.Header.Get}
	if ex.saved {
		w.file = ex.target.outName
	}
	if r.body != nil {
		w.upload = len(r.body.data)
	}
	if loc := resp.Header.Get("Location"); loc != "" && isRedirect(resp.StatusCode) {
		w.redirect = resolveRef(resp, loc)
	}
	return w
}

// roundUp rounds n up to a multiple of m, so that a suggested budget does
// not change with the few bytes a timing adds to the answer.
func roundUp(n, m int) int { return (n + m - 1) / m * m }

// runeStart moves an offset forward to the start of a character.
func runeStart(s string, off int) int {
	for off < len(s) && !utf8.RuneStart(s[off]) {
		off++
	}
	return off
}
