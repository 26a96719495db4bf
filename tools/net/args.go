package net

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"f0/internal/text"
	"f0/tool"

	"github.com/agnivade/levenshtein"
)

// flagSpec is one curl flag net.curl understands.
type flagSpec struct {
	long  string // without the dashes
	short byte   // 0 when the flag has no short form
	arg   string // the value's placeholder; "" for a switch
	field string // the structured field that does the same, if any
	help  string
	// set applies the flag; for a switch, on is false after --no-<flag>.
	set func(p *plan, v string, on bool, from string) error
}

// name renders the flag as help and errors show it: "-L, --location".
func (f *flagSpec) name() string {
	if f.short != 0 {
		return fmt.Sprintf("-%c, --%s", f.short, f.long)
	}
	return "--" + f.long
}

// curlFlags is every supported flag. It is never modified.
var curlFlags = []flagSpec{
	{long: "request", short: 'X', arg: "METHOD", field: "method", help: "request method", set: func(p *plan, v string, _ bool, from string) error {
		m := strings.ToUpper(strings.TrimSpace(v))
		if err := checkMethod("args", m); err != nil {
			return err
		}
		p.method.byFlag(m, from)
		return nil
	}},
	{long: "header", short: 'H', arg: "'NAME: VALUE'", field: "headers", help: "request header; 'Name:' removes a default one; @FILE reads one a line (inside the roots)", set: func(p *plan, v string, _ bool, from string) error {
		if file, ok := strings.CutPrefix(v, "@"); ok {
			// curl 7.55+: one header a line, read when the call is prepared.
			p.headers = append(p.headers, header{file: file, from: from})
			return nil
		}
		h, err := parseHeader(v)
		if err != nil {
			return &tool.InputError{Field: "args", Problem: from + ": " + err.Error()}
		}
		p.headers = append(p.headers, h)
		return nil
	}},
	{long: "data", short: 'd', arg: "DATA", field: "data", help: "POST data (form-encoded); @file reads a file inside the roots", set: dataFlag(dataASCII, true)},
	{long: "data-ascii", arg: "DATA", field: "data", help: "same as -d", set: dataFlag(dataASCII, true)},
	{long: "data-raw", arg: "DATA", field: "data", help: "POST data, '@' not special", set: dataFlag(dataRaw, false)},
	{long: "data-binary", arg: "DATA", field: "data", help: "POST data as is; @file sends a file inside the roots", set: dataFlag(dataBinary, true)},
	{long: "data-urlencode", arg: "DATA", field: "form", help: "POST data URL-encoded: content, name=content, name@file", set: func(p *plan, v string, _ bool, from string) error {
		d := dataPart{kind: dataURLEncode, text: v}
		if i := strings.IndexAny(v, "=@"); i >= 0 {
			d.name, d.text = v[:i], v[i+1:]
			d.file = v[i] == '@'
		}
		p.addBody(d, from+" in args")
		return nil
	}},
	{long: "json", arg: "JSON", field: "json", help: "POST JSON with JSON Content-Type and Accept; @file reads a file", set: dataFlag(dataJSON, true)},
	{long: "form", short: 'F', arg: "NAME=VALUE", help: "multipart field; NAME=@file uploads a file inside the roots, NAME=<file sends its text", set: func(p *plan, v string, _ bool, from string) error {
		f, err := parseFormField(v, false)
		if err != nil {
			return &tool.InputError{Field: "args", Problem: from + ": " + err.Error(), Hint: "Write -F name=value or -F name=@file."}
		}
		p.forms = append(p.forms, f)
		return nil
	}},
	{long: "form-string", arg: "NAME=VALUE", help: "multipart field, '@' and '<' not special", set: func(p *plan, v string, _ bool, from string) error {
		f, err := parseFormField(v, true)
		if err != nil {
			return &tool.InputError{Field: "args", Problem: from + ": " + err.Error()}
		}
		p.forms = append(p.forms, f)
		return nil
	}},
	{long: "get", short: 'G', field: "query", help: "send the -d data in the URL query with GET", set: func(p *plan, _ string, on bool, _ string) error {
		p.get = on
		return nil
	}},
	{long: "url-query", arg: "DATA", field: "query", help: "add a URL-encoded query parameter (name=value)", set: func(p *plan, v string, _ bool, _ string) error {
		name, value, ok := strings.Cut(v, "=")
		if !ok {
			p.query = append(p.query, url.QueryEscape(v))
		} else {
			p.query = append(p.query, url.QueryEscape(name)+"="+url.QueryEscape(value))
		}
		return nil
	}},
	{long: "location", short: 'L', field: "followRedirects", help: "follow redirects", set: boolFlag(func(p *plan) *flagValue[bool] { return &p.follow })},
	{long: "location-trusted", help: "follow redirects, sending credentials to other hosts too", set: func(p *plan, _ string, on bool, from string) error {
		p.locationTrusted = on
		p.follow.byFlag(on, from)
		return nil
	}},
	{long: "post301", help: "keep a POST a POST after a 301 redirect", set: keepPost(301)},
	{long: "post302", help: "keep a POST a POST after a 302 redirect", set: keepPost(302)},
	{long: "post303", help: "keep a POST a POST after a 303 redirect", set: keepPost(303)},
	{long: "max-redirs", arg: "NUM", field: "maxRedirects", help: "most redirects to follow (default 50)", set: func(p *plan, v string, _ bool, from string) error {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < -1 {
			return badValue(from, "a number of redirects, e.g. --max-redirs 5")
		}
		if n == -1 {
			n = DefaultMaxRedirects
		}
		p.maxRedirs.byFlag(n, from)
		return nil
	}},
	{long: "include", short: 'i', field: "includeHeaders", help: "show response headers before the body", set: boolFlag(func(p *plan) *flagValue[bool] { return &p.include })},
	{long: "head", short: 'I', field: "method", help: "HEAD request; shows the headers", set: func(p *plan, _ string, on bool, _ string) error {
		p.head = on
		return nil
	}},
	{long: "fail", short: 'f', field: "fail", help: "a status of 400 or more fails the call", set: boolFlag(func(p *plan) *flagValue[bool] { return &p.fail })},
	{long: "fail-with-body", field: "fail", help: "like -f, and keeps the body (shown, or saved with -o)", set: func(p *plan, _ string, on bool, from string) error {
		p.failWithBody = on
		p.fail.byFlag(on, from)
		return nil
	}},
	{long: "silent", short: 's', field: "silent", help: "silent mode: nothing on stderr (no status line, no errors)", set: func(p *plan, _ string, on bool, _ string) error {
		p.silent = on
		return nil
	}},
	{long: "show-error", short: 'S', help: "show the error even with -s", set: func(p *plan, _ string, on bool, _ string) error {
		p.showError = on
		return nil
	}},
	{long: "verbose", short: 'v', field: "verbose", help: "show request and response headers", set: boolFlag(func(p *plan) *flagValue[bool] { return &p.verbose })},
	{long: "write-out", short: 'w', arg: "FORMAT", field: "writeOut", help: "print %{variables} after the transfer", set: func(p *plan, v string, _ bool, from string) error {
		if strings.HasPrefix(v, "@") {
			return &tool.InputError{Field: "args", Problem: from + ": reading the format from a file is not supported", Hint: "Give the format itself."}
		}
		p.writeOut.byFlag(v, from)
		return nil
	}},
	{long: "max-time", short: 'm', arg: "SECONDS", field: "maxTimeSeconds", help: "total time limit (default 30)", set: durationFlag(func(p *plan) *flagValue[time.Duration] { return &p.maxTime })},
	{long: "connect-timeout", arg: "SECONDS", field: "connectTimeoutMs", help: "connect time limit (default 10)", set: durationFlag(func(p *plan) *flagValue[time.Duration] { return &p.connectTimeout })},
	{long: "output", short: 'o', arg: "FILE", field: "output", help: "save the body to FILE inside the roots (- returns it, /dev/null discards it)", set: func(p *plan, v string, _ bool, from string) error {
		p.outputs = append(p.outputs, v)
		p.output.byFlag(v, from)
		return nil
	}},
	{long: "remote-name", short: 'O', field: "remoteName", help: "save the body under the URL's file name", set: boolFlag(func(p *plan) *flagValue[bool] { return &p.remoteName })},
	{long: "remote-name-all", field: "remoteName", help: "save every URL's body under its URL's file name", set: boolFlag(func(p *plan) *flagValue[bool] { return &p.remoteName })},
	{long: "output-dir", arg: "DIR", field: "output", help: "directory for -o and -O", set: func(p *plan, v string, _ bool, _ string) error {
		p.outputDir = v
		return nil
	}},
	{long: "create-dirs", help: "accepted; parent directories are always created", set: noop},
	{long: "max-filesize", arg: "BYTES", help: "fail when the body is larger", set: func(p *plan, v string, _ bool, from string) error {
		n, err := text.ParseSize(v)
		if err != nil || n <= 0 {
			return badValue(from, "a size in bytes, e.g. --max-filesize 10M")
		}
		p.maxFilesize = n
		return nil
	}},
	{long: "user", short: 'u', arg: "NAME:PASSWORD", field: "user", help: "basic authentication", set: stringFlag(func(p *plan) *flagValue[string] { return &p.user })},
	{long: "oauth2-bearer", arg: "TOKEN", field: "headers", help: "Authorization: Bearer TOKEN", set: func(p *plan, v string, _ bool, _ string) error {
		p.headers = append(p.headers, header{name: "Authorization", value: "Bearer " + v})
		return nil
	}},
	{long: "user-agent", short: 'A', arg: "NAME", field: "userAgent", help: "User-Agent header", set: stringFlag(func(p *plan) *flagValue[string] { return &p.userAgent })},
	{long: "referer", short: 'e', arg: "URL", field: "referer", help: "Referer header", set: func(p *plan, v string, _ bool, from string) error {
		v, _, _ = strings.Cut(v, ";auto")
		p.referer.byFlag(v, from)
		return nil
	}},
	{long: "cookie", short: 'b', arg: "'NAME=VALUE; …'|FILE", field: "cookie", help: "cookies to send; a word without '=' is a cookie file (Netscape format) inside the roots", set: func(p *plan, v string, _ bool, from string) error {
		if !strings.Contains(v, "=") {
			// curl: a file to read cookies from ("" or a missing file
			// only starts the cookie engine).
			p.cookieFiles = append(p.cookieFiles, v)
			return nil
		}
		p.cookie.byFlag(v, from)
		return nil
	}},
	{long: "cookie-jar", short: 'c', arg: "FILE", help: "write the cookies to FILE (Netscape format) inside the roots after the transfer; - writes them to the output", set: func(p *plan, v string, _ bool, from string) error {
		p.cookieJar.byFlag(v, from)
		return nil
	}},
	{long: "dump-header", short: 'D', arg: "FILE", help: "write the response headers to FILE inside the roots; - puts them before the body", set: func(p *plan, v string, _ bool, from string) error {
		p.dumpHeader.byFlag(v, from)
		return nil
	}},
	{long: "upload-file", short: 'T', arg: "FILE", help: "PUT FILE (inside the roots; - reads standard input); a URL ending in / gets the file name", set: func(p *plan, v string, _ bool, from string) error {
		p.upload.byFlag(v, from)
		return nil
	}},
	{long: "retry", arg: "NUM", help: "retry NUM times on a transient error (timeout, 408, 429, 500, 502, 503, 504)", set: func(p *plan, v string, _ bool, from string) error {
		n, err := wholeNumber(v, from, "a number of retries, e.g. --retry 3")
		p.retry.times = n
		return err
	}},
	{long: "retry-delay", arg: "SECONDS", help: "wait this long between retries (default: 1 s, doubling)", set: func(p *plan, v string, _ bool, from string) error {
		n, err := wholeNumber(v, from, "a whole number of seconds, e.g. --retry-delay 5")
		p.retry.delay = time.Duration(n) * time.Second
		return err
	}},
	{long: "retry-max-time", arg: "SECONDS", help: "retry only within this many seconds", set: func(p *plan, v string, _ bool, from string) error {
		n, err := wholeNumber(v, from, "a whole number of seconds, e.g. --retry-max-time 60")
		p.retry.maxTime = time.Duration(n) * time.Second
		return err
	}},
	{long: "retry-all-errors", help: "with --retry, retry on any error", set: func(p *plan, _ string, on bool, _ string) error {
		p.retry.allErrors = on
		return nil
	}},
	{long: "retry-connrefused", help: "with --retry, a refused connection is transient too", set: func(p *plan, _ string, on bool, _ string) error {
		p.retry.connRefused = on
		return nil
	}},
	{long: "resolve", arg: "HOST:PORT:ADDR", help: "connect to ADDR for HOST:PORT (the server's rules apply to ADDR)", set: func(p *plan, v string, _ bool, from string) error {
		o, err := parseResolve(v, from)
		p.routes = append(p.routes, o...)
		return err
	}},
	{long: "proxy", short: 'x', arg: "[SCHEME://]HOST[:PORT]", help: "use this proxy (http, https, socks5, socks5h; needs admin: the operator's proxy is --proxy or curl's environment variables)", set: stringFlag(func(p *plan) *flagValue[string] { return &p.proxy })},
	{long: "socks5", arg: "HOST[:PORT]", help: "use this SOCKS5 proxy (as -x socks5://HOST; needs admin)", set: socksFlag("socks5")},
	{long: "socks5-hostname", arg: "HOST[:PORT]", help: "use this SOCKS5 proxy, which resolves the name (as -x socks5h://HOST; needs admin)", set: socksFlag("socks5h")},
	{long: "noproxy", arg: "HOSTS", help: "hosts (comma-separated, * for all) reached without the proxy (needs admin when it changes the operator's proxy)", set: stringFlag(func(p *plan) *flagValue[string] { return &p.noProxy })},
	{long: "proxy-user", short: 'U', arg: "NAME:PASSWORD", help: "the proxy's credentials (needs admin when it changes the operator's proxy)", set: stringFlag(func(p *plan) *flagValue[string] { return &p.proxyUser })},
	{long: "connect-to", arg: "HOST1:PORT1:HOST2:PORT2", help: "connect to HOST2:PORT2 for HOST1:PORT1 (the server's rules apply to HOST2)", set: func(p *plan, v string, _ bool, from string) error {
		o, err := parseConnectTo(v, from)
		if o != nil {
			p.routes = append(p.routes, *o)
		}
		return err
	}},
	{long: "range", short: 'r', arg: "RANGE", field: "headers", help: "byte range, e.g. 0-1023", set: func(p *plan, v string, _ bool, _ string) error {
		p.headers = append(p.headers, header{name: "Range", value: "bytes=" + v})
		return nil
	}},
	{long: "insecure", short: 'k', field: "insecure", help: "skip TLS verification (needs admin for https)", set: boolFlag(func(p *plan) *flagValue[bool] { return &p.insecure })},
	{long: "compressed", field: "compressed", help: "ask for a compressed response and decode it", set: boolFlag(func(p *plan) *flagValue[bool] { return &p.compressed })},
	{long: "url", arg: "URL", field: "url", help: "URL to request", set: nil}, // handled by the parser
	{long: "globoff", short: 'g', help: "send [ ] { } in URLs as they are (no globbing)", set: func(p *plan, _ string, on bool, _ string) error {
		p.globoff = on
		return nil
	}},
	{long: "no-progress-meter", help: "no status line on stderr; errors are still shown", set: func(p *plan, _ string, on bool, _ string) error {
		p.noMeter = on
		return nil
	}},
	{long: "progress-bar", short: '#', help: "accepted", set: noop},
	{long: "no-buffer", short: 'N', help: "accepted", set: noop},
	{long: "http1.1", help: "accepted; the HTTP version is negotiated", set: noop},
	{long: "http2", help: "accepted; the HTTP version is negotiated", set: noop},
	{long: "basic", help: "accepted; -u always uses basic authentication", set: noop},
	{long: "help", short: 'h', help: "show this help", set: func(p *plan, _ string, _ bool, _ string) error {
		p.help = true
		return nil
	}},
}

