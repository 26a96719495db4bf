package tool

import (
	"f0/internal/text"
)

// What Call.Room keeps out of a call's budget for the status line, the
// notes and the footer; what Share keeps out of each part for its header
// line and its "more of this" line, and the least a part gets; what
// Raise adds to a text's size.
const (
	roomReserve      = 700
	roomReserveLines = 8
	partReserve      = 120
	partReserveLines = 3
	partMin          = 512
	partMinLines     = 4
	neededReserve    = 1024
)

// MinShare is the least output budget each of several calls sharing one
// (batch's items) needs: room for a short answer and its footer. It bounds
// how many parts a budget holds (Room.Parts).
const MinShare = 1024

// Limits bound the size of one result: Bytes, and Lines when not zero.
// A client's Limits are where it cuts results itself; a call's are its
// output budget. Body, when not zero, is the most bytes of the tool's own
// text (Result.Text) the call asked for with maxBytes: the lines f0 writes
// around that text (its status line, notes, the footer of a cut) are
// counted in Bytes only, so that they never take the room of the text the
// caller asked for.
type Limits struct {
	Bytes, Lines, Body int
}

// Room is what a tool's own text (Result.Text) may fill: bytes, and lines
// when Lines is not 0. Call.Room gives a call's; a tool that collects
// output (a listing, a search, a file read) stops there and sets
// Result.Partial (and Total when known), and the pipeline cuts anything
// longer anyway. Less, Share and Raise are the only budget arithmetic a
// tool does: it never reads the server's cap, nor writes its own.
type Room struct {
	Bytes, Lines int
	budget       Limits // the whole budget the room is part of
	// most is the largest budget the call can ask for with maxBytes.
	most int
}

// Raise returns the output budget (maxBytes) a call needs to show a text of
// n bytes whole beside its status line and notes, and whether the call can
// ask for it: within the server's cap and what the call's client passes on
// to the model (pi cuts results at 50 KB: no maxBytes shows more there).
// When it cannot, suggest a narrower call instead, a window (offset) or a
// file (output), never the larger budget: that call would get the same
// answer.
func (r Room) Raise(n int64) (int64, bool) {
	want := n + neededReserve
	return want, want <= int64(r.most)
}

// Most is the largest output budget (maxBytes) the call can ask for.
func (r Room) Most() int { return r.most }

// roomIn is the room a tool's text has in budget b, in a call that can ask
// for at most most with maxBytes. It is never less than the quarter of b
// that the engine keeps for the text when it cuts.
func roomIn(b Limits, most int) Room {
	r := Room{Bytes: max(b.Bytes-roomReserve, b.Bytes/4), budget: b, most: most}
	if b.Body > 0 {
		r.Bytes = min(r.Bytes, b.Body)
	}
	if b.Lines > 0 {
		r.Lines = max(b.Lines-roomReserveLines, b.Lines/4, 1)
	}
	return r
}

// Share returns a fair share of r for each of n parts shown one after
// another (the files of a multi-file read, the items of a batch): r split
// n ways, less the header line and the "more of this" line each part adds.
func (r Room) Share(n int) Room {
	n = max(n, 1)
	s := Room{Bytes: max(r.Bytes/n-partReserve, partMin)}
	if r.Lines > 0 {
		s.Lines = max(r.Lines/n-partReserveLines, partMinLines)
	}
	s.budget, s.most = s.Limits(), r.most
	return s
}

// Less returns what is left of r once texts a tool writes beside its main
// text (its status line, its notes) have taken their bytes and lines. The
// quarter of the budget the pipeline keeps for the text always stays. In a
// budget with a Body, those texts come out of the whole budget, not out of
// the Body the caller asked for.
func (r Room) Less(texts ...string) Room {
	left, lines := r, 0
	if r.budget.Body > 0 {
		left.Bytes = max(r.budget.Bytes-roomReserve, r.budget.Bytes/4)
	}
	for _, s := range texts {
		if s != "" {
			left.Bytes -= len(s) + 1
			lines += text.LineCount(s)
		}
	}
	left.Bytes = max(left.Bytes, r.budget.Bytes/4)
	if r.budget.Body > 0 {
		left.Bytes = min(left.Bytes, r.Bytes)
	}
	left.Lines = 0
	if r.Lines > 0 {
		left.Lines = max(r.Lines-lines, r.budget.Lines/4, 1)
	}
	return left
}

// Limits returns the room as a budget, for a call made on the tool's
// behalf (a batch item).
func (r Room) Limits() Limits { return Limits{Bytes: r.Bytes, Lines: r.Lines} }

// Parts is how many parts the budget r belongs to holds when each gets at
// least MinShare bytes.
func (r Room) Parts() int { return r.budget.Bytes / MinShare }

// Budget defaults.
const (
	DefaultMaxOutput = 24 << 10
	DefaultOutputCap = 256 << 10
)

// BudgetField is the argument every tool accepts to change its output
// budget for one call.
const BudgetField = "maxBytes"
