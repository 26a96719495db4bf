package engine

import (
	"fmt"
	"strings"

	"f0/internal/text"
)

// ClientsMarkdown renders the client table for README.md: per client the
// configuration, the names its model calls f0's tools by, what it checks
// before a call reaches f0, where it cuts a result and what f0 keeps each
// result below, with the source of each row.
func ClientsMarkdown() string {
	t := Clients()
	var b strings.Builder
	b.WriteString("| Client | Configure | clientInfo | Tool names | Validates | Cuts a result | f0 keeps each result within | Source |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, r := range t.Clients {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.Client, cell(r.Config), cell(matchText(r)), cell(namingText(r)), cell(r.Validates), cell(cutText(r.Cut)), budgetText(t, r), cell(r.Source))
	}
	fmt.Fprintf(&b, "\nA client that is not in this table, or whose cut nobody has measured, gets results of at most %s bytes: %s. `--client-limits NAME=BYTES[,LINES]` sets a client's cut (`--client-limits '*=24576'` gives every client f0's own default back).\n",
		text.GroupDigits(int64(t.DefaultBytes)), t.DefaultWhy)
	return b.String()
}

// cell makes s safe in a Markdown table cell.
func cell(s string) string {
	if s == "" {
		return "—"
	}
	return strings.ReplaceAll(s, "|", `\|`)
}

func matchText(r Profile) string {
	var names []string
	for _, m := range r.Match {
		names = append(names, "`"+m+"`")
	}
	if r.Strip != "" {
		names = append(names, "`NAME"+r.Strip+"` (matched as NAME)")
	}
	return strings.Join(names, ", ")
}

func namingText(r Profile) string {
	name := "`" + r.toolName("f0", "fs_read") + "`"
	if r.Namespace != "" {
		name += " in the namespace `" + strings.ReplaceAll(r.Namespace, "SERVER", "f0") + "`"
	}
	switch r.Call {
	case "codemode":
		return name + "; in a codemode script `await tools.mcp__f0__fs_read({…})`"
	case "pi-proxy":
		return "`f0_fs_read` (directTools), else `mcp({tool: \"fs_read\", args: {…}})`"
	}
	return name
}

func cutText(c *Cut) string {
	switch {
	case c == nil:
		return "not measured"
	case c.Keeps == "all":
		return "does not cut"
	}
	var parts []string
	if c.Bytes > 0 {
		parts = append(parts, text.GroupDigits(int64(c.Bytes))+" bytes")
	}
	if c.Tokens > 0 {
		parts = append(parts, text.GroupDigits(int64(c.Tokens))+" tokens")
	}
	if c.Lines > 0 {
		parts = append(parts, text.GroupDigits(int64(c.Lines))+" lines")
	}
	s := strings.Join(parts, " or ") + ", keeps the " + map[string]string{"head": "head", "tail": "tail", "both": "head and the tail"}[c.Keeps]
	if c.Note != "" {
		s += " (" + c.Note + ")"
	}
	return s
}

func budgetText(t ClientTable, r Profile) string {
	l := r.limits(0)
	switch {
	case r.Cut == nil:
		return text.GroupDigits(int64(t.DefaultBytes)) + " bytes (the default)"
	case l.Bytes == 0:
		return "f0's own budget (`--max-output`)"
	}
	s := text.GroupDigits(int64(l.Bytes-clientByteMargin)) + " bytes"
	if l.Lines > 0 {
		s += ", " + text.GroupDigits(int64(l.Lines-clientLineMargin)) + " lines"
	}
	return s
}
