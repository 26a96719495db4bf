package net

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"f0/internal/shellwords"
	"f0/internal/text"
	"f0/tool"
)

// A model that has used a shell sends net.curl the shell's line: curl with
// a redirect (> page.html), a filter (| jq .items, | head -n 5), inside
// bash -lc '…', or another client (wget -qO- URL, HTTPie's http POST URL
// a=b). What is unambiguous is done, each with a note: the redirect is -o,
// the filter is applied to the body (see filter.go), the shell around one
// command is dropped, wget and HTTPie are read as their curl words.
// Anything else — a second command (&&, ;), a command substitution, a pipe
// into another program — is refused with the net.curl call that makes the
// request alone.

// shellLine is a command line around one request, read as net.curl's:
// curl's words, the filters to apply to the body, and notes.
type shellLine struct {
	words   []string
	filters []bodyFilter
	notes   []string
}

// shells are the programs whose -c runs a line: bash -lc 'curl …'.
var shells = []string{"bash", "sh", "zsh", "dash", "ksh"}

// requestPrograms are the request commands f0 reads, by the name a line
// gives them (case folded), and what each is read as: curl (curl.exe is
// curl on Windows), wget, HTTPie (http and https; xh and xhs are its
// reimplementation, with its syntax), curlie (curl's options with
// HTTPie's items) and PowerShell's web cmdlets and their aliases.
var requestPrograms = map[string]string{
	"curl": "curl", "curl.exe": "curl", "wget": "wget", "wget.exe": "wget",
	"http": "http", "https": "https", "xh": "http", "xhs": "https", "curlie": "curlie",
	"invoke-restmethod": "powershell", "irm": "powershell", "invoke-webrequest": "powershell", "iwr": "powershell",
}

// requestProgram is what the request command a word names is read as
// ("" for any other word).
func requestProgram(word string) string {
	return requestPrograms[strings.ToLower(path.Base(word))]
}

// requestLine is one command of a line read as a request: the programs in
// front of it (sudo, timeout 10), what its program is read as, the name
// it was given, and the program's words.
type requestLine struct {
	prefix      shellwords.Prefix
	kind, named string
	args        []string
}

// requestOf reads a command's words as a request: curl's words without
// "curl" (net.curl's args) are curl's too. kind is "" when the command is
// no request.
func requestOf(words []string) (requestLine, error) {
	words, prefix, err := shellwords.CutPrefix(words)
	if err != nil {
		return requestLine{}, &tool.InputError{Field: "args", Problem: err.Error(), Hint: "Send curl's words alone: \"args\": \"-sL https://example.com\"."}
	}
	r := requestLine{prefix: prefix}
	switch {
	case len(words) == 0:
	case requestProgram(words[0]) != "":
		r.kind, r.named, r.args = requestProgram(words[0]), path.Base(words[0]), words[1:]
	case len(prefix.Words) == 0 && (strings.HasPrefix(words[0], "-") || strings.Contains(words[0], "://")):
		r.kind, r.named, r.args = "curl", "curl", words
	default:
		r.args = words
	}
	return r, nil
}

// wantsShellReading reports whether curl words given as a list hold what
// only a shell line means: a pipe, a redirect, a second command, or a
// first word that is wget, HTTPie or a shell.
func wantsShellReading(words []string) bool {
	if len(words) == 0 {
		return false
	}
	if p := requestProgram(words[0]); p != "" && words[0] != "curl" || slices.Contains(shells, words[0]) || shellwords.IsPrefixProgram(words[0]) {
		return true
	}
	for i, w := range words {
		if isOperatorWord(w) && (i == 0 || !takesValue(words[i-1])) {
			return true
		}
	}
	return false
}

// isOperatorWord reports whether a word of a list is a shell operator or
// a redirect: "|", "&&", ">", ">out.html", "2>/dev/null", "2>&1".
func isOperatorWord(w string) bool {
	switch w {
	case "|", "||", "&&", ";", "&", "|&":
		return true
	}
	w = strings.TrimLeft(w, "012&")
	return strings.HasPrefix(w, ">") || strings.HasPrefix(w, "<") && w != "<"
}

// takesValue reports whether a curl word takes the next word as its value.
func takesValue(w string) bool {
	_, next := flagWord(w)
	return next
}

// joinWords writes a list of words as one line, leaving operator words
// unquoted so that a shell reads them as operators.
func joinWords(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = shellQuote(w)
		if isOperatorWord(w) && (i == 0 || !takesValue(words[i-1])) {
			out[i] = w
		}
	}
	return strings.Join(out, " ")
}

