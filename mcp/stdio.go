package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const (
	// drainGrace bounds how long the end of input waits for calls in flight.
	drainGrace = 30 * time.Second
	// handoff is how long a request may hold the input before another
	// goroutine takes over reading it, so that ping, cancellation and the
	// client's answers are read while a long call runs.
	handoff = 2 * time.Millisecond
	// stopGrace bounds how long calls cancelled at shutdown have to answer.
	stopGrace = 2 * time.Second
)

// StdioOptions configure ServeStdio.
type StdioOptions struct {
	// MaxMessage caps one input line in bytes (default DefaultMaxBody,
	// the same limit as an HTTP request body).
	MaxMessage int64
	// Logger receives transport events.
	Logger *slog.Logger

	// allToMCPGo hands every message to HandleMessage, plain calls too:
	// the reference the tests compare the transport's own answers with.
	allToMCPGo bool
	// withheld is told the key of each answer withheld because the client
	// cancelled the request.
	withheld func(key string)
}

// ServeStdio serves MCP over the given streams (stdin and stdout in
// production) until ctx ends or the input closes; requests read before the
// input closed are answered first. Nothing but protocol messages is ever
// written to out.
//
// Each message is scanned once for its id and method and handed to mcp-go's
// HandleMessage on the goroutine that read it, so a call answered at once
// costs no goroutine switch. A request still running after a moment hands
// the input to a new reader goroutine, so ping, notifications/cancelled and
// the client's answers keep flowing during a long call, and responses may
// come out of order.
func ServeStdio(ctx context.Context, s *server.MCPServer, in io.Reader, out io.Writer, opts StdioOptions) error {
	if opts.MaxMessage <= 0 {
		opts.MaxMessage = DefaultMaxBody
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	w := &lineWriter{w: out}
	t := &stdioTransport{
		srv:      s,
		in:       newLineReader(in, opts.MaxMessage),
		out:      w,
		session:  newStdioSession(w),
		logger:   opts.Logger,
		ended:    make(chan error, 1),
		direct:   !opts.allToMCPGo,
		withheld: opts.withheld,
	}
	return t.serve(ctx)
}

type stdioTransport struct {
	srv      *server.MCPServer
	in       *lineReader
	out      *lineWriter
	session  *stdioSession
	logger   *slog.Logger
	requests requestTable     // the requests being served, for cancellation
	direct   bool             // plain calls are answered beside HandleMessage
	withheld func(key string) // see StdioOptions.withheld

	ctx      context.Context // the session's context, for every request
	turn     atomic.Uint64   // which reader goroutine owns the input
	inflight sync.WaitGroup  // requests read and not yet answered
	ended    chan error      // the input ended (nil at EOF)
}

func (t *stdioTransport) serve(ctx context.Context) error {
	if err := t.srv.RegisterSession(ctx, t.session); err != nil {
		return fmt.Errorf("serve stdio: register session: %w", err)
	}
	defer t.srv.UnregisterSession(ctx, t.session.SessionID())
	// Calls run on the session's context itself: the transport writes
	// their answers whatever becomes of it, so a call cancelled at
	// shutdown is still answered.
	calls, cancelCalls := context.WithCancelCause(ctx)
	defer cancelCalls(nil)
	t.ctx = t.srv.WithContext(calls, t.session)

	go t.notify(calls)
	go t.read(0)

	select {
	case <-ctx.Done():
		return nil
	case err := <-t.ended:
		t.drain(cancelCalls)
		if err != nil && ctx.Err() == nil {
			return fmt.Errorf("serve stdio: %w", err)
		}
		return nil
	}
}

// drain waits for the requests already read to be answered; after the
// grace it cancels them and gives them a moment to answer.
func (t *stdioTransport) drain(cancelCalls context.CancelCauseFunc) {
	done := make(chan struct{})
	go func() {
		t.inflight.Wait()
		close(done)
	}()
	select {
	case <-done:
		return
	case <-time.After(drainGrace):
	}
	cancelCalls(errors.New("the input closed and the call did not finish within the grace period"))
	select {
	case <-done:
	case <-time.After(stopGrace):
	}
}

// notify writes the notifications mcp-go queues for the client (progress,
// log messages).
func (t *stdioTransport) notify(ctx context.Context) {
	for {
		select {
		case n := <-t.session.notifications:
			if err := t.out.send(n); err != nil {
				t.logger.Warn("stdio: write notification", "err", err)
			}
		case <-ctx.Done():
			return
		}
	}
}

// read owns the input while t.turn is turn: it reads lines and serves each
// one, until the input ends or a request it serves outlasts the handoff and
// another reader takes over.
func (t *stdioTransport) read(turn uint64) {
	for {
		line, err := t.in.next()
		var tooLong *tooLongError
		switch {
		case errors.As(err, &tooLong):
			t.refuse(tooLong)
			continue
		case err != nil:
			if errors.Is(err, io.EOF) {
				err = nil
			}
			select { // only the first reader to see the end reports it
			case t.ended <- err:
			default:
			}
			return
		}
		next, owner := t.serveLine(turn, line)
		if !owner {
			return
		}
		turn = next
	}
}

// serveLine serves one message. It returns the reader's new turn, and false
// when another goroutine now owns the input.
func (t *stdioTransport) serveLine(turn uint64, line []byte) (uint64, bool) {
	e := scanEnvelope(line)
	switch {
	case !e.object && isBlank(line):
		return turn, true
	case e.response && !e.hasID():
		return turn, true // an error answer to something unknown: nothing waits for it
	case e.response:
		t.session.deliver(e.id, line)
		return turn, true
	case !e.hasID():
		if e.isMethod(string(mcpgo.MethodNotificationCancelled)) {
			t.requests.cancelled(e.params)
		}
		t.handle(&e, line) // notifications, cancellation included, are served in order
		return turn, true
	case e.isMethod("initialize"):
		// Everything after initialize depends on it (the client's name
		// decides budgets and hints), so nothing is read until it is done.
		t.handle(&e, line)
		return turn, true
	}
	t.inflight.Add(1)
	timer := time.AfterFunc(handoff, func() {
		if t.turn.CompareAndSwap(turn, turn+1) {
			go t.read(turn + 1)
		}
	})
	t.handle(&e, line)
	t.inflight.Done()
	timer.Stop()
	// Whoever moves the turn on first owns the input: this goroutine, or
	// the timer's new reader.
	return turn + 1, t.turn.CompareAndSwap(turn, turn+1)
}

// handle runs one message through mcp-go and writes the answer, if any.
func (t *stdioTransport) handle(e *envelope, line []byte) {
	if e.undecodable() {
		if rewritten := readableCall(e); rewritten != nil {
			line = rewritten
		} else if e.hasID() {
			t.reply(e.id, mcpgo.INVALID_REQUEST, undecodableMessage(e))
			return
		}
	}
	var r *requestRef
	if e.hasID() && !e.isMethod("initialize") { // initialize cannot be cancelled
		ref := t.requests.add(e.id)
		r = &ref
	}
	resp := t.dispatch(e, line, r)
	if r != nil && t.requests.remove(*r) {
		t.logger.Debug("stdio: the client cancelled the request, so its answer is not sent", "id", r.key)
		if t.withheld != nil {
			t.withheld(r.key)
		}
		return
	}
	if resp == nil {
		return
	}
	if err := t.out.send(resp); err != nil {
		t.logger.Warn("stdio: write response", "err", err)
	}
}

// dispatch answers a plain tool call itself and hands any other message
// to HandleMessage; a panic becomes an internal error answer carrying the
// request's id.
func (t *stdioTransport) dispatch(e *envelope, line []byte, r *requestRef) (resp mcpgo.JSONRPCMessage) {
	defer func() {
		if r := recover(); r != nil {
			t.logger.Error("stdio: panic while handling a message", "panic", r)
			if e.hasID() {
				resp = errorAnswer(e.id, mcpgo.INTERNAL_ERROR, fmt.Sprintf("internal error: %v", r))
			}
		}
	}()
	if t.direct && t.session.Initialized() {
		if c, ok := plainCallOf(t.srv, e, line); ok {
			return t.answer(&c, r)
		}
	}
	return t.srv.HandleMessage(t.ctx, line)
}

// answer runs a plain call with a context notifications/cancelled can end.
func (t *stdioTransport) answer(c *plainCall, r *requestRef) any {
	ctx, cancel := context.WithCancelCause(t.ctx)
	defer cancel(nil)
	if r != nil {
		t.requests.setCancel(*r, cancel)
	}
	return c.run(ctx)
}

// refuse answers a line over the size limit, with the request's id when
// its start shows one.
func (t *stdioTransport) refuse(err *tooLongError) {
	e := scanEnvelope(err.head)
	id := e.id
	if !e.hasID() {
		id = []byte("null")
	}
	if e.response || (!e.hasID() && len(e.method) > 0) {
		t.logger.Warn("stdio: dropped a message over the size limit", "err", err)
		return
	}
	t.reply(id, mcpgo.INVALID_REQUEST, err.Error())
}

func (t *stdioTransport) reply(id []byte, code int, message string) {
	if err := t.out.send(errorAnswer(id, code, message)); err != nil {
		t.logger.Warn("stdio: write error response", "err", err)
	}
}

// errorAnswer is a JSON-RPC error response for a raw id.
func errorAnswer(id []byte, code int, message string) any {
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	return struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}{mcpgo.JSONRPC_VERSION, id, rpcError{code, message}}
}

// undecodableMessage explains why a message other than a tool call could
// not be decoded.
func undecodableMessage(e *envelope) string {
	if e.badNumber != nil {
		return fmt.Sprintf("the number %.40s is out of range (a JSON number must fit a 64-bit float)", e.badNumber)
	}
	return fmt.Sprintf("the message nests %d levels deep; the limit is %d", e.depth, maxJSONDepth)
}

func isBlank(line []byte) bool { return skipSpace(line, 0) == len(line) }