// unsupported are curl flags net.curl knows and does not do, with what to
// do instead.
var unsupported = map[string]string{
	"proxytunnel":          "https goes through an http proxy with CONNECT; plain http is sent to it as a full URL",
	"p":                    "https goes through an http proxy with CONNECT; plain http is sent to it as a full URL",
	"proxy-insecure":       "a https proxy's certificate is always verified",
	"preproxy":             "one proxy at a time: give it with -x",
	"socks4":               "SOCKS4 is not supported; use --socks5",
	"socks4a":              "SOCKS4 is not supported; use --socks5-hostname",
	"parallel":             "URLs are requested one after the other",
	"Z":                    "URLs are requested one after the other",
	"config":               "put the options in the call",
	"K":                    "put the options in the call",
	"cacert":               "custom certificates are not supported; -k skips verification (admin)",
	"cert":                 "client certificates are not supported",
	"E":                    "client certificates are not supported",
	"key":                  "client certificates are not supported",
	"continue-at":          "use -r START- (a Range header)",
	"C":                    "use -r START- (a Range header)",
	"remote-header-name":   "give the file name with -o",
	"J":                    "give the file name with -o",
	"digest":               "only basic authentication (-u) and bearer tokens (--oauth2-bearer) are supported",
	"ntlm":                 "only basic authentication (-u) and bearer tokens (--oauth2-bearer) are supported",
	"netrc":                "give credentials with -u",
	"n":                    "give credentials with -u",
	"trace":                "use -v",
	"trace-ascii":          "use -v",
	"limit-rate":           "not supported",
	"upload":               "use -X PUT --data-binary @file",
	"next":                 "make one call per request",
	"interface":            "not supported",
	"ipv4":                 "addresses are chosen automatically",
	"4":                    "addresses are chosen automatically",
	"ipv6":                 "addresses are chosen automatically",
	"6":                    "addresses are chosen automatically",
	"http1.0":              "the HTTP version is negotiated",
	"0":                    "the HTTP version is negotiated",
	"unix-socket":          "only TCP connections are made",
	"abstract-unix-socket": "only TCP connections are made",
}

