package repair

import (
	"fmt"
	"testing"

	"github.com/invopop/jsonschema"

	"f0/schemas"
)

func TestRegexValue(t *testing.T) {
	schema := &schemas.Schema{Type: "object", Properties: jsonschema.NewProperties()}
	schema.Properties.Set("ignoreCase", &schemas.Schema{Type: "boolean"})
	cases := []struct {
		in, want   string
		ignoreCase bool
		noted      bool
	}{
		{`TODO\|DEBUG`, `TODO|DEBUG`, false, true},
		{`a\|b|c`, `a\|b|c`, false, false}, // mixed: \| may be a literal | on purpose
		{`/todo/i`, `todo`, true, true},
		{`/usr/lib/`, `/usr/lib/`, false, false}, // a path, not a literal with flags
		{`/a/g`, `a`, false, true},
		{`def (?=handler)`, `def (?:handler)`, false, true},
		{`(?<=x)y`, `(?:x)y`, false, true},
		{`a(?!b)`, `a(?!b)`, false, false},
		{`plain`, `plain`, false, false},
	}
	for _, tc := range cases {
		args := map[string]any{"pattern": tc.in}
		got, note := regexValue("pattern", tc.in, schema, args)
		ic, _ := args["ignoreCase"].(bool)
		if got != tc.want || ic != tc.ignoreCase || (note != "") != tc.noted {
			t.Errorf("regexValue(%q) = %q, ignoreCase %v, note %q; want %q, %v, noted %v", tc.in, got, ic, note, tc.want, tc.ignoreCase, tc.noted)
		}
	}
}

func TestGlobValue(t *testing.T) {
	cases := []struct{ in, want string }{
		{`.*\.md$`, `*.md`},
		{`^README.*`, `README*`},
		{`\.go$`, `*.go`},
		{`*.md`, `*.md`},
		{`**/*.go`, `**/*.go`},
		{`(foo|bar)\.go$`, `(foo|bar)\.go$`},
		{`^$`, `^$`},
		// Several globs in one text (Devin's find_filename, Desktop
		// Commander's filePattern) are one alternation.
		{`*.jsx; *.tsx`, `{*.jsx,*.tsx}`},
		{`*.js|*.ts`, `{*.js,*.ts}`},
		{`\.py$;\.pyi$`, `{*.py,*.pyi}`},
		{`*.{js,ts}`, `*.{js,ts}`},
	}
	for _, tc := range cases {
		if got, _ := globValue("pattern", tc.in); got != tc.want {
			t.Errorf("globValue(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestGlobItems(t *testing.T) {
	cases := []struct {
		in   []any
		want []any
	}{
		{[]any{`\.py$`}, []any{"*.py"}},
		{[]any{"*.jsx; *.tsx", "src/**"}, []any{"*.jsx", "*.tsx", "src/**"}},
		{[]any{"*.go", "!*_test.go"}, nil},
	}
	for _, tc := range cases {
		args := map[string]any{"glob": tc.in}
		note := globItems("glob", args, tc.in)
		if tc.want == nil {
			if note != "" {
				t.Errorf("globItems(%q) changed it: %s", tc.in, note)
			}
			continue
		}
		if fmt.Sprint(args["glob"]) != fmt.Sprint(tc.want) || note == "" {
			t.Errorf("globItems(%q) = %q (%s), want %q", tc.in, args["glob"], note, tc.want)
		}
	}
}
