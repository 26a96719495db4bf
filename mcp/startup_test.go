package mcp

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// initLine is one package's line of GODEBUG=inittrace=1:
// "init PKG @T ms, C ms clock, B bytes, A allocs".
var initLine = regexp.MustCompile(`(?m)^init (\S+) @.* ms clock, (\d+) bytes, (\d+) allocs$`)

// initAllowance names the packages allowed more than the per-package
// limit, each with its own limit and why; they are left out of the total,
// which keeps guarding the rest.
var initAllowance = map[string]int{
	// gojq (net.curl's | jq) builds its builtin definitions in init:
	// 2,278 allocations, 219 KB, 0.4 ms, measured with v0.12.20.
	"github.com/itchyny/gojq": 2_500,
	// jwx (OAuth access tokens, serve --oauth-issuer) registers its
	// algorithms and key types in init: jwa 160, jwk 199, jws 69
	// allocations (11, 14 and 6 KB), measured with v3.4.0.
	"github.com/lestrrat-go/jwx/v3/jwa": 200,
	"github.com/lestrrat-go/jwx/v3/jwk": 250,
	"github.com/lestrrat-go/jwx/v3/jws": 100,
}

// TestPackageInitIsCheap starts this test binary with GODEBUG=inittrace=1
// and reads what each package's initialisation allocated: every f0 process
// pays it before it can answer initialize. Only the packages the f0
// binary links count (go list -deps ./cmd/f0): a test-only dependency (the
// Go SDK the protocol tests drive) is no cost of f0's. The JSON Schema library mcp-go's
// server imports used to compile five drafts' meta-schemas there (1.7 MB,
// 21,000 allocations); third_party/jsonschema compiles them when a compiler
// is first made.
func TestPackageInitIsCheap(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, out)
	}
	lines := initLine.FindAllStringSubmatch(string(out), -1)
	if len(lines) == 0 {
		t.Fatalf("no inittrace lines in:\n%s", out)
	}
	linked := linkedPackages(t)
	const perPackage, total = 2_000, 8_000 // allocations
	sum := 0
	for _, m := range lines {
		if !linked[m[1]] {
			continue
		}
		allocs, _ := strconv.Atoi(m[3])
		limit, allowed := initAllowance[m[1]]
		if !allowed {
			limit = perPackage
			sum += allocs
		}
		if allocs > limit {
			t.Errorf("init of %s: %d allocations (%s bytes), want at most %d", m[1], allocs, m[2], limit)
		}
	}
	if sum > total {
		t.Errorf("package initialisation: %d allocations in all, want at most %d", sum, total)
	}
}

// linkedPackages are the import paths of the packages the f0 binary links.
func linkedPackages(t *testing.T) map[string]bool {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "f0/cmd/f0").Output()
	if err != nil {
		t.Fatalf("go list -deps f0/cmd/f0: %v", err)
	}
	linked := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		linked[p] = true
	}
	return linked
}