func noop(*plan, string, bool, string) error { return nil }

func boolFlag(s func(*plan) *flagValue[bool]) func(*plan, string, bool, string) error {
	return func(p *plan, _ string, on bool, from string) error {
		s(p).byFlag(on, from)
		return nil
	}
}

// keepPost is --post301, --post302 and --post303.
func keepPost(code int) func(*plan, string, bool, string) error {
	return func(p *plan, _ string, on bool, _ string) error {
		if p.keepPost == nil {
			p.keepPost = map[int]bool{}
		}
		p.keepPost[code] = on
		return nil
	}
}

func stringFlag(s func(*plan) *flagValue[string]) func(*plan, string, bool, string) error {
	return func(p *plan, v string, _ bool, from string) error {
		s(p).byFlag(v, from)
		return nil
	}
}

func durationFlag(s func(*plan) *flagValue[time.Duration]) func(*plan, string, bool, string) error {
	return func(p *plan, v string, _ bool, from string) error {
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || f <= 0 {
			return badValue(from, "a number of seconds, e.g. 10 or 2.5")
		}
		s(p).byFlag(seconds(f), from)
		return nil
	}
}

func dataFlag(kind dataKind, files bool) func(*plan, string, bool, string) error {
	return func(p *plan, v string, _ bool, from string) error {
		d := dataPart{kind: kind, text: v}
		if files && strings.HasPrefix(v, "@") {
			d.file, d.text = true, v[1:]
		}
		p.addBody(d, from+" in args")
		return nil
	}
}

