package repair

import (
	"regexp"
	"sync"
)

// lazyRegexp returns the pattern expr, compiled when first used rather
// than when the program starts: every f0 process pays for package
// initialisation before it answers initialize (mcp's
// TestPackageInitIsCheap), and most calls need none of these patterns.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
