package mcp

import (
	"context"
	"log/slog"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// callLogAttrs are what a call's log line says of where it came from: the
// transport, the session and the name its client gave in initialize.
func callLogAttrs(ctx context.Context) []slog.Attr {
	attrs := []slog.Attr{slog.String("transport", transportOf(ctx))}
	session := server.ClientSessionFromContext(ctx)
	if session == nil {
		return attrs
	}
	if id := session.SessionID(); id != "" {
		attrs = append(attrs, slog.String("session", id))
	}
	if s, ok := session.(server.SessionWithClientInfo); ok {
		if name := s.GetClientInfo().Name; name != "" {
			attrs = append(attrs, slog.String("client", name))
		}
	}
	return attrs
}

// libraryLogger is the logger mcp-go writes to: f0's, less the lines f0
// says better in its own words. mcp-go logs "Delivered sampling response"
// for every answer to a request the server sent the client, and the only
// one f0 sends is roots/list, which f0 logs itself (see
// workspace.request).
func libraryLogger(l *slog.Logger) *slog.Logger {
	return slog.New(libraryHandler{next: l.Handler()})
}

// saidByF0 are the mcp-go messages left out of the log.
var saidByF0 = map[string]bool{"Delivered sampling response": true}

type libraryHandler struct{ next slog.Handler }

func (h libraryHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.next.Enabled(ctx, level)
}

func (h libraryHandler) Handle(ctx context.Context, r slog.Record) error {
	if saidByF0[r.Message] {
		return nil
	}
	return h.next.Handle(ctx, r)
}

func (h libraryHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return libraryHandler{next: h.next.WithAttrs(attrs)}
}

func (h libraryHandler) WithGroup(name string) slog.Handler {
	return libraryHandler{next: h.next.WithGroup(name)}
}

// logSessionStart logs a client's initialize: which client, in which
// session, speaking which protocol version.
func logSessionStart(ctx context.Context, logger *slog.Logger, req *mcpgo.InitializeRequest) {
	attrs := []slog.Attr{slog.String("transport", transportOf(ctx))}
	if session := server.ClientSessionFromContext(ctx); session != nil && session.SessionID() != "" {
		attrs = append(attrs, slog.String("session", session.SessionID()))
	}
	info := req.Params.ClientInfo
	attrs = append(attrs, slog.String("client", info.Name), slog.String("client_version", info.Version),
		slog.String("protocol", req.Params.ProtocolVersion))
	logger.LogAttrs(ctx, slog.LevelInfo, "session started", attrs...)
}
