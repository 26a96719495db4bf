package curl

import (
	"context"
	"strings"

	"f0/tools"
)

// help answers -h: the curl flags net.curl takes, then the tool's fields
// and examples.
func (c *curl) help(ctx context.Context) tools.Result {
	var b strings.Builder
	b.WriteString("net.curl takes curl's flags in \"args\" (a list of words, or one string), structured fields, or both.\n\nCurl flags:\n")
	b.WriteString(flagTable())
	if p, ok := tools.FromContext(ctx); ok {
		if t, ok := p.Resolve("net.curl"); ok {
			b.WriteString("\n")
			b.WriteString(p.Describe(ctx, t))
		}
	}
	return tools.Result{Text: b.String()}
}
