package tools

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// footerReserve is the room kept at the end of a cut result for its footer.
const footerReserve = 512

// budget returns the output budget of a call: the server default, or the
// call's maxBytes up to the server cap; asked tells whether maxBytes chose it.
func (p *Pipeline) budget(args map[string]any) (n int, asked bool, note string) {
	v, ok := args[BudgetField].(json.Number)
	if !ok {
		return p.cfg.MaxOutput, false, ""
	}
	want, err := v.Int64()
	if err != nil || want <= 0 {
		return p.cfg.MaxOutput, false, ""
	}
	if want > int64(p.cfg.OutputCap) {
		return p.cfg.OutputCap, true, fmt.Sprintf("note: maxBytes %d is above this server's cap; used %d", want, p.cfg.OutputCap)
	}
	return int(want), true, ""
}

// shape fits a result into its budget. A cut is never silent: the footer
// says how much was left and the exact call that returns the rest. A
// Partial result (a tool that stopped at the budget) always gets a footer.
func (p *Pipeline) shape(c *callState, res Result, budget int) Result {
	notes := strings.Join(res.Notes, "\n")
	head := res.Head
	if len(head) > budget/2 {
		head = CutUTF8(head, budget/2) + "… [head cut]"
	}
	if !res.Partial && len(head)+len(res.Text)+len(notes)+2 <= budget {
		return finish(res, head, res.Text, notes)
	}
	if !res.Partial && len(head)+len(res.Text)+2 <= budget {
		// The body fits; only the notes do not: shorten them, say so.
		const marker = "\n… [notes cut to fit the output budget]"
		return finish(res, head, res.Text, CutUTF8(notes, max(budget-len(head)-len(res.Text)-len(marker)-2, 0))+marker)
	}
	room := budget - len(head) - len(notes) - footerReserve
	if room < budget/4 {
		room = budget / 4
		notes = CutUTF8(notes, max(budget-len(head)-room-footerReserve, 0))
	}
	body := res.Text
	if len(body) > room {
		body = cutAtLine(res.Text, room)
	}
	footer := p.footer(c, res, body, budget, len(head)+len(res.Text)+len(notes))
	return finish(res, head, strings.TrimRight(body, "\n"), joinNonEmpty(footer, notes))
}

// footer names the call that returns what a cut left out.
func (p *Pipeline) footer(c *callState, res Result, shown string, budget, total int) string {
	var footer strings.Builder
	full, known := len(res.Text), true
	if res.Partial {
		full, known = res.Total, res.Total > len(res.Text)
	}
	if known {
		fmt.Fprintf(&footer, "… [truncated: showed %s of %s bytes; %s bytes left]\n", GroupDigits(int64(len(shown))), GroupDigits(int64(full)), GroupDigits(int64(full-len(shown))))
	} else {
		fmt.Fprintf(&footer, "… [truncated: showed %s bytes; there is more]\n", GroupDigits(int64(len(shown))))
		total = max(total, 4*budget)
	}
	switch {
	case res.Next != nil:
		fmt.Fprintf(&footer, "Get the rest: %s", p.nextCall(c, res.Next(len(shown))))
	case budget < p.cfg.OutputCap:
		want := min(total+footerReserve, p.cfg.OutputCap)
		verb := "Get all of it"
		if want < total+footerReserve || !known {
			verb = "Get more at once"
		}
		fmt.Fprintf(&footer, "%s: %s", verb, p.nextCall(c, map[string]any{BudgetField: want}))
	default:
		fmt.Fprintf(&footer, "This is the most one call returns (%s bytes); narrow the call to see the rest.", GroupDigits(int64(p.cfg.OutputCap)))
	}
	return footer.String()
}

// finish assembles the model's text and the terminal's sections.
func finish(res Result, head, body, tail string) Result {
	res.Head, res.Notes = "", nil
	res.Sections = Sections{Head: head, Body: body, Tail: tail}
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

// CutUTF8 cuts s to at most n bytes without splitting a character.
func CutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	n = max(n, 0)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// cutAtLine cuts s to at most n bytes, at the end of a line when one ends in
// the last fifth of the window.
func cutAtLine(s string, n int) string {
	cut := CutUTF8(s, n)
	if i := strings.LastIndexByte(cut, '\n'); i >= 0 && i >= len(cut)*4/5 {
		return cut[:i+1]
	}
	return cut
}

// GroupDigits writes 24576 as 24,576.
func GroupDigits(n int64) string {
	if n < 0 {
		return "-" + GroupDigits(-n)
	}
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// maxCallRender is the longest continuation call written out in full; a
// longer one (a huge argument) would itself blow the budget.
const maxCallRender = 2048

// nextCall renders the call's own arguments with changes applied (a nil
// value removes one). When that would be too long to repeat, it names only
// the changes.
func (p *Pipeline) nextCall(c *callState, changes map[string]any) string {
	call := p.ListedName(c.tool) + " " + compactJSON(c.argsWith(changes))
	if len(call) <= maxCallRender {
		return call
	}
	return fmt.Sprintf("%s with the same arguments as this call, changed by %s", p.ListedName(c.tool), compactJSON(changes))
}