// wholeNumber reads a flag's count or whole seconds, as curl 7.88 does.
func wholeNumber(v, from, want string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 {
		return 0, badValue(from, want)
	}
	return n, nil
}

func badValue(from, want string) error {
	return &tool.InputError{Field: "args", Problem: fmt.Sprintf("%s: expected %s", from, want)}
}

// parseFormField reads -F name=value, name=@file;type=…;filename=…, and
// name=<file.
func parseFormField(v string, literal bool) (formPart, error) {
	name, value, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return formPart{}, fmt.Errorf("%q is not name=value", v)
	}
	f := formPart{name: name, value: value}
	if literal || value == "" || (value[0] != '@' && value[0] != '<') {
		return f, nil
	}
	spec := strings.Split(value[1:], ";")
	file := strings.Trim(spec[0], `"`)
	if file == "" {
		return formPart{}, fmt.Errorf("%q names no file after %c", v, value[0])
	}
	for _, attr := range spec[1:] {
		k, val, _ := strings.Cut(strings.TrimSpace(attr), "=")
		switch strings.ToLower(k) {
		case "type":
			f.ctype = val
		case "filename":
			f.filename = strings.Trim(val, `"`)
		case "headers", "encoder":
			return formPart{}, fmt.Errorf("%s= in -F is not supported", k)
		}
	}
	if value[0] == '@' {
		f.file = file
	} else {
		f.contentFile = file
	}
	f.value = ""
	return f, nil
}

