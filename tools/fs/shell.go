package fs

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"f0/tool"
)

// The shell commands the file tools do, as the engine routes a shell
// tool's call to them (tool.ShellCommand), each read from its POSIX or
// GNU manual: head and tail show the first or last 10 lines (-n N), sed
// -n 'A,Bp' prints lines A to B, grep and rg search (-r, -n and -H change
// nothing f0 shows: it searches below a directory and shows files and
// line numbers; -m N stops after N matching lines in each file; rg's -U
// lets a match span lines, and --multiline-dotall lets . match a line end), find lists names below a directory (-name, -iname,
// -type f|d, -maxdepth and -mindepth counted from it, 1 being its own
// entries), mkdir -p makes parents, and echo, printf and cat with a
// here-document write their text to the file their output is redirected
// to (> replaces it, >> appends to it; the shell makes no directory).

// readCommands are fs.read's commands besides cat.
var readCommands = map[string]tool.ShellCommand{
	"head": {Valued: map[string]tool.ShellValue{"-n": {Field: "limit"}, "--lines": {Field: "limit"}},
		Flags: map[string]map[string]any{"-q": {}}, Set: map[string]any{"limit": 10}},
	"tail": {Valued: map[string]tool.ShellValue{"-n": {Field: "tail"}, "--lines": {Field: "tail"}},
		Flags: map[string]map[string]any{"-q": {}}, Set: map[string]any{"tail": 10}},
	"sed": {Flags: map[string]map[string]any{"-n": {}, "--quiet": {}}, Required: []string{"-n"}, Script: sedPrint,
		Usage: "sed -n 'A,Bp' FILE (fs_read offset A, limit B-A+1)"},
}

// sedPrint reads sed's script 'A,Bp' (or 'Ap', 'A,$p') as a line window.
func sedPrint(script string) (map[string]any, error) {
	body, ok := strings.CutSuffix(strings.TrimSpace(script), "p")
	if !ok {
		return nil, errors.New("it is no script that prints lines")
	}
	from, to, isRange := strings.Cut(body, ",")
	a, err := strconv.Atoi(from)
	if err != nil || a < 1 {
		return nil, fmt.Errorf("%q is no line number", from)
	}
	switch {
	case !isRange:
		return map[string]any{"offset": a, "limit": 1}, nil
	case to == "$":
		return map[string]any{"offset": a}, nil
	}
	b, err := strconv.Atoi(to)
	if err != nil || b < a {
		return nil, fmt.Errorf("%q is no line number at or after %d", to, a)
	}
	return map[string]any{"offset": a, "limit": b - a + 1}, nil
}

// searchCommands are fs.search's commands: grep and ripgrep.
var searchCommands = map[string]tool.ShellCommand{
	"grep": {
		Flags: map[string]map[string]any{"-r": {}, "-R": {}, "-n": {}, "-H": {}, "-s": {}, "-I": {}, "-E": {}, "--color=auto": {}, "--color=never": {},
			"-i": {"ignoreCase": true}, "-l": {"filesOnly": true}, "-F": {"literal": true}, "--recursive": {}, "--line-number": {},
			"--ignore-case": {"ignoreCase": true}, "--files-with-matches": {"filesOnly": true}, "--fixed-strings": {"literal": true}},
		Valued: map[string]tool.ShellValue{"--include": {Field: "glob"}, "--exclude": {Field: "exclude"}, "--exclude-dir": {Field: "exclude"},
			"-e": {Field: "pattern"}, "-A": {Field: "after"}, "-B": {Field: "before"}, "-C": {Field: "context"},
			"-m": {Field: "maxPerFile"}, "--max-count": {Field: "maxPerFile"}},
		Operands: []string{"pattern", "path"},
	},
	"rg": {
		Flags: map[string]map[string]any{"-n": {}, "-H": {}, "--no-heading": {}, "-i": {"ignoreCase": true}, "-l": {"filesOnly": true},
			"-F": {"literal": true}, "--hidden": {"hidden": true}, "--ignore-case": {"ignoreCase": true}, "--files-with-matches": {"filesOnly": true},
			"--fixed-strings": {"literal": true}, "--line-number": {},
			// -U lets a match span lines; only --multiline-dotall lets . match a line end.
			"-U": {"multiline": true, "dotall": false}, "--multiline": {"multiline": true, "dotall": false},
			"--multiline-dotall": {"multiline": true, "dotall": true}},
		Valued: map[string]tool.ShellValue{"-g": {Field: "glob"}, "--glob": {Field: "glob"}, "-e": {Field: "pattern"},
			"-A": {Field: "after"}, "-B": {Field: "before"}, "-C": {Field: "context"},
			"-m": {Field: "maxPerFile"}, "--max-count": {Field: "maxPerFile"}},
		Operands: []string{"pattern", "path"},
	},
}

