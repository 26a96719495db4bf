package tools

import "context"

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

type budgetKey struct{}

// Budget returns the output budget in bytes of the current call. Tools that
// produce output incrementally (searches, listings) stop collecting once
// they have this much; the pipeline cuts anything longer anyway.
func Budget(ctx context.Context) int {
	if n, ok := ctx.Value(budgetKey{}).(int); ok {
		return n
	}
	return DefaultMaxOutput
}

func withBudget(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, budgetKey{}, n)
}
