package main

import (
	"fmt"
	"io"
	"log/slog"
)

// newLogger builds the stderr logger in the --log-format asked for: text
// (key=value, the default) or json (slog's JSON lines, one object a line,
// for a log collector).
func newLogger(w io.Writer, format string, level slog.Level) (*slog.Logger, error) {
	opts := &slog.HandlerOptions{Level: level}
	switch format {
	case "", "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("--log-format %q: want text or json", format)
}
