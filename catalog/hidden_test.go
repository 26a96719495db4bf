package catalog_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// hiddenReaders are the calls that read an f0 value from a context:
// what a tool learns of its call comes from its tool.Call instead.
var hiddenReaders = map[string]bool{
	"setting.From": true, "roots.SourceFrom": true, "engine.RendererFrom": true, "engine.ClientFrom": true,
}

// TestToolsReadNoValueFromContext: no tool package reads a value from its
// context (ctx.Value, a FromContext helper, the engine's or the services'
// readers); the context of a tool's Run carries cancellation and the
// deadline only (issue 24).
func TestToolsReadNoValueFromContext(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir("../tools", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			name := sel.Sel.Name
			if x, ok := sel.X.(*ast.Ident); ok {
				name = x.Name + "." + name
			}
			if sel.Sel.Name == "Value" || strings.HasSuffix(sel.Sel.Name, "FromContext") || hiddenReaders[name] {
				t.Errorf("%s: %s reads a value from a context; use the tool.Call", fset.Position(sel.Pos()), name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
