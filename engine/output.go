package engine

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"f0/internal/text"
	"f0/tool"
)

// What the core keeps, out of a call's budget, for what it writes around a
// tool's text when it cuts it: the footer saying what was cut and the call
// that gets the rest.
const (
	footerReserve = 512
	footerLines   = 2
)

// cutLines keeps the first n lines of s (each with its newline).
func cutLines(s string, n int) string {
	if n <= 0 {
		return ""
	}
	end := 0
	for range n {
		i := strings.IndexByte(s[end:], '\n')
		if i < 0 {
			return s
		}
		end += i + 1
	}
	return s[:end]
}

// shape fits a result into its budget. A cut is never silent: the footer
// says how much was left and the exact call that returns the rest, and
// the first line of the head says where the rest starts, for clients that
// keep only the start. A Partial result (a tool that stopped at the
// budget) always gets a footer.
func (p *Host) shape(c *callState, res tool.Result, b tool.Limits) tool.Result {
	notes := strings.Join(res.Notes, "\n")
	head := res.Head
	if res.IsError {
		// maxBytes bounds the text a call asked for; a failure is f0's own
		// text, shown whole within the budget.
		b.Body = 0
	}
	if len(head) > b.Bytes/2 {
		head = text.CutUTF8(head, b.Bytes/2) + "… [head cut]"
	}
	if b.Lines > 0 && text.LineCount(head) > b.Lines/2 {
		head = cutLines(head, b.Lines/2) + "… [head cut]"
	}
	whole := !res.Partial && (b.Body == 0 || len(res.Text) <= b.Body)
	if whole && fits(b, head, res.Text, notes) {
		return finish(res, head, res.Text, notes)
	}
	if whole && fits(b, head, res.Text) {
		// The body fits; only the notes do not: shorten them, say so.
		const marker = "\n… [notes cut to fit the output budget]"
		notes = text.CutUTF8(notes, max(b.Bytes-len(head)-len(res.Text)-len(marker)-2, 0))
		if b.Lines > 0 {
			notes = strings.TrimRight(cutLines(notes+"\n", b.Lines-text.LineCount(head)-text.LineCount(res.Text)-2), "\n")
		}
		return finish(res, head, res.Text, notes+marker)
	}
	room := b.Bytes - len(head) - len(notes) - footerReserve
	if room < b.Bytes/4 {
		room = b.Bytes / 4
		notes = text.CutUTF8(notes, max(b.Bytes-len(head)-room-footerReserve, 0))
	}
	if b.Body > 0 {
		room = min(room, b.Body)
	}
	roomLines := 0
	if b.Lines > 0 {
		roomLines = b.Lines - text.LineCount(head) - text.LineCount(notes) - footerLines
		if roomLines < b.Lines/4 {
			roomLines = b.Lines / 4
			notes = strings.TrimRight(cutLines(notes+"\n", max(b.Lines-text.LineCount(head)-roomLines-footerLines, 0)), "\n")
		}
	}
	// The footer's call is known only once the body is cut: cut, write it,
	// and cut again in the rare case a long call does not fit.
	for {
		byBytes := cutBody(res.Text, room, 0)
		body := cutBody(byBytes, len(byBytes), roomLines)
		linesBound := roomLines > 0 && text.LineCount(byBytes) > roomLines
		footer, next := p.footer(c, res, body, b.Bytes, len(head)+len(res.Text)+len(notes), linesBound)
		top := headWithNext(head, next)
		tail := joinNonEmpty(notes, footer)
		trimmed := strings.TrimRight(body, "\n")
		if fits(b, top, trimmed, tail) || body == "" {
			return finish(res, top, trimmed, tail)
		}
		room = max(min(room, len(body))-(len(top)+len(trimmed)+len(tail)+2-b.Bytes)-64, 0)
		if b.Lines > 0 {
			roomLines = max(min(roomLines, text.LineCount(body))-1, 0)
		}
	}
}

// cutBody cuts text to room bytes (at a line end when one is near) and, when
// lines is not zero, to that many lines.
func cutBody(text string, room, lines int) string {
	body := text
	if len(body) > room {
		body = cutAtLine(body, room)
	}
	if lines > 0 {
		body = cutLines(body, lines)
	}
	return body
}

