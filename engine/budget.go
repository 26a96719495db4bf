package engine

import (
	"context"
	"encoding/json"
	"fmt"

	"f0/internal/text"
	"f0/tool"
)

// Room kept below a client's own cut: pi puts "Error: " before a failed
// call's text.
const (
	clientByteMargin = 64
	clientLineMargin = 1
)

// bodyOverhead is what a budget asked for with maxBytes adds for the lines
// f0 writes around the tool's text: the status line, the notes and the
// footer of a cut. maxBytes bounds that text (the body a fetch asked for
// with max_length), not f0's lines: a small maxBytes must not leave the
// status line all the room.
const bodyOverhead = 4096

// budget returns the output budget of a call: the server default, or the
// call's maxBytes for the tool's text with room for f0's lines around it,
// the whole up to the server cap and never past the cut of the client the
// call comes from; asked tells whether maxBytes chose it.
func (p *Host) budget(ctx context.Context, args map[string]any) (b tool.Limits, asked bool, note string) {
	b.Bytes = p.cfg.MaxOutput
	if v, ok := args[tool.BudgetField].(json.Number); ok {
		if want, err := v.Int64(); err == nil && want > 0 {
			asked = true
			b.Body = int(min(want, int64(p.cfg.OutputCap)))
			b.Bytes = min(b.Body+bodyOverhead, p.cfg.OutputCap)
			if want > int64(p.cfg.OutputCap) {
				note = fmt.Sprintf("note: maxBytes %d is above this server's cap; used %d", want, p.cfg.OutputCap)
			}
		}
	}
	client := ClientFrom(ctx)
	if most := client.Limits.Bytes - clientByteMargin; client.Limits.Bytes > 0 && b.Bytes > most {
		if asked && b.Body > most {
			note = clientCutNote(client, b.Body, most)
		}
		b.Bytes = max(most, 1024)
		b.Body = min(b.Body, b.Bytes)
	}
	if client.Limits.Lines > 0 {
		b.Lines = max(client.Limits.Lines-clientLineMargin, 2*footerLines+2)
	}
	return b, asked, note
}

// within narrows b to a budget chosen by the caller (batch's share, a
// terminal's budget); zero fields of caller leave b as it is. A budget
// the call asked for with maxBytes stays when it is the smaller one.
func within(b, caller tool.Limits, asked bool) tool.Limits {
	if caller.Bytes > 0 && (b.Bytes > caller.Bytes || !asked) {
		b.Bytes = caller.Bytes
		b.Body = min(b.Body, b.Bytes)
	}
	if caller.Lines > 0 && (b.Lines == 0 || b.Lines > caller.Lines) {
		b.Lines = caller.Lines
	}
	return b
}

// fits reports whether the pieces of an answer fit b once joined.
func fits(b tool.Limits, parts ...string) bool {
	bytes, lines := 0, 0
	for _, s := range parts {
		if s != "" {
			bytes += len(s) + 1
			lines += text.LineCount(s)
		}
	}
	return bytes <= b.Bytes+1 && (b.Lines == 0 || lines <= b.Lines)
}

// clientCutNote says why a call got less than its maxBytes: the client's
// cut, or f0's default for a client it does not know.
func clientCutNote(c Client, asked, used int) string {
	if c.Guessed {
		return fmt.Sprintf("note: maxBytes %s is more than f0 sends a client it does not know (%s bytes, below the smallest cut of the clients it knows; the operator sets more with --client-limits); used %s", text.GroupDigits(int64(asked)), text.GroupDigits(int64(c.Limits.Bytes)), text.GroupDigits(int64(used)))
	}
	return fmt.Sprintf("note: maxBytes %s is more than %s passes on to the model (%s bytes); used %s", text.GroupDigits(int64(asked)), c.Label(), text.GroupDigits(int64(c.Limits.Bytes)), text.GroupDigits(int64(used)))
}