// lookupLong finds a flag by its long name.
func lookupLong(name string) *flagSpec {
	for i := range curlFlags {
		if curlFlags[i].long == name {
			return &curlFlags[i]
		}
	}
	return nil
}

// lookupShort finds a flag by its letter.
func lookupShort(c byte) *flagSpec {
	for i := range curlFlags {
		if curlFlags[i].short == c {
			return &curlFlags[i]
		}
	}
	return nil
}

// flagWord tells how parseCurl reads word as a flag: whether it is a flag
// net.curl knows (or knows and refuses), and whether it takes the next word
// as its value (-H NAME, -sLo FILE, --max-time 5; not --max-time=5 or
// -XPOST). Front ends use it to leave curl's flags to curl.
func flagWord(word string) (known, takesNext bool) {
	switch {
	case word == "--" || word == "-" || !strings.HasPrefix(word, "-"):
		return false, false
	case strings.HasPrefix(word, "--"):
		name, _, hasValue := strings.Cut(word[2:], "=")
		if f := lookupLong(name); f != nil {
			return true, f.arg != "" && !hasValue
		}
		if f := lookupLong(strings.TrimPrefix(name, "no-")); f != nil && f.arg == "" {
			return true, false
		}
		_, refused := unsupported[name]
		return refused, false
	}
	for j := 1; j < len(word); j++ {
		f := lookupShort(word[j])
		if f == nil {
			_, refused := unsupported[word[j:j+1]]
			return refused && j == 1, false
		}
		if f.arg != "" {
			return true, j == len(word)-1
		}
	}
	return true, false
}

