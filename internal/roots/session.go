package roots

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"f0/internal/setting"
)

// Session follows one MCP session's roots: the transport tells it when it
// asks the client for its roots and what the client answered; every call
// of the session asks it for the roots to use (through the call's context,
// see For). Sets the client no longer lists are closed once the last call
// using them ends.
type Session struct {
	policy *Policy
	// follows is true when the session asks its client for roots.
	follows bool
	// transport names how the session reaches f0 ("stdio", "HTTP"), for
	// messages about requests the client does not answer.
	transport string

	mu      sync.Mutex
	state   sessionState
	current *lease    // the client's roots in use (state ready)
	refused []Refusal // client roots refused in the last answer
	failure error     // why roots/list failed (state failed)
	asked   time.Time // when the last roots/list was sent (or the session began)
	sent    bool      // roots/list was sent at least once
	gen     uint64    // roots/list requests sent
	settled chan struct{}
}

type sessionState int

const (
	stateFallback sessionState = iota // the client sends no roots: the operator's set
	statePending                      // roots/list sent, no answer yet
	stateReady                        // the client's roots are known
	stateEmpty                        // the client listed no usable root
	stateFailed                       // roots/list failed
	stateClosed                       // the session ended
)

// lease counts the calls using a set, so that a replaced set is closed
// only once they end.
type lease struct {
	set     *Set
	refs    int
	retired bool
}

// NewSession starts following a session whose client declared the roots
// capability (or not: then the operator's set applies, and says so).
func (p *Policy) NewSession(clientHasRoots bool, transport string) *Session {
	s := &Session{policy: p, transport: transport, settled: make(chan struct{}), asked: time.Now()}
	if clientHasRoots && p.FollowsClient() {
		s.follows = true
		s.state = statePending // until the client is initialized and answers
	}
	return s
}

// FollowsClient reports whether the session asks its client for roots.
func (s *Session) FollowsClient() bool { return s.follows }

// Asking records that roots/list is being sent now and returns the function
// that reports the client's answer (or the error that ended the request).
// An answer to an older request than the latest is ignored.
func (s *Session) Asking() func(list []ClientRoot, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gen++
	gen := s.gen
	s.asked, s.sent = time.Now(), true
	s.state = statePending // calls wait for the answer; the old roots stay open until it comes
	s.wake()               // calls waiting for an older answer wait for this one
	s.settled = make(chan struct{})
	return func(list []ClientRoot, err error) { s.answered(gen, list, err) }
}

// answered applies the client's answer to request gen.
func (s *Session) answered(gen uint64, list []ClientRoot, err error) {
	var set *Set
	var refused []Refusal
	if err == nil {
		set, refused = s.policy.clientSet(list)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen != s.gen {
		if set != nil {
			set.Close()
		}
		return
	}
	defer s.wake()
	s.retire()
	s.refused, s.failure = refused, err
	switch {
	case err != nil:
		s.state = stateFailed
		s.policy.logger().Warn("roots/list failed", "err", err)
	case set == nil:
		s.state = stateEmpty
	default:
		s.state = stateReady
		s.current = &lease{set: set}
		s.policy.logger().Info("following the client's roots", "roots", strings.Join(set.Dirs(), ", "))
	}
}

// retire drops the current set; it closes once no call uses it. s.mu is held.
func (s *Session) retire() {
	if s.current == nil {
		return
	}
	s.current.retired = true
	if s.current.refs == 0 {
		s.current.set.Close()
	}
	s.current = nil
}

// Close ends the session: its roots close once the calls using them end.
func (s *Session) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gen++ // answers still on their way are dropped
	s.retire()
	if s.state != stateFallback {
		s.state = stateClosed
	}
	s.wake() // calls waiting for an answer stop waiting
}

// wake releases the calls waiting on the current settled channel; s.mu is
// held.
func (s *Session) wake() {
	select {
	case <-s.settled:
	default:
		close(s.settled)
	}
}

// Files returns the roots a call of this session uses, and the function to
// call when the call is done with them. While roots/list is unanswered it
// waits (up to the policy's wait after the request was sent); when the
// client has no usable roots it says so and what to do.
func (s *Session) Files(ctx context.Context) (*Set, func(), error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.state == statePending {
		left := s.policy.wait() - time.Since(s.asked)
		if left <= 0 {
			return nil, nil, s.pendingError(setting.From(ctx))
		}
		settled := s.settled
		s.mu.Unlock()
		timer := time.NewTimer(left)
		select {
		case <-settled:
		case <-timer.C:
		case <-ctx.Done():
		}
		timer.Stop()
		s.mu.Lock()
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
	}
	switch s.state {
	case stateReady:
		l := s.current
		l.refs++
		return l.set, func() { s.release(l) }, nil
	case stateEmpty:
		return nil, nil, s.emptyError(setting.From(ctx))
	case stateClosed:
		return nil, nil, fmt.Errorf("%w: the session ended; connect again", ErrNoRoots)
	case stateFailed:
		return nil, nil, fmt.Errorf("%w: asking the client for them (roots/list) failed: %v. Restart f0 with %s to name the directories yourself", ErrNoRoots, s.failure, setting.From(ctx).Change(setting.RootSetting, "DIR"))
	}
	return s.policy.Fixed.described(s.fallbackOrigin()), func() {}, nil
}

