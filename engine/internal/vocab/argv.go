package vocab

import (
	"fmt"
	"path"
	"strings"
)

// A command sent as a list of words that its server runs without a shell
// (tumf's mcp-shell-server: subprocess argv), except that a word which is
// exactly an operator splits it there: "|" into a pipeline, ">", ">>"
// and "<" into redirections. Every other word is one word as it is, so
// that *, $, ~ and quotes stay literal. The server also pipes the call's
// stdin into the command; f0's routed tools read no standard input, so
// the text is placed where the command would read it (curl's -d @-, cat
// into a file) or the call is refused.

// argvOperators are the words that are operators, not arguments, in such
// a list; && and ; (which mcp-shell-server refuses) keep their shell
// meaning, a batch in order, and || is left for the routing to refuse.
var argvOperators = map[string]bool{"|": true, ">": true, ">>": true, "<": true, "&&": true, ";": true, "||": true}

// argvCommand: the command line of a list of words, with the text piped
// into it (args.stdin names that field) placed or refused.
func (b *builder) argvCommand(k string, r *Rule, v any) (effect, error) {
	var words []string
	if v == nil { // only the stdin: there is no command to pipe it into
		b.refuse(k, "the call gives stdin but no command to pipe it into; send command, the list of the command's words (f0 runs curl, cat, head, tail, ls, grep, rg, find, mkdir and echo > FILE as net_curl, fs_read, fs_list, fs_search, fs_find, fs_mkdir and fs_write)", "")
		return effect{use: UseCall, to: []string{TargetShell}}, nil
	}
	switch x := v.(type) {
	case string:
		line := strings.TrimSpace(x)
		b.command = &line
		return effect{use: UseCall, to: []string{TargetShell}}, b.noStdin(k, r, line)
	case []any:
		for _, w := range x {
			s, ok := w.(string)
			if !ok {
				return effect{}, b.errorf(k, "want the command as a list of words, got a list with %s", kindOf(w))
			}
			if s != "" { // the server drops empty words
				words = append(words, s)
			}
		}
	default:
		return effect{}, b.errorf(k, "want the command as a list of words, got %s", kindOf(v))
	}
	if len(words) == 0 {
		return effect{}, b.errorf(k, "names no command")
	}
	if stdin := b.stdinText(r); stdin != "" {
		placed, refusal := withStdin(words, stdin)
		if refusal != "" {
			b.refuse(*r.Args.Stdin, refusal, "")
			return effect{use: UseCall, to: []string{TargetShell}}, nil
		}
		words = placed.words
		if placed.note != "" {
			b.notes = append(b.notes, placed.note)
		}
	}
	line := argvLine(words)
	b.command = &line
	return effect{use: UseCall, to: []string{TargetShell}}, nil
}

// noStdin refuses stdin with a command given as one line, whose words f0
// does not read here.
func (b *builder) noStdin(k string, r *Rule, line string) error {
	if b.stdinText(r) != "" {
		b.refuse(*r.Args.Stdin, fmt.Sprintf("the command %q is one line, and f0 places stdin only in a command given as a list of words (curl's -d @-, cat > FILE); send the command as a list, or save the text with fs_write first and name the file", line), "")
	}
	return nil
}

// stdinText is the text the call pipes into its command ("" for none: the
// server sends an empty text as none).
func (b *builder) stdinText(r *Rule) string {
	if r.Args.Stdin == nil {
		return ""
	}
	s, _ := b.args[*r.Args.Stdin].(string)
	return s
}

// argvLine quotes every word but the operators.
func argvLine(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if argvOperators[w] {
			out[i] = w
			continue
		}
		out[i] = quoteWord(w)
	}
	return strings.Join(out, " ")
}

// stdinPlaced is a command with its stdin placed in its words.
type stdinPlaced struct {
	words []string
	note  string
}

// withStdin places the text piped into the first command of words where
// that command reads it, or says why f0 cannot run it so.
func withStdin(words []string, stdin string) (stdinPlaced, string) {
	first := firstCommand(words)
	for i, w := range first {
		if w == "<" && i+1 < len(first) {
			return stdinPlaced{words: words, note: fmt.Sprintf("stdin was not used: the command reads %s (< %s), as mcp-shell-server does", first[i+1], first[i+1])}, ""
		}
	}
	prog := strings.ToLower(path.Base(first[0]))
	switch prog {
	case "curl", "curl.exe":
		return curlStdin(words, len(first), stdin)
	case "cat":
		return catStdin(words, first, stdin)
	case "ls", "find", "mkdir", "echo", "printf", "pwd":
		return stdinPlaced{words: words, note: fmt.Sprintf("stdin was not used: %s reads no standard input", prog)}, ""
	}
	return stdinPlaced{}, stdinRefusal(prog)
}

func stdinRefusal(prog string) string {
	return fmt.Sprintf("mcp-shell-server pipes stdin into %s; f0 runs a routed command without standard input, so %s would not see the text. Save the text with fs_write {\"path\": …, \"content\": …} and name that file in the command (fs_search, fs_read read files), or send an HTTP body with net_curl's -d @FILE", prog, prog)
}

// firstCommand is the words of the first command of a pipeline or list.
func firstCommand(words []string) []string {
	for i, w := range words {
		if w == "|" || w == "&&" || w == ";" || w == "||" {
			return words[:i]
		}
	}
	return words
}

