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
	if b, ok := ctx.Value(budgetKey{}).(Limits); ok {
		return b.Bytes
	}
	return DefaultMaxOutput
}

// BudgetLines returns the most lines the current call's output may have,
// 0 when only bytes count: a client that cuts results at a line count (pi
// keeps 2,000) sets it. Tools that collect lines stop there; the pipeline
// cuts anything longer anyway.
func BudgetLines(ctx context.Context) int {
	if b, ok := ctx.Value(budgetKey{}).(Limits); ok {
		return b.Lines
	}
	return 0
}

// BudgetLimits returns the whole budget of the current call, for tools that
// share it among calls of their own (batch).
func BudgetLimits(ctx context.Context) Limits {
	if b, ok := ctx.Value(budgetKey{}).(Limits); ok {
		return b
	}
	return Limits{Bytes: DefaultMaxOutput}
}

func withBudget(ctx context.Context, b Limits) context.Context {
	return context.WithValue(ctx, budgetKey{}, b)
}
