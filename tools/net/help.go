package net

import (
	"context"
	"fmt"
	"strings"

	"f0/tool"
)

// help answers -h: the curl flags net.curl takes, then the tool's fields
// and examples. On a command line (v set) it prints curl's kind of usage
// text instead: the flags, one a line.
func (c *curl) help(ctx context.Context, v *consoleView) tool.Result {
	var b strings.Builder
	b.WriteString("net.curl takes curl's flags in \"args\" (a list of words, or one string), structured fields, or both.\n\nCurl flags:\n")
	b.WriteString(flagTable())
	if p, ok := c.call.Catalog(); ok {
		if t, ok := p.Resolve("net.curl"); ok {
			b.WriteString("\n")
			b.WriteString(p.Describe(ctx, t))
		}
	}
	res := tool.Result{Text: b.String()}
	if v != nil {
		res.Console = &tool.Console{Stdout: [][]byte{[]byte(curlUsage())}}
	}
	return res
}

// curlUsage is `curl --help` for the flags net.curl supports, in curl's
// layout: " -o, --output <file>   Write to file instead of stdout".
func curlUsage() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: %s [options...] <url>\n", consoleName)
	for _, f := range curlFlags {
		left := "    "
		if f.short != 0 {
			left = fmt.Sprintf("-%c, ", f.short)
		}
		left += "--" + f.long
		if f.arg != "" {
			left += " <" + strings.ToLower(strings.Trim(f.arg, "'")) + ">"
		}
		fmt.Fprintf(&b, " %-34s %s\n", left, upperFirst(f.help))
	}
	b.WriteString("These are the curl options f0 net.curl supports; others are refused with the reason.\n")
	b.WriteString("'f0 describe net.curl' shows its structured fields (name=value words).\n")
	return b.String()
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