// readShellLine reads a command line around one request.
func readShellLine(line string) (*shellLine, error) { return readScript(line, 0) }

func readScript(line string, depth int) (*shellLine, error) {
	if isPowerShellLine(line) {
		return readPowerShell(line)
	}
	s, err := shellwords.ParseScript(line)
	if err == nil {
		err = s.HeredocError() // curl reads no standard input here
	}
	var se *shellwords.ShellError
	if errors.As(err, &se) {
		return nil, argsError(se)
	}
	if err != nil {
		return nil, err
	}
	if len(s.Pipelines) == 0 {
		return nil, &tool.InputError{Field: "args", Problem: "the line holds no command"}
	}
	if inner, shell, ok := shellInner(s, depth); ok {
		sl, err := readScript(inner, depth+1)
		if err != nil {
			return nil, err
		}
		sl.notes = append([]string{fmt.Sprintf("note: f0 runs no shell; read the line inside %s as curl's", shell)}, sl.notes...)
		return sl, nil
	}
	if len(s.Pipelines) > 1 || len(s.Joins) > 0 {
		return nil, secondCommand(s)
	}
	sl, err := readPipeline(s.Pipelines[0])
	if err != nil {
		return nil, err
	}
	sl.notes = append(s.Notes, sl.notes...)
	return sl, nil
}

// shellInner is the line a shell runs with -c (bash -lc 'curl …'), when
// the script is that one command.
func shellInner(s *shellwords.Script, depth int) (inner, shell string, ok bool) {
	if depth > 1 || len(s.Pipelines) != 1 || len(s.Joins) > 0 || len(s.Pipelines[0].Commands) != 1 {
		return "", "", false
	}
	c := s.Pipelines[0].Commands[0]
	if c.Err != nil || len(c.Redirects) > 0 || len(c.Words) < 3 || !slices.Contains(shells, path.Base(c.Words[0])) {
		return "", "", false
	}
	for i, w := range c.Words[1 : len(c.Words)-1] {
		if strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.Contains(w, "c") {
			if i+2 != len(c.Words)-1 {
				return "", "", false // words after the script are its $0, $1…
			}
			return c.Words[len(c.Words)-1], strings.Join(c.Words[:i+2], " "), true
		}
	}
	return "", "", false
}

// readPipeline reads a request and the filters its output goes through.
func readPipeline(p shellwords.Pipeline) (*shellLine, error) {
	req := p.Commands[0]
	if req.Err != nil {
		return nil, argsError(req.Err)
	}
	sl, err := requestWords(req)
	if err != nil {
		return nil, err
	}
	for _, c := range p.Commands[1:] {
		f, err := parseFilter(c)
		if err != nil {
			return nil, &partError{problem: err.Error(), words: sl.words}
		}
		sl.filters = append(sl.filters, f)
	}
	return sl, nil
}

// requestWords reads one request command, with its redirects, as curl's
// words.
func requestWords(c shellwords.Command) (*shellLine, error) {
	r, err := requestOf(c.Words)
	if err != nil {
		return nil, err
	}
	if r.kind == "" {
		return nil, notRequest(c)
	}
	sl, err := r.words()
	if err != nil {
		return nil, err
	}
	for _, r := range c.Redirects {
		if err := sl.redirect(r); err != nil {
			return nil, err
		}
	}
	return sl, nil
}

// notRequest refuses a command that is no request.
func notRequest(c shellwords.Command) error {
	return &tool.InputError{Field: "args", Problem: fmt.Sprintf("the line runs %s, not a request; f0 runs only curl (and reads wget, HTTPie, xh and PowerShell's Invoke-RestMethod as curl)", quoteCommand(c)),
		Hint: "Send curl's words: \"args\": \"-sL https://example.com\"."}
}

// words reads the request's program words as curl's, after what the
// programs in front of it mean.
func (r requestLine) words() (*shellLine, error) {
	var sl *shellLine
	var err error
	switch r.kind {
	case "curl":
		sl = &shellLine{words: slices.Clone(r.args)}
		if r.named != "curl" {
			sl.notes = append(sl.notes, fmt.Sprintf("note: read %s as curl", r.named))
		}
	case "wget":
		sl, err = wgetWords(r.args)
	case "curlie":
		sl, err = curlieWords(r.args)
	case "powershell":
		sl, err = powershellWords(r.named, r.args)
	default:
		sl, err = httpieWords(r.kind, r.named, r.args)
	}
	if err != nil {
		return nil, err
	}
	return sl, r.applyPrefix(sl)
}

