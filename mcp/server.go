package mcp

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"

	"f0/engine"
	"f0/tool"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"f0/internal/roots"
)

// fallbackTool is the one tool mcp-go routes every call to, so that the
// name is resolved in one place, the pipeline, which also resolves other
// spellings or answers with suggestions instead of a JSON-RPC "tool not
// found" error. It is never listed.
const fallbackTool = "f0__resolve"

// Options configure the MCP server.
type Options struct {
	// Version is reported in serverInfo.
	Version string
	// Logger receives server-side events.
	Logger *slog.Logger
	// Roots says whether sessions follow their client's roots (roots/list)
	// and how far; nil means the operator's roots only.
	Roots *roots.Policy
	// ToolsChange says that the pipeline's tools may change while the
	// server runs (upstream servers): the server then declares
	// tools.listChanged and tells its clients when they do.
	ToolsChange bool
}

// NewServer builds an mcp-go server exposing the pipeline's visible tools
// under their listed names.
func NewServer(p *engine.Host, opts Options) *server.MCPServer {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	hooks := &server.Hooks{}
	t := &toolTable{p: p}
	hooks.AddBeforeCallTool(func(ctx context.Context, id any, req *mcpgo.CallToolRequest) {
		t.publish()
		// Route to the fallback, keeping the requested name and the exact
		// text of the arguments (valid JSON or not).
		envelope := map[string]any{"name": req.Params.Name, "raw": string(rawArguments(req))}
		data, _ := json.Marshal(envelope)
		req.Params.Name = fallbackTool
		req.Params.Arguments = envelope
		req.Params.RawArguments = data
	})
	hooks.AddAfterListTools(func(ctx context.Context, id any, req *mcpgo.ListToolsRequest, res *mcpgo.ListToolsResult) {
		res.Tools = slices.DeleteFunc(res.Tools, func(t mcpgo.Tool) bool { return t.Name == fallbackTool })
	})
	// Instructions are written for the client that introduced itself.
	hooks.AddAfterInitialize(func(ctx context.Context, id any, req *mcpgo.InitializeRequest, res *mcpgo.InitializeResult) {
		latest := p.Latest()
		res.Instructions = latest.Instructions(latest.Client(req.Params.ClientInfo.Name))
	})

	hooks.AddAfterInitialize(func(ctx context.Context, _ any, req *mcpgo.InitializeRequest, _ *mcpgo.InitializeResult) {
		logSessionStart(ctx, opts.Logger, req)
	})

	s := server.NewMCPServer("f0", opts.Version,
		server.WithToolCapabilities(opts.ToolsChange),
		server.WithLogging(),
		server.WithInstructions(p.Instructions(engine.Client{})),
		server.WithHooks(hooks),
		server.WithRecovery(),
	)
	ws := newWorkspaces(opts.Roots, opts.Logger)
	ws.install(s, hooks)
	fallback := mcpgo.NewToolWithRawSchema(fallbackTool, "internal: resolves other spellings of tool names",
		json.RawMessage(`{"type":"object","properties":{}}`))
	t.fallback = server.ServerTool{Tool: fallback, Handler: func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		name, args, err := requested(req)
		if err != nil {
			return toResult(tool.Result{IsError: true, Text: "could not read the call: " + err.Error()}), nil
		}
		return call(ctx, s, p, ws, name, args, req), nil
	}}
	s.AddTools(t.fallback)
	t.s = s
	hooks.AddBeforeListTools(func(context.Context, any, *mcpgo.ListToolsRequest) { t.publish() })
	p.Watch(t.change)
	if opts.ToolsChange {
		// Handed over now, so that the first tools/list does not also
		// send the clients a tools/list_changed.
		t.publish()
	}
	return s
}

// toolTable is what the MCP server lists of the pipeline's newest version.
// The tools are handed to mcp-go (their descriptions and schemas made) on
// the first tools/list or tools/call, not before initialize is answered;
// a later version of the pipeline replaces them, and mcp-go tells the
// clients when the server declared listChanged.
type toolTable struct {
	p        *engine.Host
	s        *server.MCPServer
	fallback server.ServerTool

	mu        sync.Mutex
	published atomic.Bool // set once mcp-go has the tools; read without mu
}

// publish hands the newest version's tools to mcp-go, once. Every call
// asks, so once it is done the answer costs no lock.
func (t *toolTable) publish() {
	if t.published.Load() {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.published.Load() {
		t.set(t.p.Latest())
		t.published.Store(true)
	}
}

// change follows a new version of the pipeline.
func (t *toolTable) change(p *engine.Host) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.published.Load() {
		t.set(p)
	}
}

// set gives mcp-go the tools of version p. t.mu is held.
func (t *toolTable) set(p *engine.Host) {
	all := []server.ServerTool{t.fallback}
	for _, tool := range p.Visible() {
		all = append(all, server.ServerTool{Tool: publish(p, tool), Handler: t.fallback.Handler})
	}
	t.s.SetTools(all...)
}

// publish converts a tool into its MCP listing.
func publish(p *engine.Host, t *tool.Tool) mcpgo.Tool {
	reg := p.Registry()
	mt := mcpgo.NewToolWithRawSchema(p.ListedName(t), p.Description(t), reg.Schema(t))
	mt.Title = t.Title
	mt.Annotations = annotations(t.Annotations)
	return mt
}

// annotations publishes the behaviour hints compactly: the title is the
// tool's own (not repeated here), and a read-only tool leaves out the
// destructive and idempotent hints, which the protocol defines only for
// tools that modify their environment.
func annotations(a tool.Annotations) mcpgo.ToolAnnotation {
	out := mcpgo.ToolAnnotation{ReadOnlyHint: &a.ReadOnly, OpenWorldHint: &a.OpenWorld}
	if !a.ReadOnly {
		out.DestructiveHint, out.IdempotentHint = &a.Destructive, &a.Idempotent
	}
	return out
}

