package engine

import (
	"encoding/json"
	"fmt"
	"maps"
	"sync"
	"sync/atomic"

	"f0/engine/internal/repair"
	"f0/internal/setting"
	"f0/internal/text"
	"f0/tool"
)

// callState is one call on its way through the pipeline; it knows enough to
// explain any failure: what was passed, what was expected, an example.
type callState struct {
	p      *Host
	tool   *tool.Tool
	raw    any
	args   map[string]any
	notes  []string
	budget tool.Limits
	// budgetAsked is set when maxBytes chose the budget.
	budgetAsked bool
	// render writes the calls this call's answers suggest.
	render Dialect
	// ceiling is the largest budget maxBytes can get: the server's cap,
	// or less when the client cuts results below it.
	ceiling int
	// held is the memory the call reserved with Hold.
	held atomic.Int64
	// busyLimit is the load limit the call met, when it was answered
	// busy.
	busyLimit setting.Setting
	// replaced is set when the tool, a placeholder, brought the tools it
	// stood for (ErrReplaced).
	replaced bool
	// asked is the name the call was made with: a placeholder's answers
	// name the tool the caller wanted, not the placeholder.
	asked string
	// fix is what the call probably meant when f0 could not place some of
	// its arguments; noFix is set for the check of such a call itself.
	fix   repair.Fix
	noFix bool
	// need is the access level the call needs (its tool's, or more for
	// some arguments): a call above read is not repeated to page it.
	need tool.Access
	// grant is what the request's credentials allow (WithGrant), when
	// they say.
	grant    Grant
	hasGrant bool
	// pending are the copies the call started (Call.KeepCopy); those it did
	// not keep are dropped when it ends.
	pendingMu sync.Mutex
	pending   []*tool.CopyWriter
	// front is what the call's front end offers it (progress, a sink,
	// console output, standard input, the session's roots).
	front frontEnd
}

// addPending records a copy the call started.
func (c *callState) addPending(w *tool.CopyWriter) {
	c.pendingMu.Lock()
	defer c.pendingMu.Unlock()
	c.pending = append(c.pending, w)
}

// dropPending discards the copies the call started and did not keep.
func (c *callState) dropPending() {
	c.pendingMu.Lock()
	defer c.pendingMu.Unlock()
	for _, w := range c.pending {
		if _, kept := w.Token(); !kept {
			w.Discard()
		}
	}
	c.pending = nil
}

// budgetCeiling is the largest budget a call can ask for.
func (c *callState) budgetCeiling() int { return c.ceiling }

// passed renders the arguments as received, shortened.
func (c *callState) passed() string {
	var s string
	switch v := c.raw.(type) {
	case nil:
		return "no arguments"
	case string:
		s = text.QuoteShort(v) + " (a string)"
	case []byte:
		s = string(v)
	case json.RawMessage:
		if val, err := repair.ToValue(v); err == nil {
			s = text.CompactJSON(val)
		} else {
			s = text.QuoteShort(string(v)) + " (not valid JSON)"
		}
	default:
		if val, err := repair.ToValue(v); err == nil {
			s = text.CompactJSON(val)
		} else {
			s = fmt.Sprintf("%v", v)
		}
	}
	s = maskSecrets(s)
	const max = 400
	if len(s) > max {
		s = text.CutUTF8(s, max) + "…"
	}
	return s
}

// example is the tool's first example as a ready-to-send call.
func (c *callState) example() string { return c.p.exampleCall(c.render, c.tool) }

// exampleCall renders t's first example as a call.
func (p *Host) exampleCall(r Dialect, t *tool.Tool) string {
	return p.exampleText(r, t, p.reg.Doc(t).Examples[0])
}

// name is the tool's name as the caller refers to it.
func (c *callState) name() string {
	if c.tool.Placeholder && c.asked != "" {
		return c.asked
	}
	return c.p.nameText(c.render, c.tool)
}

// describe is the call that shows the tool's arguments, or "".
func (c *callState) describe() string { return c.p.describeCall(c.render, c.tool) }

// rewrittenCall renders the call with some arguments changed (see
// tool.Call.Again).
func (c *callState) rewrittenCall(changes map[string]any) string {
	return c.render.Call(c.p.suggestion(c.tool, c.argsWith(changes)))
}

// argsWith returns the call's own arguments with changes applied; a nil
// value removes an argument.
func (c *callState) argsWith(changes map[string]any) map[string]any {
	next := maps.Clone(c.args)
	if next == nil {
		next = map[string]any{}
	}
	for k, v := range changes {
		if v == nil {
			delete(next, k)
		} else {
			next[k] = v
		}
	}
	return next
}
