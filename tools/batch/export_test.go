package batch

import (
	"context"

	"f0/internal/roots"
	"f0/tool"
)

// After is, for the tests, the earlier items each of a batch's prepared
// items waits for, with its paths resolved in files.
func After(ctx context.Context, files *roots.Set, items []tool.PreparedCall) [][]int {
	return (&batch{files: files}).plan(ctx, tool.Call{}, items).after
}

// Nested is nested, for the tests.
func Nested(dir, p string) bool { return nested(dir, p) }