// parseCurl applies curl words to p, with curl's rules: combined short
// flags (-sSL), attached values (-XPOST, -H'A: b', --max-time=5), "--"
// ending the flags, later flags overriding earlier ones, and every other
// word a URL.
func parseCurl(words []string, p *plan) error {
	p.words = words
	dashdash := false
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case dashdash || !strings.HasPrefix(w, "-") || w == "-":
			if w == "-" {
				return &tool.InputError{Field: "args", Problem: `"-" is not a URL or a flag`, Hint: "Remove it; f0 does not read stdin."}
			}
			p.addURL(w, i)
		case w == "--":
			dashdash = true
		case strings.HasPrefix(w, "--"):
			n, err := p.longFlag(words, i)
			if err != nil {
				return err
			}
			i += n
		default:
			n, err := p.shortFlags(words, i)
			if err != nil {
				return err
			}
			i += n
		}
	}
	return nil
}

func (p *plan) addURL(u string, word int) {
	p.urlWords[word] = true
	if u = strings.TrimSpace(u); !slices.Contains(p.urls, u) {
		p.urls = append(p.urls, u)
	}
}

// longFlag applies the long flag at words[i] and returns how many extra
// words it consumed.
func (p *plan) longFlag(words []string, i int) (int, error) {
	w := words[i]
	name, value, hasValue := strings.Cut(w[2:], "=")
	f := lookupLong(name)
	on := true
	if f == nil && strings.HasPrefix(name, "no-") {
		if g := lookupLong(name[3:]); g != nil && g.arg == "" {
			f, on = g, false
		}
	}
	if f == nil {
		return 0, unknownFlag("--"+name, name)
	}
	if f.arg == "" {
		if hasValue {
			return 0, &tool.InputError{Field: "args", Problem: fmt.Sprintf("%s takes no value (got %q)", "--"+name, value)}
		}
		return 0, f.set(p, "", on, "--"+name)
	}
	used := 0
	if !hasValue {
		if i+1 >= len(words) {
			return 0, missingValue("--"+f.long, f)
		}
		value, used = words[i+1], 1
	}
	from := fmt.Sprintf("--%s %s", f.long, shellQuote(value))
	if f.long == "url" {
		p.addURL(value, i+used)
		if used == 1 {
			p.urlWords[i] = true
		}
		return used, nil
	}
	return used, f.set(p, value, true, from)
}