// headWithNext adds where the rest starts to the first line of head:
// "· rest at offset=1,380". A client that keeps only the start of a long
// result still has it.
func headWithNext(head string, next map[string]any) string {
	if head == "" || len(next) == 0 {
		return head
	}
	keys := make([]string, 0, len(next))
	for k, v := range next {
		if v != nil && k != tool.BudgetField {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return head
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + text.CompactJSON(next[k])
	}
	first, rest, found := strings.Cut(head, "\n")
	first += " · rest at " + strings.Join(parts, " ")
	if found {
		return first + "\n" + rest
	}
	return first
}

// footer names the call that returns what a cut left out, and returns the
// argument changes of that call when the tool can page. A larger maxBytes
// is suggested only when it would show more: not past the most the call
// can ask for, and not when the cut was at the client's line limit
// (linesBound), which no maxBytes raises.
func (p *Host) footer(c *callState, res tool.Result, shown string, budget, total int, linesBound bool) (string, map[string]any) {
	var footer strings.Builder
	full, known := len(res.Text), true
	if res.Partial {
		full, known = res.Total, res.Total > len(res.Text)
	}
	if known {
		fmt.Fprintf(&footer, "… [truncated: showed %s of %s bytes; %s bytes left]\n", text.GroupDigits(int64(len(shown))), text.GroupDigits(int64(full)), text.GroupDigits(int64(full-len(shown))))
	} else {
		fmt.Fprintf(&footer, "… [truncated: showed %s bytes; there is more]\n", text.GroupDigits(int64(len(shown))))
		total = max(total, 4*budget)
	}
	var next map[string]any
	if res.Next != nil {
		next = res.Next(len(shown))
	}
	switch {
	case next != nil:
		fmt.Fprintf(&footer, "Get the rest: %s", p.nextCall(c, next))
	case res.Unpaged != "":
		footer.WriteString(res.Unpaged)
	case c.need > tool.Read:
		fmt.Fprintf(&footer, "This call is not to be sent again to see more: it needs %s access, and a second call would do its work again.", c.need)
	case linesBound:
		fmt.Fprintf(&footer, "This is the most one call returns here (%s lines: %s cuts longer results, whatever maxBytes); narrow the call to see the rest.", text.GroupDigits(int64(c.budget.Lines)), "the client")
	case budget < c.budgetCeiling():
		want := min(total+footerReserve, c.budgetCeiling())
		verb := "Get all of it"
		if want < total+footerReserve || !known {
			verb = "Get more at once"
		}
		fmt.Fprintf(&footer, "%s: %s", verb, p.nextCall(c, map[string]any{tool.BudgetField: want}))
	default:
		fmt.Fprintf(&footer, "This is the most one call returns (%s bytes); narrow the call to see the rest.", text.GroupDigits(int64(c.budgetCeiling())))
	}
	return footer.String(), next
}

// finish assembles the model's text and the terminal's sections.
func finish(res tool.Result, head, body, tail string) tool.Result {
	res.Head, res.Notes = "", nil
	res.Sections = tool.Sections{Head: head, Body: body, Tail: tail}
	// The body keeps its bytes exactly, for the model as for a terminal's
	// stdout; its own final newline, when it has one, separates it from the
	// footer.
	res.Text = joinNonEmpty(head, body)
	if tail != "" {
		if res.Text != "" && !strings.HasSuffix(res.Text, "\n") {
			res.Text += "\n"
		}
		res.Text += tail
	}
	return res
}

func joinNonEmpty(parts ...string) string {
	var kept []string
	for _, s := range parts {
		if s != "" {
			kept = append(kept, s)
		}
	}
	return strings.Join(kept, "\n")
}

// cutAtLine cuts s to at most n bytes, at the end of a line when one ends in
// the last fifth of the window.
func cutAtLine(s string, n int) string {
	cut := text.CutUTF8(s, n)
	if i := strings.LastIndexByte(cut, '\n'); i >= 0 && i >= len(cut)*4/5 {
		return cut[:i+1]
	}
	return cut
}

// maxCallRender is the longest continuation call written out in full; a
// longer one (a huge argument) would itself blow the budget.
const maxCallRender = 2048

// nextCall renders the call's own arguments with changes applied (a nil
// value removes one). When that would be too long to repeat, it names only
// the changes.
func (p *Host) nextCall(c *callState, changes map[string]any) string {
	changes = c.keepBudgetWithin(changes)
	call := p.callText(c.render, c.tool, c.argsWith(changes))
	if len(call) <= maxCallRender {
		return call
	}
	return fmt.Sprintf("%s with the same arguments as this call, changed by %s", c.name(), text.CompactJSON(changes))
}

// keepBudgetWithin lowers, in a suggested call, a maxBytes the client would
// cut anyway to the most this call could use, so that the next call does
// not repeat the note about it.
func (c *callState) keepBudgetWithin(changes map[string]any) map[string]any {
	if _, set := changes[tool.BudgetField]; set {
		return changes
	}
	v, ok := c.args[tool.BudgetField].(json.Number)
	if want, err := v.Int64(); !ok || err != nil || want <= int64(c.ceiling) {
		return changes
	}
	out := maps.Clone(changes)
	if out == nil {
		out = map[string]any{}
	}
	out[tool.BudgetField] = c.ceiling
	return out
}
