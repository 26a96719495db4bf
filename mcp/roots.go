package mcp

import (
	"context"
	"log/slog"
	"sync"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"f0/internal/roots"
)

// askTimeout bounds one roots/list request to the client.
const askTimeout = 60 * time.Second

// workspaces follows the roots of every session whose client sends them:
// it asks for them (roots/list) once the client is initialized and again on
// notifications/roots/list_changed, and hands each call its session's
// roots through the call's context.
type workspaces struct {
	policy *roots.Policy
	logger *slog.Logger

	mu       sync.Mutex
	sessions map[string]*workspace
	// registered are the sessions mcp-go registered, by ID: requests to the
	// client must go through the registered session, whose stream carries
	// them (over HTTP, the initialized notification can arrive before the
	// session is registered, on a short-lived session of its own).
	registered map[string]server.ClientSession
}

// workspace is one session's roots and the context of its requests to the
// client, which ends with the session.
type workspace struct {
	roots  *roots.Session
	ctx    context.Context
	cancel context.CancelFunc
	// session is the registered session, once known; waiting is a
	// roots/list to send as soon as it is.
	session server.ClientSession
	waiting func(list []roots.ClientRoot, err error)
	// asking is true while a roots/list is in flight (or waiting for the
	// session); next is the one to send once it is answered, for changes
	// the client notified meanwhile. One at a time, however many
	// notifications come.
	asking bool
	next   func(list []roots.ClientRoot, err error)
}

func newWorkspaces(policy *roots.Policy, logger *slog.Logger) *workspaces {
	return &workspaces{policy: policy, logger: logger, sessions: map[string]*workspace{}, registered: map[string]server.ClientSession{}}
}

// install registers the hooks and notification handlers that follow the
// client's roots. With a fixed policy nothing is installed.
func (w *workspaces) install(s *server.MCPServer, hooks *server.Hooks) {
	if !w.policy.FollowsClient() {
		return
	}
	hooks.AddAfterInitialize(func(ctx context.Context, _ any, req *mcpgo.InitializeRequest, _ *mcpgo.InitializeResult) {
		w.start(ctx, req.Params.Capabilities.Roots != nil)
	})
	hooks.AddOnRegisterSession(func(_ context.Context, session server.ClientSession) {
		w.register(s, session)
	})
	hooks.AddOnUnregisterSession(func(_ context.Context, session server.ClientSession) {
		w.end(session.SessionID())
	})
	ask := func(ctx context.Context, _ mcpgo.JSONRPCNotification) { w.ask(ctx, s) }
	s.AddNotificationHandler(string(mcpgo.MethodNotificationInitialized), ask)
	s.AddNotificationHandler(mcpgo.MethodNotificationRootsListChanged, ask)
}

// start begins following a session after its initialize request.
func (w *workspaces) start(ctx context.Context, clientHasRoots bool) {
	session := server.ClientSessionFromContext(ctx)
	if session == nil || session.SessionID() == "" {
		return // stateless: calls get roots.Unavailable
	}
	wctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	ws := &workspace{roots: w.policy.NewSession(clientHasRoots, transportOf(ctx)), ctx: wctx, cancel: cancel}
	w.mu.Lock()
	old := w.sessions[session.SessionID()]
	w.sessions[session.SessionID()] = ws
	ws.session = w.registered[session.SessionID()]
	w.mu.Unlock()
	if old != nil {
		old.close()
	}
}

// register records a session mcp-go registered, and sends the roots/list
// that waited for it.
func (w *workspaces) register(s *server.MCPServer, session server.ClientSession) {
	w.mu.Lock()
	w.registered[session.SessionID()] = session
	ws := w.sessions[session.SessionID()]
	var answered func([]roots.ClientRoot, error)
	if ws != nil {
		ws.session = session
		answered, ws.waiting = ws.waiting, nil
	}
	w.mu.Unlock()
	if answered != nil {
		go w.follow(s, ws, session, answered)
	}
}

// end stops following a session and closes its roots.
func (w *workspaces) end(id string) {
	w.mu.Lock()
	ws := w.sessions[id]
	delete(w.sessions, id)
	delete(w.registered, id)
	w.mu.Unlock()
	if ws != nil {
		ws.close()
	}
}