// shortFlags applies a group of short flags (-sSL, -XPOST, -sLo file) and
// returns how many extra words it consumed.
func (p *plan) shortFlags(words []string, i int) (int, error) {
	w := words[i]
	for j := 1; j < len(w); j++ {
		c := w[j]
		f := lookupShort(c)
		if f == nil {
			r, _ := utf8.DecodeRuneInString(w[j:])
			flag := "-" + string(r)
			if len(w) > 1+utf8.RuneLen(r) {
				flag = fmt.Sprintf("-%c (in %s)", r, w)
			}
			return 0, unknownFlag(flag, string(r))
		}
		if f.arg == "" {
			if err := f.set(p, "", true, "-"+string(c)); err != nil {
				return 0, err
			}
			continue
		}
		value, used := w[j+1:], 0
		if value == "" {
			if i+1 >= len(words) {
				return 0, missingValue("-"+string(c), f)
			}
			value, used = words[i+1], 1
		}
		return used, f.set(p, value, true, fmt.Sprintf("-%c %s", c, shellQuote(value)))
	}
	return 0, nil
}

func missingValue(flag string, f *flagSpec) error {
	return &tool.InputError{Field: "args", Problem: fmt.Sprintf("%s needs a value (%s) and it is the last word", flag, f.arg),
		Hint: fmt.Sprintf("Write %s %s.", flag, f.arg)}
}

// unknownFlag explains a flag net.curl does not support: what to do
// instead, the closest supported flags, and the structured field for them.
func unknownFlag(flag, name string) error {
	ie := &tool.InputError{Field: "args"}
	if why, ok := unsupported[name]; ok {
		ie.Problem = fmt.Sprintf("%s is not supported by net.curl: %s", flag, why)
		return ie
	}
	near := nearFlags(name)
	if len(near) == 0 {
		ie.Problem = fmt.Sprintf("unknown flag %s", flag)
		ie.Hint = "Supported: " + flagSummary() + ` ("args": ["-h"] shows what each does).`
		return ie
	}
	names := make([]string, len(near))
	var fields []string
	for i, f := range near {
		names[i] = f.name()
		if f.field != "" && !slices.Contains(fields, fmt.Sprintf("%q", f.field)) {
			fields = append(fields, fmt.Sprintf("%q", f.field))
		}
	}
	ie.Problem = fmt.Sprintf("unknown flag %s; did you mean %s?", flag, strings.Join(names, " or "))
	if len(fields) > 0 {
		ie.Hint = fmt.Sprintf("The structured field for it: %s.", strings.Join(fields, ", "))
	}
	return ie
}

