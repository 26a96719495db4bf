package net

import (
	"fmt"
	"strings"

	"f0/tool"
)

// PowerShell's web cmdlets (Invoke-RestMethod, Invoke-WebRequest and
// their aliases irm and iwr) are read as the curl words that make the
// same request, from Microsoft's reference for both cmdlets: -Uri (or the
// first operand) is the URL, -Method the method (GET unless given),
// -Headers a hash table of headers, -Body the body (a hash table is form
// fields, or the query of a GET), -ContentType its Content-Type, -InFile
// a file sent as the body, -OutFile the file the body is saved to; both
// follow up to 5 redirects unless -MaximumRedirection says otherwise. A
// parameter that needs PowerShell itself (-Credential, -WebSession, a
// $variable) is refused with the fix.

// psLine splits a PowerShell command line into words: '…' (with ” for
// a quote) and "…" (with `x and "" escapes) are quoted, @{…} is one word,
// a backtick before a line end continues the line. A $variable, a pipe or
// a second command is an error naming what f0 cannot do.
func psLine(line string) ([]string, error) {
	var words []string
	var b strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '`' && i+1 < len(line) && (line[i+1] == '\n' || line[i+1] == '\r'):
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inWord {
				words, inWord = append(words, b.String()), false
				b.Reset()
			}
		case c == '|' || c == ';':
			return nil, psOperatorError(c, line[i:])
		case c == '$':
			return nil, psVariableError(line[i:])
		case c == '@' && i+1 < len(line) && line[i+1] == '{':
			end, err := psBraces(line, i+1)
			if err != nil {
				return nil, err
			}
			b.WriteString(line[i : end+1])
			inWord, i = true, end
		case c == '\'' || c == '"':
			end, text, err := psQuoted(line, i)
			if err != nil {
				return nil, err
			}
			b.WriteString(text)
			inWord, i = true, end
		default:
			b.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, b.String())
	}
	return words, nil
}

// psQuoted reads the quoted text starting at line[i] and returns the
// index of its closing quote and the text.
func psQuoted(line string, i int) (int, string, error) {
	q := line[i]
	var b strings.Builder
	for j := i + 1; j < len(line); j++ {
		c := line[j]
		switch {
		case c == q && j+1 < len(line) && line[j+1] == q:
			b.WriteByte(q)
			j++
		case c == q:
			return j, b.String(), nil
		case q == '"' && c == '$':
			return 0, "", psVariableError(line[j:])
		case q == '"' && c == '`' && j+1 < len(line):
			j++
			b.WriteString(psEscape(line[j]))
		default:
			b.WriteByte(c)
		}
	}
	return 0, "", &tool.InputError{Field: "args", Problem: fmt.Sprintf("the PowerShell line has an unclosed %c quote", q), Hint: "Close the quote."}
}

// psEscape is the text of a backtick escape in double quotes.
func psEscape(c byte) string {
	switch c {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	case 'r':
		return "\r"
	case '0':
		return "\x00"
	}
	return string(c)
}

// psBraces returns the index of the } that closes the { at line[i],
// skipping quoted text.
func psBraces(line string, i int) (int, error) {
	depth := 0
	for j := i; j < len(line); j++ {
		switch line[j] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return j, nil
			}
		case '\'', '"':
			end, _, err := psQuoted(line, j)
			if err != nil {
				return 0, err
			}
			j = end
		case '$':
			return 0, psVariableError(line[j:])
		}
	}
	return 0, &tool.InputError{Field: "args", Problem: "the PowerShell line has an unclosed @{", Hint: "Close the hash table with }."}
}

func psVariableError(rest string) error {
	name := rest
	if i := strings.IndexAny(name, " \t\n'\");}"); i > 0 {
		name = name[:i]
	}
	return &tool.InputError{Field: "args", Problem: fmt.Sprintf("the PowerShell line reads the variable %s; f0 runs no PowerShell and keeps no variables", name),
		Hint: "Put the value itself in the call."}
}

func psOperatorError(op byte, rest string) error {
	if op == ';' {
		return &tool.InputError{Field: "args", Problem: "the PowerShell line runs a second command (after ;); f0 runs only the request",
			Hint: "Make the request alone, and put what the second command needs into a call of its own."}
	}
	what := "pipes the answer into " + strings.TrimSpace(strings.TrimLeft(rest, "| "))
	return &tool.InputError{Field: "args", Problem: fmt.Sprintf("the PowerShell line %s; f0 runs only the request", text80(what)),
		Hint: "Drop it: the answer holds the whole body (net_curl's format \"markdown\" or \"text\" shortens HTML)."}
}