// catStdin writes the text to the file cat's output goes to (cat > FILE
// with stdin is a write of that text, exactly: printf %s TEXT > FILE);
// cat of stdin alone only echoes the text.
func catStdin(words, first []string, stdin string) (stdinPlaced, string) {
	var ops []string
	var out, target string
	for i := 1; i < len(first); i++ {
		switch w := first[i]; {
		case (w == ">" || w == ">>") && i+1 < len(first):
			out, target = w, first[i+1]
			i++
		default:
			ops = append(ops, w)
		}
	}
	if len(ops) > 1 || len(ops) == 1 && ops[0] != "-" {
		return stdinPlaced{}, "mcp-shell-server pipes stdin into cat, which here also reads the files it names; f0 reads files without standard input: read them with fs_read {\"paths\": [...]}, and write the text with fs_write {\"path\": …, \"content\": …}"
	}
	if out == "" {
		return stdinPlaced{}, "cat of stdin prints the text the call gives, which is already yours; to save it, fs_write {\"path\": …, \"content\": …}"
	}
	if len(first) != len(words) {
		return stdinPlaced{}, stdinRefusal("cat")
	}
	return stdinPlaced{words: []string{"printf", "%s", stdin, out, target},
		note: fmt.Sprintf("cat %s %s with stdin writes the stdin text to %s", out, target, target)}, ""
}

// curlStdin puts the text in place of curl's "@-" data (-d @- with its
// line ends removed, as curl reads a file for -d; --data-binary and --json
// as it is; --data-urlencode encoded), refusing the other ways curl reads
// standard input (-T -, -K -, -F x=@-, -H @-), which f0's words cannot
// hold as text.
func curlStdin(words []string, n int, stdin string) (stdinPlaced, string) {
	out := append([]string(nil), words...)
	used := 0
	for i := 0; i < n; i++ {
		flag, val, attached, ok := curlValue(out[:n], i)
		if !ok {
			continue
		}
		repl, refusal := curlStdinValue(flag, val, stdin)
		if refusal != "" {
			return stdinPlaced{}, refusal
		}
		if repl == nil {
			if !attached {
				i++
			}
			continue
		}
		used++
		if attached {
			out = append(out[:i], append(repl, out[i+1:]...)...)
			n += len(repl) - 1
		} else {
			out = append(out[:i], append(repl, out[i+2:]...)...)
			n += len(repl) - 2
		}
		i += len(repl) - 1
	}
	switch used {
	case 0:
		return stdinPlaced{words: words, note: "stdin was not used: the curl command reads no @- or -T -, so curl does not read standard input"}, ""
	case 1:
		return stdinPlaced{words: out, note: "stdin is the @- data of the curl command"}, ""
	}
	return stdinPlaced{}, "the curl command reads standard input twice (@- in more than one place), and only its first read gets the text; give each body as text (--data-raw TEXT) or as a file (@FILE) in the net_curl words"
}

// curlValuedFlags are curl's flags whose value may read standard input.
var curlValuedFlags = map[string]bool{"-d": true, "--data": true, "--data-ascii": true, "--data-binary": true, "--json": true,
	"--data-urlencode": true, "-T": true, "--upload-file": true, "-K": true, "--config": true, "-F": true, "--form": true, "-H": true, "--header": true}

// curlValue reads a flag of curl's that may read standard input and its
// value at words[i]: "-d", "@-" (attached false) or "-d@-", "--data=@-"
// (attached true).
func curlValue(words []string, i int) (flag, val string, attached, ok bool) {
	w := words[i]
	if curlValuedFlags[w] {
		if i+1 >= len(words) {
			return "", "", false, false
		}
		return w, words[i+1], false, true
	}
	if name, v, cut := strings.Cut(w, "="); cut && strings.HasPrefix(w, "--") && curlValuedFlags[name] {
		return name, v, true, true
	}
	if len(w) > 2 && w[0] == '-' && w[1] != '-' && curlValuedFlags[w[:2]] {
		return w[:2], w[2:], true, true
	}
	return "", "", false, false
}

// curlStdinValue is what a flag reading standard input becomes with the
// text (nil when the value does not read it), or why f0 cannot send it.
func curlStdinValue(flag, val, stdin string) ([]string, string) {
	switch flag {
	case "-d", "--data", "--data-ascii":
		if val == "@-" {
			return []string{"--data-raw", strings.NewReplacer("\r", "", "\n", "", "\x00", "").Replace(stdin)}, ""
		}
	case "--data-binary":
		if val == "@-" {
			return []string{"--data-raw", stdin}, ""
		}
	case "--json":
		if val == "@-" {
			if strings.HasPrefix(stdin, "@") {
				return nil, "curl's --json @- reads stdin, and this text starts with @, which net_curl's --json reads as a file name; send it with net_curl's --data-raw and -H 'Content-Type: application/json'"
			}
			return []string{"--json", stdin}, ""
		}
	case "--data-urlencode":
		if name, ok := strings.CutSuffix(val, "@-"); ok && !strings.ContainsAny(name, "=@") {
			return []string{"--data-urlencode", name + "=" + stdin}, ""
		}
	case "-T", "--upload-file":
		if val == "-" || val == "." {
			return nil, "curl's -T - uploads stdin with PUT, and f0's words cannot hold the text as a file: save it with fs_write {\"path\": …, \"content\": …} and upload it with net_curl's -T FILE"
		}
	case "-K", "--config":
		if val == "-" {
			return nil, "curl's -K - reads its options from stdin; give them as the words of the net_curl command instead"
		}
	case "-F", "--form":
		if strings.HasSuffix(val, "=@-") || strings.HasSuffix(val, "=<-") || strings.Contains(val, "=@-;") || strings.Contains(val, "=<-;") {
			return nil, "curl's -F name=@- (or <-) sends stdin as a form part; save the text with fs_write {\"path\": …, \"content\": …} and name the file (-F name=@FILE) in the net_curl words"
		}
	case "-H", "--header":
		if val == "@-" {
			return nil, "curl's -H @- reads headers from stdin; give each as -H 'Name: value' in the net_curl words"
		}
	}
	return nil, ""
}