// nearFlags returns the supported flags closest to a misspelt name: the
// same letter in the other case for a short flag; for a long one, close
// spellings and names it starts.
func nearFlags(name string) []*flagSpec {
	var out []*flagSpec
	if utf8.RuneCountInString(name) == 1 {
		for _, alt := range []string{strings.ToUpper(name), strings.ToLower(name)} {
			if f := lookupShort(alt[0]); f != nil && len(alt) == 1 && alt != name {
				out = append(out, f)
			}
		}
		return out
	}
	best := 1 << 30
	lower := strings.ToLower(name)
	consider := func(word string, f *flagSpec) {
		d := levenshtein.ComputeDistance(lower, word)
		limit := 2
		if len(word) <= 4 {
			limit = 1
		}
		if word != lower && (strings.HasPrefix(word, lower) && len(lower) >= 3 || hasSegments(lower, word)) {
			d = 1
		}
		switch {
		case d > limit || slices.Contains(out, f) && d >= best:
		case d < best:
			best, out = d, []*flagSpec{f}
		case d == best && len(out) < 3:
			out = append(out, f)
		}
	}
	for i := range curlFlags {
		consider(curlFlags[i].long, &curlFlags[i])
	}
	for _, word := range slices.Sorted(maps.Keys(flagWords)) {
		consider(word, lookupLong(flagWords[word]))
	}
	return out
}

// hasSegments reports whether a misspelt long name holds a flag's whole
// name as dash-separated words (--max-time-ms, --output-file).
func hasSegments(name, word string) bool {
	if len(word) < 3 || name == word {
		return false
	}
	return strings.HasPrefix(name, word+"-") || strings.HasSuffix(name, "-"+word) || strings.Contains(name, "-"+word+"-")
}

// flagWords are names models give flags that curl spells otherwise.
var flagWords = map[string]string{
	"follow": "location", "follow-redirects": "location", "redirect": "location", "redirects": "location",
	"timeout": "max-time", "headers": "header", "method": "request", "body": "data", "post": "data",
	"cookies": "cookie", "agent": "user-agent", "useragent": "user-agent", "query": "url-query",
	"quiet": "silent", "max-redirects": "max-redirs", "auth": "user", "bearer": "oauth2-bearer",
	"token": "oauth2-bearer", "out": "output", "save": "output", "json-data": "json", "headers-only": "head",
	"fail-on-error": "fail", "show-headers": "include", "no-check-certificate": "insecure", "output-document": "output",
	"data-json": "json",
}

// flagSummary lists the supported flags in one line.
func flagSummary() string {
	var parts []string
	for _, f := range curlFlags {
		if f.short != 0 {
			parts = append(parts, "-"+string(f.short))
		} else {
			parts = append(parts, "--"+f.long)
		}
	}
	return strings.Join(parts, " ")
}

// flagTable is the help of every flag, one per line.
func flagTable() string {
	var b strings.Builder
	for _, f := range curlFlags {
		left := f.name()
		if f.arg != "" {
			left += " " + f.arg
		}
		fmt.Fprintf(&b, "  %-34s %s", left, f.help)
		if f.field != "" {
			fmt.Fprintf(&b, " [field: %s]", f.field)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// shellQuote quotes a word for messages when it needs it.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$&;|<>(){}*?!#~`") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// nearWord reports whether a is one edit from b, counting a swap of two
// adjacent letters (GTE for GET) as one edit.
func nearWord(a, b string) bool {
	if levenshtein.ComputeDistance(a, b) == 1 {
		return true
	}
	if len(a) != len(b) {
		return false
	}
	var diff []int
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] {
			diff = append(diff, i)
		}
	}
	return len(diff) == 2 && diff[1] == diff[0]+1 && a[diff[0]] == b[diff[1]] && a[diff[1]] == b[diff[0]]
}

// socksFlag sets the proxy as -x SCHEME://HOST does.
func socksFlag(scheme string) func(p *plan, v string, _ bool, from string) error {
	return func(p *plan, v string, _ bool, from string) error {
		if !strings.Contains(v, "://") {
			v = scheme + "://" + v
		}
		p.proxy.byFlag(v, from)
		return nil
	}
}
