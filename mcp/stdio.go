package mcp

import (
	"context"
	"fmt"
	"io"
	"log"
	"log/slog"

	"github.com/mark3labs/mcp-go/server"
)

// ServeStdio serves MCP over the given streams (stdin and stdout in
// production) until ctx ends or the input closes; requests read before the
// input closed are answered first. Nothing but protocol messages is ever
// written to out.
func ServeStdio(ctx context.Context, s *server.MCPServer, in io.Reader, out io.Writer, logger *slog.Logger) error {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	stdio := server.NewStdioServer(s)
	stdio.SetErrorLogger(log.New(slogWriter{logger}, "", 0))
	d := newDrain()
	if err := stdio.Listen(ctx, d.reader(in), d.writer(out)); err != nil && ctx.Err() == nil {
		return fmt.Errorf("serve stdio: %w", err)
	}
	return nil
}

// slogWriter turns mcp-go's log.Logger lines into slog warnings.
type slogWriter struct{ l *slog.Logger }

func (w slogWriter) Write(p []byte) (int, error) {
	w.l.Warn(string(trimNewline(p)))
	return len(p), nil
}

func trimNewline(p []byte) []byte {
	for len(p) > 0 && (p[len(p)-1] == '\n' || p[len(p)-1] == '\r') {
		p = p[:len(p)-1]
	}
	return p
}
