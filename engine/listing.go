package engine

import (
	"strings"

	"f0/internal/text"
	"f0/tool"
)

// Description is the published description of t, kept short because every
// agent pays for it in every prompt: the purpose in one sentence (the
// summary), the example payload most calls need, and where the rest is.
// Some proxies show models nothing but the description, so the example must
// be in it.
func (p *Host) Description(t *tool.Tool) string {
	var b strings.Builder
	b.WriteString(t.Summary)
	if examples := p.reg.Doc(t).Examples; len(examples) > 0 {
		b.WriteString(" Example: ") // a space, not a line break: pi cuts at the last space before 100
		b.WriteString(text.CompactJSON(examples[0]))
	}
	if d := p.reg.Lookup("tools.describe"); d != nil && d != t && p.visible[d] {
		b.WriteString("\nMore: ")
		b.WriteString(p.ListedName(d) + " " + text.CompactJSON(map[string]string{"name": p.ListedName(t)}))
	}
	return b.String()
}