func (ws *workspace) close() {
	ws.cancel()
	ws.roots.Close()
}

// lookup returns the workspace of the request's session.
func (w *workspaces) lookup(ctx context.Context) *workspace {
	session := server.ClientSessionFromContext(ctx)
	if session == nil || session.SessionID() == "" {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.sessions[session.SessionID()]
}

// ask sends roots/list to the session's client, if it sends roots, and
// applies the answer when it comes. It returns at once: the answer arrives
// through the same connection as the notification that asked. While one
// roots/list is in flight, a change only marks that one more is due.
func (w *workspaces) ask(ctx context.Context, s *server.MCPServer) {
	ws := w.lookup(ctx)
	if ws == nil || !ws.roots.FollowsClient() {
		return
	}
	w.mu.Lock()
	if ws.asking {
		if ws.next == nil {
			ws.next = ws.roots.Asking() // calls wait for the answer to come
		}
		w.mu.Unlock()
		return
	}
	ws.asking = true
	answered := ws.roots.Asking()
	session := ws.session
	if session == nil {
		ws.waiting = answered
	}
	w.mu.Unlock()
	if session != nil {
		go w.follow(s, ws, session, answered)
	}
}

// follow sends roots/list and, while changes came in meanwhile, the one
// more each answer leaves due.
func (w *workspaces) follow(s *server.MCPServer, ws *workspace, session server.ClientSession, answered func([]roots.ClientRoot, error)) {
	for answered != nil {
		ws.request(s, session, answered, w.logger)
		w.mu.Lock()
		answered, ws.next = ws.next, nil
		if answered == nil || ws.ctx.Err() != nil {
			ws.asking, answered = false, nil
		}
		w.mu.Unlock()
	}
}

// request sends roots/list through the registered session, logs the
// client's answer and reports it.
func (ws *workspace) request(s *server.MCPServer, session server.ClientSession, answered func([]roots.ClientRoot, error), logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(s.WithContext(ws.ctx, session), askTimeout)
	defer cancel()
	start := time.Now()
	res, err := s.RequestRoots(ctx, mcpgo.ListRootsRequest{Request: mcpgo.Request{Method: string(mcpgo.MethodListRoots)}})
	if err != nil {
		logger.Warn("roots/list: the client did not send its roots", "session", session.SessionID(), "duration", time.Since(start), "error", err.Error())
		answered(nil, err)
		return
	}
	logger.Info("roots/list: the client sent its roots", "session", session.SessionID(), "roots", len(res.Roots), "duration", time.Since(start))
	list := make([]roots.ClientRoot, len(res.Roots))
	for i, r := range res.Roots {
		list[i] = roots.ClientRoot{URI: r.URI, Name: r.Name}
	}
	answered(list, nil)
}

// source is where a call finds its roots: its session's workspace, or an
// explanation of why a call without a session has no client roots. Nil
// means the operator's roots, unexplained (fixed policy).
func (w *workspaces) source(ctx context.Context) roots.Source {
	if !w.policy.FollowsClient() {
		return nil
	}
	if mcpgo.IsModernProtocol(server.RequestProtocolVersion(ctx)) {
		return roots.Unavailable{Policy: w.policy, Why: "this request uses protocol " + mcpgo.ProtocolVersion20260728 + ", which has none"}
	}
	if ws := w.lookup(ctx); ws != nil {
		return ws.roots
	}
	if isStateless(ctx) {
		return roots.Unavailable{Policy: w.policy, Why: "this server runs --stateless"}
	}
	return roots.Unavailable{Policy: w.policy, Why: "this request belongs to no initialized session"}
}

type transportKey struct{}

// withTransport records which transport carries a request ("HTTP",
// "HTTP stateless"); stdio is the default.
func withTransport(ctx context.Context, name string) context.Context {
	return context.WithValue(ctx, transportKey{}, name)
}

func transportOf(ctx context.Context) string {
	if name, ok := ctx.Value(transportKey{}).(string); ok {
		return name
	}
	return "stdio"
}

func isStateless(ctx context.Context) bool { return transportOf(ctx) == "HTTP stateless" }