// Published lists the tools exactly as tools/list shows them.
func Published(p *engine.Host) []mcpgo.Tool {
	out := make([]mcpgo.Tool, 0, len(p.Visible()))
	for _, t := range p.Visible() {
		out = append(out, publish(p, t))
	}
	return out
}

// requested returns the name and arguments of a call the fallback
// received: from the envelope when mcp-go routed it there (see the
// BeforeCallTool hook), as they are when a transport handed the call over
// itself (see plainCallOf).
func requested(req mcpgo.CallToolRequest) (string, json.RawMessage, error) {
	if req.Params.Name != fallbackTool {
		return req.Params.Name, rawArguments(&req), nil
	}
	var env struct {
		Name string `json:"name"`
		Raw  string `json:"raw"`
	}
	if err := json.Unmarshal(req.Params.RawArguments, &env); err != nil {
		return "", nil, err
	}
	var args json.RawMessage
	if env.Raw != "" {
		args = json.RawMessage(env.Raw)
	}
	return env.Name, args, nil
}

// call runs one request through the pipeline, in its session's roots, with
// progress notifications through srv when the client sent a progress
// token. (srv is passed in rather than taken from ctx: the stdio transport
// answers plain calls without HandleMessage, which is what puts it there.)
func call(ctx context.Context, srv *server.MCPServer, p *engine.Host, ws *workspaces, name string, args json.RawMessage, req mcpgo.CallToolRequest) *mcpgo.CallToolResult {
	p = p.Latest() // the tools of upstream servers change
	ctx, done := followShutdown(ctx)
	defer done()
	if src := ws.source(ctx); src != nil {
		ctx = roots.WithSource(ctx, src)
	}
	if req.Params.Meta != nil && req.Params.Meta.ProgressToken != nil {
		token := req.Params.Meta.ProgressToken
		ctx = engine.WithProgress(ctx, func(done, total float64, message string) {
			params := map[string]any{"progressToken": token, "progress": done}
			if total > 0 {
				params["total"] = total
			}
			if message != "" {
				params["message"] = message
			}
			_ = srv.SendNotificationToClient(ctx, "notifications/progress", params)
		})
	}
	ctx = engine.WithLogAttrs(ctx, callLogAttrs(ctx)...)
	if tc, ok := traceContextOf(req.Params.Meta); ok {
		ctx = engine.WithTraceContext(ctx, tc)
	}
	return toResult(p.Call(engine.WithClient(ctx, callerOf(ctx, p)), name, args))
}

// traceContextOf reads the W3C trace context a client sent in the call's
// _meta (traceparent, tracestate), false when it sent none.
func traceContextOf(meta *mcpgo.Meta) (engine.TraceContext, bool) {
	if meta == nil {
		return engine.TraceContext{}, false
	}
	parent, _ := meta.AdditionalFields["traceparent"].(string)
	state, _ := meta.AdditionalFields["tracestate"].(string)
	return engine.TraceContext{Parent: parent, State: state}, parent != ""
}

// callerOf is what the pipeline knows of the client that sent the request:
// the clientInfo of its session (per HTTP session, per process on stdio,
// per request on the stateless protocol).
func callerOf(ctx context.Context, p *engine.Host) engine.Client {
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		return p.Client(s.GetClientInfo().Name)
	}
	return p.Client("")
}

// rawArguments returns the call's arguments as JSON, whatever shape they
// arrived in.
func rawArguments(req *mcpgo.CallToolRequest) json.RawMessage {
	if meta := req.Params.Meta; meta != nil {
		// Arguments mcp-go could not decode, handed over by the transport.
		if raw, ok := meta.AdditionalFields[rawArgumentsMeta].(string); ok {
			return json.RawMessage(raw)
		}
	}
	if len(req.Params.RawArguments) > 0 {
		return req.Params.RawArguments
	}
	if req.Params.Arguments == nil {
		return nil
	}
	data, err := json.Marshal(req.Params.Arguments)
	if err != nil {
		return nil
	}
	return data
}

// toResult converts a pipeline result to MCP content blocks.
func toResult(r tool.Result) *mcpgo.CallToolResult {
	content := []mcpgo.Content{mcpgo.NewTextContent(r.Text)}
	for _, img := range r.Images {
		content = append(content, mcpgo.NewImageContent(base64.StdEncoding.EncodeToString(img.Data), img.MIMEType))
	}
	for _, l := range r.Links {
		link := mcpgo.NewResourceLink(l.URI, l.Name, "", l.MIMEType)
		if l.Size >= 0 {
			link.Size = &l.Size
		}
		content = append(content, link)
	}
	return &mcpgo.CallToolResult{Content: content, IsError: r.IsError}
}

type shutdownKey struct{}

// withShutdown attaches the transport's shutdown signal to a request.
func withShutdown(ctx, shutdown context.Context) context.Context {
	return context.WithValue(ctx, shutdownKey{}, shutdown)
}

// followShutdown derives a call context that ends, with the shutdown's
// cause, when the transport gives up waiting for calls; the request's own
// context stays alive so the call's answer can still be written.
func followShutdown(ctx context.Context) (context.Context, func()) {
	shutdown, ok := ctx.Value(shutdownKey{}).(context.Context)
	if !ok {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(shutdown, func() { cancel(context.Cause(shutdown)) })
	return ctx, func() {
		stop()
		cancel(nil)
	}
}
