package tool

import (
	"context"
)

// ProgressFunc receives progress of a long call: done out of total (total
// 0 when unknown) and a short message.
type ProgressFunc func(done, total float64, message string)

type progressKey struct{}

// WithProgress attaches a progress receiver to a call's context. Front ends
// install one when their client asked for progress.
func WithProgress(ctx context.Context, f ProgressFunc) context.Context {
	return context.WithValue(ctx, progressKey{}, f)
}

// ReportProgress tells the caller how far a long call has come. It does
// nothing when nobody asked.
func ReportProgress(ctx context.Context, done, total float64, message string) {
	if f, ok := ctx.Value(progressKey{}).(ProgressFunc); ok && f != nil {
		f(done, total, message)
	}
}
