package tools

import (
	"encoding/json"
	"fmt"
	"maps"
	"strings"
	"unicode/utf8"
)

// footerReserve is the room kept at the end of a cut result for its footer.
const footerReserve = 512

// budget returns the output budget of a call: the server default, or the
// call's maxBytes up to the server cap.
func (p *Pipeline) budget(args map[string]any) (int, string) {
	v, ok := args[BudgetField].(json.Number)
	if !ok {
		return p.cfg.MaxOutput, ""
	}
	n, err := v.Int64()
	if err != nil || n <= 0 {
		return p.cfg.MaxOutput, ""
	}
	if n > int64(p.cfg.OutputCap) {
		return p.cfg.OutputCap, fmt.Sprintf("note: maxBytes %d is above this server's cap; used %d", n, p.cfg.OutputCap)
	}
	return int(n), ""
}

// shape fits a result into its budget. A cut is never silent: the footer
// says how much was left and the exact call that returns the rest.
func (p *Pipeline) shape(c *callState, res Result, budget int) Result {
	notes := ""
	if len(res.Notes) > 0 {
		notes = strings.Join(res.Notes, "\n")
	}
	full := joinNonEmpty(res.Text, notes)
	if len(full) <= budget {
		res.Text, res.Notes = full, nil
		return res
	}
	room := budget - len(notes) - footerReserve
	if room < budget/4 {
		room = budget / 4
		notes = cutUTF8(notes, max(budget-room-footerReserve, 0))
	}
	shown := cutAtLine(res.Text, room)
	left := len(res.Text) - len(shown)
	var footer strings.Builder
	fmt.Fprintf(&footer, "… [truncated: showed %s of %s bytes; %s bytes left]\n", groupDigits(len(shown)), groupDigits(len(res.Text)), groupDigits(left))
	switch {
	case res.Next != nil:
		next := maps.Clone(c.args)
		maps.Copy(next, res.Next(len(shown)))
		fmt.Fprintf(&footer, "Get the rest: %s %s", p.ListedName(c.tool), compactJSON(next))
	case budget < p.cfg.OutputCap:
		next := maps.Clone(c.args)
		want := min(len(full)+footerReserve, p.cfg.OutputCap)
		next[BudgetField] = want
		verb := "Get all of it"
		if want < len(full) {
			verb = "Get more at once"
		}
		fmt.Fprintf(&footer, "%s: %s %s", verb, p.ListedName(c.tool), compactJSON(next))
	default:
		fmt.Fprintf(&footer, "This is the most one call returns (%s bytes); narrow the call to see the rest.", groupDigits(p.cfg.OutputCap))
	}
	res.Text = joinNonEmpty(strings.TrimRight(shown, "\n"), footer.String(), notes)
	res.Notes = nil
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

// cutUTF8 cuts s to at most n bytes without splitting a character.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// cutAtLine cuts s to at most n bytes, at the end of a line when one ends in
// the last fifth of the window.
func cutAtLine(s string, n int) string {
	cut := cutUTF8(s, n)
	if i := strings.LastIndexByte(cut, '\n'); i >= 0 && i >= len(cut)*4/5 {
		return cut[:i+1]
	}
	return cut
}

// groupDigits writes 24576 as 24,576.
func groupDigits(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