func text80(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// psParams are the cmdlets' parameters f0 reads, by lower-case name
// (aliases included), with whether each takes a value.
var psParams = map[string]bool{
	"uri": true, "method": true, "headers": true, "body": true, "contenttype": true, "outfile": true, "infile": true,
	"timeoutsec": true, "useragent": true, "maximumredirection": true, "skipcertificatecheck": false,
	"usebasicparsing": false, "disablekeepalive": false, "passthru": false,
}

// psRefused are parameters that need PowerShell itself, with why.
var psRefused = map[string]string{
	"credential":            "asks PowerShell for a credential; send the header itself: -Headers @{Authorization='Basic …'} (curl's -u name:password)",
	"usedefaultcredentials": "uses the Windows logon, which f0 does not have; send the header itself (curl's -u name:password)",
	"authentication":        "needs -Credential or -Token; send the header itself: -Headers @{Authorization='Bearer …'}",
	"token":                 "is a SecureString variable; send the header itself: -Headers @{Authorization='Bearer …'}",
	"websession":            "is a session variable; f0 keeps no variables (curl's -b/-c keep cookies in a file)",
	"sessionvariable":       "makes a session variable; f0 keeps no variables (curl's -c FILE saves the cookies)",
	"form":                  "builds a multipart form from a hash table; use curl's -F name=value words",
	"proxy":                 "sets a proxy, and f0 sends through the operator's proxy only",
}

// powershellWords reads a web cmdlet's words as curl's.
func powershellWords(cmdlet string, args []string) (*shellLine, error) {
	ps := &psRead{cmdlet: cmdlet, follow: "5"}
	for i := 0; i < len(args); i++ {
		n, err := ps.word(args, i)
		if err != nil {
			return nil, err
		}
		i += n
	}
	words, err := ps.curlWords()
	if err != nil {
		return nil, err
	}
	notes := []string{fmt.Sprintf("note: read %q as curl's words: %s", cmdlet+" "+strings.Join(psQuoteAll(args), " "), strings.Join(quotedWords(words), " "))}
	if c := strings.ToLower(cmdlet); c == "irm" || c == "invoke-restmethod" {
		notes = append(notes, fmt.Sprintf("note: %s turns JSON into objects; f0 returns the body as it came", cmdlet))
	}
	return &shellLine{words: words, notes: notes}, nil
}

// psRead is what a web cmdlet's words asked for.
type psRead struct {
	cmdlet, uri, method, body, contentType, outFile, inFile, follow string
	bodyForm                                                        [][2]string
	curl                                                            []string
}

// word reads the word at args[i] and returns how many words after it it
// used.
func (ps *psRead) word(args []string, i int) (int, error) {
	a := args[i]
	if !strings.HasPrefix(a, "-") || len(a) == 1 {
		if ps.uri != "" {
			return 0, clientError(ps.cmdlet, a, "is a second operand; the cmdlet takes one URL (-Uri)")
		}
		ps.uri = a
		return 0, nil
	}
	name, attached, hasColon := strings.Cut(strings.ToLower(a[1:]), ":")
	if why, ok := psRefused[name]; ok {
		return 0, clientError(ps.cmdlet, a, why)
	}
	valued, ok := psParams[name]
	if !ok {
		return 0, clientError(ps.cmdlet, a, "has no curl meaning f0 can run (it reads -Uri, -Method, -Headers, -Body, -ContentType, -OutFile, -InFile, -TimeoutSec, -UserAgent, -MaximumRedirection, -SkipCertificateCheck)")
	}
	if !valued {
		if name == "skipcertificatecheck" {
			ps.curl = append(ps.curl, "-k")
		}
		return 0, nil
	}
	v, used := attached, 0
	if !hasColon {
		if i+1 >= len(args) {
			return 0, clientError(ps.cmdlet, a, "needs a value")
		}
		v, used = args[i+1], 1
	}
	return used, ps.set(a, name, v)
}

// set applies one parameter with its value.
func (ps *psRead) set(written, name, v string) error {
	switch name {
	case "uri":
		ps.uri = v
	case "method":
		ps.method = strings.ToUpper(v)
	case "headers":
		pairs, err := psHashtable(ps.cmdlet, written, v)
		if err != nil {
			return err
		}
		for _, kv := range pairs {
			ps.curl = append(ps.curl, "-H", kv[0]+": "+kv[1])
		}
	case "body":
		if strings.HasPrefix(v, "@{") {
			pairs, err := psHashtable(ps.cmdlet, written, v)
			if err != nil {
				return err
			}
			ps.bodyForm = pairs
			return nil
		}
		ps.body = v
	case "contenttype":
		ps.contentType = v
	case "outfile":
		ps.outFile = v
	case "infile":
		ps.inFile = v
	case "timeoutsec":
		if v != "0" {
			ps.curl = append(ps.curl, "-m", v)
		}
	case "useragent":
		ps.curl = append(ps.curl, "-A", v)
	case "maximumredirection":
		ps.follow = v
	}
	return nil
}

// curlWords writes the request as curl's words.
func (ps *psRead) curlWords() ([]string, error) {
	if ps.uri == "" {
		return nil, clientError(ps.cmdlet, "command", "names no URL (-Uri)")
	}
	hasBody := ps.body != "" || ps.inFile != "" || len(ps.bodyForm) > 0
	if hasBody && ps.method == "" && len(ps.bodyForm) == 0 {
		return nil, clientError(ps.cmdlet, "-Body", "without -Method is sent with GET, which most servers ignore; add -Method POST (or PUT) to say which request is meant")
	}
	words := []string{}
	if ps.follow != "0" {
		words = append(words, "-L", "--max-redirs", ps.follow)
	}
	words = append(words, ps.curl...)
	if ps.contentType != "" {
		words = append(words, "-H", "Content-Type: "+ps.contentType)
	}
	get := ps.method == "" || ps.method == "GET"
	switch {
	case len(ps.bodyForm) > 0:
		if get {
			words = append(words, "-G")
		}
		for _, kv := range ps.bodyForm {
			words = append(words, "--data-urlencode", kv[0]+"="+kv[1])
		}
	case ps.body != "":
		words = append(words, "--data-raw", ps.body)
	case ps.inFile != "":
		words = append(words, "--data-binary", "@"+ps.inFile)
	}
	implied := "GET"
	if hasBody && !(get && len(ps.bodyForm) > 0) {
		implied = "POST"
	}
	if ps.method != "" && ps.method != implied {
		words = append(words, "-X", ps.method)
	}
	if ps.outFile != "" {
		words = append(words, "-o", ps.outFile)
	}
	return append(words, ps.uri), nil
}

// psHashtable reads @{name = value; …} as its pairs, in order.
func psHashtable(cmdlet, param, v string) ([][2]string, error) {
	if !strings.HasPrefix(v, "@{") || !strings.HasSuffix(v, "}") {
		return nil, clientError(cmdlet, param, fmt.Sprintf("takes a hash table @{Name='value'}, got %q", v))
	}
	var pairs [][2]string
	for _, entry := range psEntries(v[2 : len(v)-1]) {
		k, val, ok := strings.Cut(entry, "=")
		if !ok {
			return nil, clientError(cmdlet, param, fmt.Sprintf("has %q, which is no Name = 'value' entry", entry))
		}
		pairs = append(pairs, [2]string{psScalar(k), psScalar(val)})
	}
	return pairs, nil
}

// psEntries splits a hash table's inside at ; and line ends outside quotes.
func psEntries(s string) []string {
	var out []string
	start := 0
	var q byte
	for i := 0; i <= len(s); i++ {
		if i < len(s) && q != 0 {
			if s[i] == q {
				q = 0
			}
			continue
		}
		if i < len(s) && (s[i] == '\'' || s[i] == '"') {
			q = s[i]
			continue
		}
		if i == len(s) || s[i] == ';' || s[i] == '\n' {
			if e := strings.TrimSpace(s[start:i]); e != "" {
				out = append(out, e)
			}
			start = i + 1
		}
	}
	return out
}

// psScalar is a key or value of a hash table as text: quotes removed.
func psScalar(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		return strings.ReplaceAll(s[1:len(s)-1], string(s[0])+string(s[0]), string(s[0]))
	}
	return s
}

// isPowerShellLine reports whether a line runs a web cmdlet, which is read
// with PowerShell's quoting rather than a POSIX shell's.
func isPowerShellLine(line string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && requestProgram(f[0]) == "powershell"
}

// readPowerShell reads a web cmdlet's line as curl's words.
func readPowerShell(line string) (*shellLine, error) {
	words, err := psLine(line)
	if err != nil {
		return nil, err
	}
	return powershellWords(words[0], words[1:])
}

// psQuoteAll writes words as PowerShell reads them back: a word with a
// space or quote in single quotes (” for a quote), a hash table as it is.
func psQuoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w
		if !strings.HasPrefix(w, "@{") && (w == "" || strings.ContainsAny(w, " \t'\"`$;|")) {
			out[i] = "'" + strings.ReplaceAll(w, "'", "''") + "'"
		}
	}
	return out
}