func (s *Session) release(l *lease) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l.refs--
	if l.retired && l.refs == 0 {
		l.set.Close()
	}
}

// ErrNoRoots is wrapped by every answer that no roots are known for a call.
// It is about the server and its client, not the call's arguments.
var ErrNoRoots error = noRootsError{}

type noRootsError struct{}

func (noRootsError) Error() string { return "no roots yet" }

// Refused marks the error as not about the arguments.
func (noRootsError) Refused() bool { return true }

func (s *Session) pendingError(w setting.SettingWriter) error {
	if !s.sent {
		return fmt.Errorf("%w: the client declared the roots capability but has not sent notifications/initialized, after which f0 asks for its workspace roots (roots/list). Finish the initialization, or restart f0 with %s", ErrNoRoots, w.Change(setting.RootSetting, "DIR"))
	}
	waited := time.Since(s.asked).Round(time.Second)
	msg := fmt.Sprintf("%v: f0 asked the client for its workspace roots (roots/list) %s ago and has no answer yet, so file tools have no directory to work in. Call again in a moment", ErrNoRoots, waited)
	if s.transport == "HTTP" {
		msg += "; over HTTP the client must keep its GET /mcp event stream open, which is where f0 sends the request"
	}
	return errors.New(msg + ". If it never answers, restart f0 with " + w.Change(setting.RootSetting, "DIR") + " or " + w.Setting(setting.RootsSetting, "fixed"))
}

func (s *Session) emptyError(w setting.SettingWriter) error {
	if len(s.refused) > 0 {
		return fmt.Errorf("%w: every root the client listed was refused: %s. Open a folder the operator allows in the client, or restart f0 with other %s directories", ErrNoRoots, joinRefusals(s.refused), w.Setting(setting.RootSetting, ""))
	}
	return fmt.Errorf("%w: the client lists no workspace roots (roots/list answered an empty list). Open a folder in the client (it then sends notifications/roots/list_changed), or restart f0 with %s", ErrNoRoots, w.Change(setting.RootSetting, "DIR"))
}

// fallbackOrigin says why the operator's set applies to this session.
func (s *Session) fallbackOrigin() string {
	origin := s.policy.Fixed.Origin()
	if s.policy.FollowsClient() {
		origin += "; the client sends no roots (it did not declare the roots capability)"
	}
	return origin
}

// Describe says which roots the session's calls use now and where they
// came from, for tools.describe.
func (s *Session) Describe(ctx context.Context) string {
	set, release, err := s.Files(ctx)
	if err != nil {
		return "Roots: none — " + err.Error()
	}
	defer release()
	return "Roots: " + set.Named()
}

// Source gives a call its roots.
type Source interface {
	// Files returns the roots and the function to call when done.
	Files(ctx context.Context) (*Set, func(), error)
	// Describe says which roots apply and where they came from.
	Describe(ctx context.Context) string
}

type sourceKey struct{}

// WithSource attaches the roots of a call's session to its context.
func WithSource(ctx context.Context, src Source) context.Context {
	return context.WithValue(ctx, sourceKey{}, src)
}

// SourceFrom returns the source attached to ctx (WithSource), nil when the
// call has no session (the CLI, tests). The engine reads it once per call
// and hands it to the tool in its tool.Call.
func SourceFrom(ctx context.Context) Source {
	src, _ := ctx.Value(sourceKey{}).(Source)
	return src
}

// Unavailable is the source of a call that cannot have client roots (no
// session: --stateless, or protocol 2026-07-28): with --roots client it
// refuses, and otherwise it uses the operator's set and says why.
type Unavailable struct {
	Policy *Policy
	// Why names what is missing: "this server runs --stateless".
	Why string
}

// Files implements Source.
func (u Unavailable) Files(ctx context.Context) (*Set, func(), error) {
	if u.Policy.Explicit && u.Policy.FollowsClient() {
		w := setting.From(ctx)
		return nil, nil, fmt.Errorf("%w: f0 runs with %s, and client roots need a session, but %s. Connect with protocol 2025-11-25 over a session, or restart f0 with %s", ErrNoRoots, w.Setting(setting.RootsSetting, "client"), u.Why, w.Change(setting.RootSetting, "DIR"))
	}
	origin := u.Policy.Fixed.Origin()
	if u.Policy.FollowsClient() {
		origin += "; client roots need a session, and " + u.Why
	}
	return u.Policy.Fixed.described(origin), func() {}, nil
}

// Describe implements Source.
func (u Unavailable) Describe(ctx context.Context) string {
	set, _, err := u.Files(ctx)
	if err != nil {
		return "Roots: none — " + err.Error()
	}
	return "Roots: " + set.Named()
}
