package engine

import (
	"errors"
	"fmt"
	"sync"

	"f0/internal/setting"
	"f0/internal/text"
	"f0/tool"
)

// Server-wide load defaults.
const (
	// DefaultMaxCalls is how many tool calls may run at once, all front
	// ends together (a batch's items count one each).
	DefaultMaxCalls = 64
	// DefaultMaxHeld is how many bytes the running calls may hold in memory
	// together (response bodies kept for the answer).
	DefaultMaxHeld = 128 << 20
	// busyRetry is the wait a busy answer suggests.
	busyRetry = "2 seconds"
)

// load counts the calls running and the bytes they hold, so that the
// server answers "busy, retry" instead of growing without bound.
type load struct {
	mu              sync.Mutex
	calls, maxCalls int
	held, maxHeld   int64
}

func newLoad(maxCalls int, maxHeld int64) *load {
	if maxCalls <= 0 {
		maxCalls = DefaultMaxCalls
	}
	if maxHeld <= 0 {
		maxHeld = DefaultMaxHeld
	}
	return &load{maxCalls: maxCalls, maxHeld: maxHeld}
}

// enter takes a call slot; false when every slot is taken.
func (l *load) enter() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.calls >= l.maxCalls {
		return false
	}
	l.calls++
	return true
}

// leave gives back a call's slot and the bytes it still held.
func (l *load) leave(held int64) {
	l.mu.Lock()
	l.calls--
	l.held -= held
	l.mu.Unlock()
}

// take reserves n bytes; false when that would pass the limit.
func (l *load) take(n int64) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.held+n > l.maxHeld {
		return false
	}
	l.held += n
	return true
}

// InFlight reports the calls running and the bytes they hold.
func (p *Host) InFlight() (calls int, held int64) {
	p.load.mu.Lock()
	defer p.load.mu.Unlock()
	return p.load.calls, p.load.held
}

// BusyError is a call refused, or stopped, because the server is at its
// limit of calls in flight or of memory they hold. Nothing was lost: the
// same call can be sent again later.
type BusyError struct {
	What    string          // the limit reached, e.g. "64 calls are running, its limit"
	Limit   setting.Setting // the setting of that limit
	Retry   string          // when to try again
	Stopped bool            // the call had started and was stopped
}

func (e *BusyError) Error() string { return e.text(setting.OperatorSettings{}) }

// text writes the error with the limit's setting written by w.
func (e *BusyError) text(w setting.SettingWriter) string {
	what := e.What
	if e.Limit != "" {
		what += " (" + w.Setting(e.Limit, "") + ")"
	}
	return fmt.Sprintf("the server is busy: %s; retry in about %s", what, e.Retry)
}

// hold reserves n bytes for the call (see Hold).
func (c *callState) hold(n int64) error {
	if c.held.Load()+n > c.p.load.maxHeld {
		return &TooMuchMemoryError{Limit: c.p.load.maxHeld, w: c.render}
	}
	if !c.p.load.take(n) {
		return &BusyError{What: fmt.Sprintf("the calls running hold %s bytes of memory, its limit", text.GroupDigits(c.p.load.maxHeld)), Limit: setting.MaxCallMemorySetting, Retry: busyRetry, Stopped: true}
	}
	c.held.Add(n)
	return nil
}

// TooMuchMemoryError stops a call that alone would hold more memory than
// every running call may hold together: sending it again cannot help (a
// busy answer would say it can), asking for a part of it or saving it to
// a file can.
type TooMuchMemoryError struct {
	Limit int64 // the bytes the running calls may hold together
	w     setting.SettingWriter
}

func (e *TooMuchMemoryError) Error() string {
	w := e.w
	if w == nil {
		w = setting.OperatorSettings{}
	}
	return fmt.Sprintf("the answer needs more than %s bytes of memory, the most the running calls may hold together (%s); ask for a part of it at a time, or save it to a file",
		text.GroupDigits(e.Limit), w.Setting(setting.MaxCallMemorySetting, ""))
}

// Refused marks the error as not about the shape of the call's arguments.
func (e *TooMuchMemoryError) Refused() bool { return true }

// busy is the answer to a call refused or stopped at a load limit.
func (c *callState) busy(e *BusyError) tool.Result {
	c.busyLimit = e.Limit
	what := "The call was not started"
	if e.Stopped {
		what = "The call was stopped before it finished"
	}
	return tool.Result{IsError: true, Text: fmt.Sprintf("%s: %s. %s; send it again then.\nYou passed: %s",
		c.p.plainName(c.render, c.tool), e.text(c.render), what, c.passed())}
}

// enter takes a call slot for c, or answers busy.
func (c *callState) enter() (tool.Result, bool) {
	if c.p.load.enter() {
		return tool.Result{}, true
	}
	return c.busy(&BusyError{What: fmt.Sprintf("%d calls are running, its limit", c.p.load.maxCalls), Limit: setting.MaxCallsSetting, Retry: busyRetry}), false
}

// asBusy finds a *BusyError in err.
func asBusy(err error) (*BusyError, bool) {
	var b *BusyError
	return b, errors.As(err, &b)
}
