package engine

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"unicode/utf8"
)

type logAttrsKey struct{}

// WithLogAttrs adds attributes to the line the pipeline logs for each call
// made with ctx: a front end says which session and client a call came
// from.
func WithLogAttrs(ctx context.Context, attrs ...slog.Attr) context.Context {
	return context.WithValue(ctx, logAttrsKey{}, append(slices.Clip(logAttrsOf(ctx)), attrs...))
}

// logAttrsOf returns the attributes of WithLogAttrs; the slice is shared:
// append to a copy.
func logAttrsOf(ctx context.Context) []slog.Attr {
	attrs, _ := ctx.Value(logAttrsKey{}).([]slog.Attr)
	return attrs
}

// maxReason bounds the error reason of a call line.
const maxReason = 200

// errorReason is the first line of a failed call's answer, at most
// maxReason bytes, for the call's log line: what went wrong, not the
// hints after it.
func errorReason(text string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	if len(line) <= maxReason {
		return line
	}
	cut := maxReason
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return line[:cut] + "…"
}
