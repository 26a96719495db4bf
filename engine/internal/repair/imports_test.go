package repair

import (
	"go/build"
	"strings"
	"testing"
)

// TestImports keeps the package below the engine: it imports the author
// API's types, the schemas and shared helpers, never the engine, a front
// end or a tool.
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	allowed := []string{"f0/tool", "f0/schemas", "f0/internal/", "f0/engine/internal/keys", "f0/engine/internal/vocab"}
	for _, imp := range pkg.Imports {
		if !strings.HasPrefix(imp, "f0/") {
			continue
		}
		ok := false
		for _, a := range allowed {
			ok = ok || imp == a || strings.HasSuffix(a, "/") && strings.HasPrefix(imp, a)
		}
		if !ok {
			t.Errorf("repair imports %s; it may import only %s", imp, strings.Join(allowed, ", "))
		}
	}
}