// applyPrefix applies the programs in front of the request: timeout's
// duration is curl's -m (a later -m of the request's own wins), env's
// variables are refused when curl would read them (a proxy) and dropped
// otherwise, and the rest only change how a command runs.
func (r requestLine) applyPrefix(sl *shellLine) error {
	if len(r.prefix.Words) == 0 {
		return nil
	}
	for _, v := range r.prefix.Env {
		name, _, _ := strings.Cut(v, "=")
		if strings.HasSuffix(strings.ToLower(name), "_proxy") {
			return &partError{problem: fmt.Sprintf("env %s sets a proxy for curl, and f0 sends through the operator's proxy only (-x needs admin)", v), words: sl.words}
		}
	}
	note := fmt.Sprintf("note: read the line without %q in front of %s (f0 makes the request itself", strings.Join(quotedWords(r.prefix.Words), " "), r.named)
	if r.prefix.Seconds != "" {
		sl.words = append([]string{"-m", r.prefix.Seconds}, sl.words...)
		note += fmt.Sprintf("; the time limit is curl's -m %s", r.prefix.Seconds)
	}
	if len(r.prefix.Env) > 0 {
		note += "; f0 sets no environment for it"
	}
	sl.notes = append([]string{note + ")"}, sl.notes...)
	return nil
}

// redirect applies one redirect of the request: stdout to a file is -o;
// stderr to /dev/null or to stdout is dropped (f0 answers with errors
// either way); anything else is refused.
func (sl *shellLine) redirect(r shellwords.Redirect) error {
	written := r.Fd + r.Op + r.Target
	switch {
	case (r.Fd == "" || r.Fd == "1") && (r.Op == ">" || r.Op == ">|") || r.Op == "&>" && r.Fd == "":
		sl.words = append(sl.words, "-o", r.Target)
		note := fmt.Sprintf("note: read the redirect %q as -o %s", written, shellQuote(r.Target))
		if r.Op == "&>" {
			note += " (curl's messages are in this answer, not in the file)"
		}
		sl.notes = append(sl.notes, note)
		return nil
	case r.Fd == "2" && (r.Op == ">" && r.Target == "/dev/null" || r.Op == ">&" && r.Target == "1"):
		sl.notes = append(sl.notes, fmt.Sprintf("note: dropped %q: f0 has no stderr; errors come back in the answer", written))
		return nil
	case r.Op == ">>" || r.Op == "&>>":
		return &partError{problem: fmt.Sprintf("%q appends the body to %s, and f0 saves a body only as a whole file (-o replaces it)", written, r.Target),
			words: append(slices.Clone(sl.words), "-o", r.Target), hint: "To replace the file with the body: "}
	}
	return &partError{problem: fmt.Sprintf("the redirect %q is not one f0 can do; it saves the body with -o FILE", written), words: sl.words}
}

// secondCommand refuses a line of several commands, naming the call that
// makes its first request alone.
func secondCommand(s *shellwords.Script) error {
	joins := strings.Join(slices.Compact(slices.Clone(s.Joins)), " and ")
	problem := fmt.Sprintf("the line runs more than one command (joined by %s); f0 runs only the request, never a second command", joins)
	for _, p := range s.Pipelines {
		c := p.Commands[0]
		if c.Err != nil {
			continue
		}
		if sl, err := requestWords(c); err == nil {
			return &partError{problem: problem, words: sl.words}
		}
	}
	return &tool.InputError{Field: "args", Problem: problem, Hint: "Put the values the other commands would give into the call itself."}
}

// quoteCommand shows a command as written, shortened.
func quoteCommand(c shellwords.Command) string {
	const most = 60
	t := c.Text
	if len(t) > most {
		t = t[:most] + "…"
	}
	return fmt.Sprintf("%q", t)
}

// partError refuses a line that asks for more than f0 does, with the
// net.curl words that do the part it can; the call is written where the
// tool's name for the client is known (answerError).
type partError struct {
	problem string
	words   []string
	hint    string // what the call does, when not the request alone
}

func (e *partError) Error() string { return e.problem }

// answerError writes a partError as the InputError a model reads, with
// the call that makes the request alone.
func answerError(call tool.Call, err error) error {
	var pe *partError
	if !errors.As(err, &pe) {
		return err
	}
	hint := pe.hint
	if hint == "" {
		hint = "The request alone: "
	}
	return &tool.InputError{Field: "args", Problem: text.Sentence(pe.problem), Hint: hint + call.Suggest("net.curl", map[string]any{"args": pe.words})}
}