// findCommands are fs.find's commands.
var findCommands = map[string]tool.ShellCommand{
	"find": {
		Valued: map[string]tool.ShellValue{"-name": {Field: "pattern"}, "-iname": {Field: "pattern", Also: map[string]any{"ignoreCase": true}},
			"-type":     {Field: "type", Values: map[string]any{"f": "file", "d": "dir"}},
			"-maxdepth": {Field: "maxDepth"}, "-mindepth": {Field: "minDepth"}},
		Flags:    map[string]map[string]any{"-print": {}},
		Operands: []string{"path"},
		Set:      map[string]any{"pattern": "*"},
	},
}

// mkdirCommands are fs.mkdir's commands.
var mkdirCommands = map[string]tool.ShellCommand{
	"mkdir": {Flags: map[string]map[string]any{"-p": {"parents": true}, "--parents": {"parents": true}}},
}

// writeCommands are fs.write's commands: text written to the file the
// output is redirected to.
var writeCommands = map[string]tool.ShellCommand{
	"echo":   writeCommand(map[string]map[string]any{"-n": {}, "-e": {}, "-E": {}}, echoText),
	"printf": writeCommand(nil, printfText),
	"cat":    writeCommand(nil, heredocText),
}

func writeCommand(flags map[string]map[string]any, text func(tool.ShellText) (string, error)) tool.ShellCommand {
	return tool.ShellCommand{Flags: flags, Output: "path", Append: map[string]any{"mode": "append"}, Text: text, TextField: "content",
		Set: map[string]any{"createDirs": false}}
}

// echoText is what echo prints: its words joined by spaces and a line
// end (none with -n; -e reads backslash escapes).
func echoText(in tool.ShellText) (string, error) {
	text := strings.Join(in.Operands, " ")
	for _, f := range in.Flags {
		if f == "-e" {
			text = unescape(text)
		}
	}
	for _, f := range in.Flags {
		if f == "-n" {
			return text, nil
		}
	}
	return text + "\n", nil
}

// printfText is what printf prints: its format with backslash escapes,
// %s and %d filled from its arguments (the format used again while any
// are left) and %% a percent sign.
func printfText(in tool.ShellText) (string, error) {
	if len(in.Operands) == 0 {
		return "", errors.New("names no format")
	}
	format, args := unescape(in.Operands[0]), in.Operands[1:]
	var b strings.Builder
	for {
		used, err := printfOnce(&b, format, args)
		if err != nil {
			return "", err
		}
		args = args[used:]
		if used == 0 || len(args) == 0 {
			return b.String(), nil
		}
	}
}

// printfOnce writes the format once and returns how many arguments it
// used.
func printfOnce(b *strings.Builder, format string, args []string) (int, error) {
	used := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' || i+1 >= len(format) {
			b.WriteByte(c)
			continue
		}
		i++
		switch format[i] {
		case '%':
			b.WriteByte('%')
		case 's', 'd':
			if used < len(args) {
				b.WriteString(args[used])
			}
			used++
		default:
			return 0, fmt.Errorf("f0 reads printf's %%s, %%d and %%%% only, not %%%c; write the text itself with fs_write", format[i])
		}
	}
	return min(used, len(args)), nil
}

// heredocText is what cat prints from a here-document; cat of files is a
// copy, which f0 does as two calls.
func heredocText(in tool.ShellText) (string, error) {
	if len(in.Operands) > 0 && !(len(in.Operands) == 1 && in.Operands[0] == "-") {
		return "", errors.New("copies files into another; read them with fs_read and write the text with fs_write")
	}
	if in.Heredoc == "" {
		return "", errors.New("writes what it reads, and f0 has no standard input; give the text in a here-document (<<'EOF' … EOF) or use fs_write")
	}
	return in.Heredoc, nil
}

// unescape reads the backslash escapes of echo -e and printf.
func unescape(s string) string {
	r := strings.NewReplacer(`\\`, `\`, `\n`, "\n", `\t`, "\t", `\r`, "\r", `\"`, `"`, `\'`, `'`, `\a`, "\a", `\b`, "\b", `\f`, "\f", `\v`, "\v")
	return r.Replace(s)
}
