package net

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"f0/internal/shellwords"
	"f0/internal/text"
	"f0/tool"

	"golang.org/x/net/http/httpguts"

	"f0/internal/web"
)

// plan is a call resolved from both input modes — what to request and how
// to answer — before any I/O happens. Building it is pure, so the access
// check can build it too.
type plan struct {
	// curlStyle is set when args held words; curl's defaults then apply
	// (no redirects without -L, no compression without --compressed).
	curlStyle bool
	// words are the curl words; urlWords marks those naming a URL (and a
	// --url flag before one), so that a call for one URL can be written.
	words    []string
	urlWords map[int]bool

	urls    []string
	argURLs int // urls[:argURLs] came from the curl words
	method  flagValue[string]
	headers []header
	// body is the request body in pieces (-d, --json, data, form…), in order.
	body     []dataPart
	bodyFrom string
	forms    []formPart
	query    []string // encoded name=value pairs added to every URL
	get      bool     // -G: the body goes into the query
	head     bool     // -I

	follow, include, fail, verbose, compressed, insecure, remoteName flagValue[bool]
	failWithBody                                                     bool
	maxRedirs                                                        flagValue[int]
	writeOut                                                         flagValue[string]
	maxTime, connectTimeout                                          flagValue[time.Duration]
	outputs                                                          []string
	output                                                           flagValue[string]
	outputDir                                                        string
	user, userAgent, referer, cookie                                 flagValue[string]
	maxFilesize                                                      int64

	// cookieFiles are -b words without '=': Netscape cookie files to load
	// (curl starts its cookie engine for them, "" included); cookieJar is
	// -c, where the cookies are written after the transfer.
	cookieFiles []string
	cookieJar   flagValue[string]
	dumpHeader  flagValue[string] // -D FILE, or - for the output
	upload      flagValue[string] // -T FILE, or - for standard input
	retry       retryPlan
	routes      web.Routes // --resolve, --connect-to
	// proxy is -x (or --socks5…), noProxy --noproxy, proxyUser -U: the
	// call's own proxy choice, which needs admin access (see proxies).
	proxy, noProxy, proxyUser flagValue[string]
	// locationTrusted sends credentials to other hosts on redirects;
	// keepPost[301|302|303] keeps a POST a POST after that redirect.
	locationTrusted bool
	keepPost        map[int]bool
	// silent (-s) keeps stderr empty unless showError (-S) lets the error
	// through; noMeter (--no-progress-meter) drops only the status line.
	silent, showError, noMeter bool
	globoff                    bool // -g: URLs are not globbed

	offset     int
	startIndex int // characters, where offset counts bytes
	page       int // a document's page the text shown starts at
	// response names the kept response the call continues (responseField).
	response string
	format   string
	base64   bool
	help     bool
	notes    []string
	// filters are the commands a shell line piped the body through (|
	// jq, | head), applied to the body shown (see filter.go).
	filters []bodyFilter
}

// setting is one scalar option and where it was set, so that a structured
// field and a curl flag that disagree can be named together.
type flagValue[T comparable] struct {
	val  T
	from string
	set  bool
}

// byFlag sets the value from a curl flag; a repeated flag wins, as in curl.
func (s *flagValue[T]) byFlag(v T, from string) { *s = flagValue[T]{v, from + " in args", true} }

// byField sets the value from a structured field; raw is the value as the
// caller wrote it.
func (s *flagValue[T]) byField(field string, raw any, v T) error {
	shown := fmt.Sprintf("%q: %s", field, jsonText(raw))
	if s.set && s.val != v {
		return &tool.InputError{Field: field, Problem: fmt.Sprintf("%s disagrees with %s", jsonText(raw), s.from),
			Hint: "Give the setting once."}
	}
	*s = flagValue[T]{v, shown, true}
	return nil
}

// or returns the value, or def when nothing set it.
func (s flagValue[T]) or(def T) T {
	if s.set {
		return s.val
	}
	return def
}

// header is one request header; remove drops a header f0 would send by
// default (curl's -H 'Name:').
type header struct {
	name, value string
	remove      bool
	// file is -H @FILE's file (from the flag as written), whose lines are
	// headers: read when the call is prepared.
	file, from string
}

// dataKind says how a body piece is read and encoded.
type dataKind int

const (
	dataASCII      dataKind = iota // -d: @file read with newlines removed
	dataRaw                        // --data-raw and structured strings: as is
	dataBinary                     // --data-binary: @file read as is
	dataURLEncode                  // --data-urlencode
	dataJSON                       // --json: @file read as is
	dataJSONValue                  // structured object or array, or json
	dataFormFields                 // structured form
)

// dataPart is one piece of the request body.
type dataPart struct {
	kind dataKind
	text string // the literal text, or the file name after @
	file bool
	name string // --data-urlencode name=
}

// formPart is one multipart field (-F).
type formPart struct {
	name, value     string
	file            string // name=@file: the file is uploaded
	contentFile     string // name=<file: the file's text is the value
	filename, ctype string
}

// buildPlan resolves the input of a call.
func buildPlan(in Input) (*plan, error) {
	p, err := resolvePlan(in)
	return p, polish(err)
}

// polish ends the problem of an InputError with a full stop when a hint
// follows it, so that the two read as sentences.
func polish(err error) error {
	var ie *tool.InputError
	if errors.As(err, &ie) && ie.Hint != "" {
		ie.Problem = text.Sentence(ie.Problem)
	}
	return err
}

func resolvePlan(in Input) (*plan, error) {
	p := &plan{urlWords: map[int]bool{}}
	if in.Args != nil {
		words, notes, filters, err := argWords(in.Args)
		if err != nil {
			return nil, err
		}
		p.notes, p.filters = append(p.notes, notes...), filters
		if err := parseCurl(words, p); err != nil {
			return nil, err
		}
		if err := p.checkBareWords(); err != nil {
			return nil, err
		}
		p.curlStyle, p.argURLs = len(words) > 0, len(p.urls)
	}
	if err := p.applyFields(in); err != nil {
		return nil, err
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	return p, nil
}

// argWords turns args into words: a list as it is, a string split like a
// shell would. A leading "curl" is dropped. A line that only a shell reads
// (a pipe, a redirect, bash -c, wget, HTTPie) is read by readShellLine,
// which gives the filters to apply to the body too.
func argWords(v any) (words, notes []string, filters []bodyFilter, err error) {
	switch x := v.(type) {
	case string:
		if isPowerShellLine(x) {
			return shellWords(x)
		}
		if words, notes, err = splitArgs(x); shellOperator(err) || err == nil && wantsShellReading(words) {
			return shellWords(x)
		}
		if err != nil {
			return nil, nil, nil, err
		}
	case []any:
		for i, item := range x {
			switch w := item.(type) {
			case string:
				words = append(words, w)
			case json.Number:
				words = append(words, w.String())
			case float64:
				words = append(words, strconv.FormatFloat(w, 'f', -1, 64))
			default:
				return nil, nil, nil, &tool.InputError{Field: fmt.Sprintf("args[%d]", i),
					Problem: fmt.Sprintf("expected a string, got %s", jsonText(item)),
					Hint:    `args is a list of words such as ["-sL", "-H", "Accept: application/json", "https://example.com"].`}
			}
		}
		if len(words) == 1 && strings.ContainsAny(strings.TrimSpace(words[0]), " \t\n") {
			// ["-sL https://x"]: one string in a list is split like the string.
			return argWords(words[0])
		}
		if wantsShellReading(words) {
			return shellWords(joinWords(words))
		}
	case []string:
		words = x
	default:
		return nil, nil, nil, &tool.InputError{Field: "args", Problem: fmt.Sprintf("expected a list of words or one string, got %s", jsonText(v)),
			Hint: `For example "args": ["-sL", "https://example.com"] or "args": "-sL https://example.com".`}
	}
	if len(words) > 0 && (words[0] == "curl" || strings.HasSuffix(words[0], "/curl")) {
		words = words[1:]
	}
	return words, notes, nil, nil
}

// checkBareWords refuses curl words that name a URL beside bare words
// (a single name with no scheme, dot or port, not localhost: "proxychains
// curl -s https://…" read as curl's words), which curl would look up as
// hosts: such a word is a command's or a typo, never a host the line
// means, and f0 makes no lookup of it. A bare word alone is curl's
// http://word and stays a request (an intranet or container host name).
func (p *plan) checkBareWords() error {
	var bare []string
	var rest []string
	real := false
	for i, w := range p.words {
		switch {
		case !p.urlWords[i] || strings.HasPrefix(w, "-"):
			rest = append(rest, w)
		case isBareWord(w):
			bare = append(bare, w)
		default:
			real = true
			rest = append(rest, w)
		}
	}
	if len(bare) == 0 || !real {
		return nil
	}
	return &partError{problem: fmt.Sprintf("%s %s (a bare word with no scheme, dot or port) beside the line's URL; f0 looks up no such name, and the programs it reads in front of curl are sudo, doas, time, timeout, env, nice, ionice, nohup, command, exec, stdbuf and unbuffer",
		strings.Join(quoteAllText(bare), " and "), notURLs(len(bare))), words: rest}
}

// isBareWord reports whether a URL word is a bare name: no scheme, dot,
// port, IPv6 bracket or glob, and not localhost.
func isBareWord(w string) bool {
	host := w
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	return host != "" && !strings.ContainsAny(host, ".:[]{}") && !strings.EqualFold(host, "localhost")
}

func quoteAllText(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = strconv.Quote(w)
	}
	return out
}

func notURLs(n int) string {
	if n == 1 {
		return "is not a URL"
	}
	return "are not URLs"
}

// shellOperator reports whether err refuses a shell operator (a pipe, a
// redirect, a second command).
func shellOperator(err error) bool {
	var se *shellwords.ShellError
	return errors.As(err, &se) && se.Kind == shellwords.ShellOperator
}

// shellWords reads a shell line around one request.
func shellWords(line string) (words, notes []string, filters []bodyFilter, err error) {
	sl, err := readShellLine(line)
	if err != nil {
		return nil, nil, nil, err
	}
	return sl.words, sl.notes, sl.filters, nil
}

// applyFields adds the structured fields to what the curl words set.
func (p *plan) applyFields(in Input) error {
	if err := p.applyURLs(in); err != nil {
		return err
	}
	if in.Method != "" {
		m := strings.ToUpper(strings.TrimSpace(in.Method))
		if err := checkMethod("method", m); err != nil {
			return err
		}
		if err := p.method.byField("method", in.Method, m); err != nil {
			return err
		}
	}
	if in.Headers != nil {
		hs, err := fieldHeaders(in.Headers)
		if err != nil {
			return err
		}
		// A header field replaces the args headers of the same name.
		p.headers = slices.DeleteFunc(p.headers, func(x header) bool {
			return slices.ContainsFunc(hs, func(h header) bool { return strings.EqualFold(x.name, h.name) })
		})
		p.headers = append(p.headers, hs...)
	}
	if err := p.applyBodyFields(in); err != nil {
		return err
	}
	if in.Query != nil {
		pairs, err := encodePairs("query", in.Query)
		if err != nil {
			return err
		}
		p.query = append(p.query, pairs...)
	}
	return p.applyOptions(in)
}

func (p *plan) applyURLs(in Input) error {
	if in.URL != "" {
		u := strings.TrimSpace(in.URL)
		switch {
		case len(p.urls) == 0:
			p.urls = append(p.urls, u)
		case !slices.Contains(p.urls, u):
			return &tool.InputError{Field: "url", Problem: fmt.Sprintf("%s disagrees with the URL in args (%s)", jsonText(in.URL), strings.Join(p.urls, ", ")),
				Hint: "Put the URL in one place; list several URLs in \"urls\"."}
		}
	}
	for _, u := range in.URLs {
		if u = strings.TrimSpace(u); u != "" && !slices.Contains(p.urls, u) {
			p.urls = append(p.urls, u)
		}
	}
	return nil
}

// applyBodyFields takes data, json and form; only one body can be sent.
func (p *plan) applyBodyFields(in Input) error {
	var given []string
	for name, v := range map[string]bool{"data": in.Data != nil, "json": in.JSON != nil, "form": in.Form != nil} {
		if v {
			given = append(given, name)
		}
	}
	slices.Sort(given)
	if len(given) > 1 {
		return &tool.InputError{Problem: fmt.Sprintf("%q and %q both give a request body", given[0], given[1]),
			Hint: "Send one of data, json and form."}
	}
	if len(given) == 0 {
		return nil
	}
	field := given[0]
	if p.bodyFrom != "" {
		return &tool.InputError{Field: field, Problem: fmt.Sprintf("disagrees with %s: both give a request body", p.bodyFrom),
			Hint: "Give the body once."}
	}
	switch field {
	case "data":
		if s, ok := in.Data.(string); ok {
			p.addBody(dataPart{kind: dataRaw, text: s}, `"data"`)
		} else {
			p.addBody(dataPart{kind: dataJSONValue, text: jsonText(in.Data)}, `"data"`)
		}
	case "json":
		text, ok := in.JSON.(string)
		if !ok {
			text = jsonText(in.JSON)
		}
		p.addBody(dataPart{kind: dataJSON, text: text}, `"json"`)
	case "form":
		pairs, err := encodePairs("form", in.Form)
		if err != nil {
			return err
		}
		p.addBody(dataPart{kind: dataFormFields, text: strings.Join(pairs, "&")}, `"form"`)
	}
	return nil
}

func (p *plan) addBody(d dataPart, from string) {
	if p.bodyFrom == "" {
		p.bodyFrom = from
	}
	p.body = append(p.body, d)
}

// applyOptions takes the remaining switches and settings.
func (p *plan) applyOptions(in Input) error {
	bools := []struct {
		field string
		v     *bool
		s     *flagValue[bool]
	}{
		{"followRedirects", in.FollowRedirects, &p.follow},
		{"includeHeaders", in.IncludeHeaders, &p.include},
		{"fail", in.Fail, &p.fail},
		{"verbose", in.Verbose, &p.verbose},
		{"compressed", in.Compressed, &p.compressed},
		{"insecure", in.Insecure, &p.insecure},
		{"remoteName", in.RemoteName, &p.remoteName},
	}
	for _, b := range bools {
		if b.v != nil {
			if err := b.s.byField(b.field, *b.v, *b.v); err != nil {
				return err
			}
		}
	}
	if in.MaxRedirects != nil {
		if err := p.maxRedirs.byField("maxRedirects", *in.MaxRedirects, *in.MaxRedirects); err != nil {
			return err
		}
	}
	if in.WriteOut != "" {
		if err := p.writeOut.byField("writeOut", in.WriteOut, in.WriteOut); err != nil {
			return err
		}
	}
	if in.TimeoutMs != nil {
		if err := p.maxTime.byField("timeoutMs", *in.TimeoutMs, time.Duration(*in.TimeoutMs)*time.Millisecond); err != nil {
			return err
		}
	}
	if in.MaxTimeSeconds != nil {
		if err := p.maxTime.byField("maxTimeSeconds", *in.MaxTimeSeconds, seconds(*in.MaxTimeSeconds)); err != nil {
			return err
		}
	}
	if in.ConnectTimeoutMs != nil {
		if err := p.connectTimeout.byField("connectTimeoutMs", *in.ConnectTimeoutMs, time.Duration(*in.ConnectTimeoutMs)*time.Millisecond); err != nil {
			return err
		}
	}
	if in.Output != "" {
		if len(p.outputs) > 1 || (len(p.outputs) == 1 && p.outputs[0] != in.Output) {
			return &tool.InputError{Field: "output", Problem: fmt.Sprintf("%s disagrees with %s", jsonText(in.Output), p.output.from), Hint: "Give the file once."}
		}
		if err := p.output.byField("output", in.Output, in.Output); err != nil {
			return err
		}
		p.outputs = []string{in.Output}
	}
	strs := []struct {
		field, v string
		s        *flagValue[string]
	}{
		{"user", in.User, &p.user}, {"userAgent", in.UserAgent, &p.userAgent}, {"referer", in.Referer, &p.referer},
	}
	for _, f := range strs {
		if f.v != "" {
			if err := f.s.byField(f.field, f.v, f.v); err != nil {
				return err
			}
		}
	}
	if in.Cookie != nil {
		c, err := fieldCookie(in.Cookie)
		if err != nil {
			return err
		}
		if err := p.cookie.byField("cookie", in.Cookie, c); err != nil {
			return err
		}
	}
	if in.Silent != nil && *in.Silent {
		p.silent = true
	}
	p.offset, p.startIndex, p.page = in.Offset, in.StartIndex, in.Page
	p.response = in.Response
	if p.startIndex > 0 && in.Base64 != nil && *in.Base64 {
		return &tool.InputError{Field: "startIndex", Problem: "counts characters of text, and base64 shows bytes",
			Hint: "Page base64 with offset (bytes), or drop base64 to read the text from startIndex."}
	}
	if p.offset > 0 && p.startIndex > 0 {
		return &tool.InputError{Field: "startIndex", Problem: "and offset were both given; startIndex counts characters of the shown text and offset bytes",
			Hint: "Send one: offset, as the footer of the last page names it, or startIndex."}
	}
	p.format = in.Format
	if in.Base64 != nil {
		p.base64 = *in.Base64
	}
	return nil
}

// check finds contradictions the two modes share.
func (p *plan) check() error {
	if p.head && len(p.body)+len(p.forms) > 0 && !p.get {
		return &tool.InputError{Field: "args", Problem: "-I (HEAD) cannot send a body",
			Hint: "Drop -I, or drop the body (-d, --json, data, json, form)."}
	}
	if len(p.forms) > 0 && len(p.body) > 0 {
		return &tool.InputError{Field: "args", Problem: fmt.Sprintf("-F (multipart form) and %s both give a request body", p.bodyFrom),
			Hint: "Use either -F fields or a -d/--json/data body."}
	}
	if p.upload.set && len(p.body)+len(p.forms) > 0 {
		other := p.bodyFrom
		if other == "" {
			other = "-F"
		}
		return &tool.InputError{Field: "args", Problem: fmt.Sprintf("%s and %s both give a request body", p.upload.from, other),
			Hint: "Upload the file with -T alone, or send the data with -d/--json/-F alone."}
	}
	if p.get && len(p.forms) > 0 {
		return &tool.InputError{Field: "args", Problem: "-G cannot move -F (multipart) fields into the query",
			Hint: "Use -d or --data-urlencode with -G, or \"query\"."}
	}
	if p.base64 && slices.ContainsFunc(p.outputs, func(o string) bool { return !toStdout(o) }) {
		return &tool.InputError{Problem: `"base64" and "output" both ask for the body: base64 returns it, output saves it`,
			Hint: "Give one of them."}
	}
	if p.remoteName.val && len(p.outputs) > 0 {
		return &tool.InputError{Problem: fmt.Sprintf("%s and %s both name the file the body is saved to", p.remoteName.from, p.output.from),
			Hint: `Give one of them: "output" names the file, "remoteName" takes the name from the URL.`}
	}
	if p.user.set && !strings.Contains(p.user.val, ":") {
		return &tool.InputError{Field: "user", Problem: fmt.Sprintf("%s has no password; f0 cannot prompt for one", jsonText(p.user.val)),
			Hint: `Write "name:password" ("name:" for an empty password).`}
	}
	return nil
}

// methodName is the method the request uses.
func (p *plan) methodName() string {
	if p.method.set {
		return p.method.val
	}
	return p.impliedMethod()
}

// impliedMethod is the method the other options imply, without -X.
func (p *plan) impliedMethod() string {
	switch {
	case p.head:
		return "HEAD"
	case p.upload.set:
		return "PUT"
	case p.get:
		return "GET"
	case len(p.body)+len(p.forms) > 0:
		return "POST"
	}
	return "GET"
}

// saves reports whether the call writes a file.
func (p *plan) saves() bool {
	if p.remoteName.val {
		return true
	}
	for _, o := range p.outputs {
		if !discards(o) && !toStdout(o) {
			return true
		}
	}
	return false
}

// mayUseTLS reports whether the call can make a TLS connection, where -k
// matters: an https URL, or redirects followed (which may lead to one).
// On plain http without -L, -k changes nothing and needs nothing.
func (p *plan) mayUseTLS() bool {
	if p.follow.or(!p.curlStyle) {
		return true
	}
	return slices.ContainsFunc(p.urls, func(u string) bool {
		return strings.HasPrefix(strings.ToLower(strings.TrimSpace(u)), "https:")
	})
}

// writesFile names what the call writes besides the body: the cookie jar
// (-c) or the response headers (-D), unless they go to the output ("-").
func (p *plan) writesFile() string {
	switch {
	case p.cookieJar.set && !toStdout(p.cookieJar.val):
		return "the cookie jar (" + p.cookieJar.from + ")"
	case p.dumpHeader.set && !toStdout(p.dumpHeader.val):
		return "the response headers (" + p.dumpHeader.from + ")"
	}
	return ""
}

// access is the level the call needs, with the reason; operator is the
// operator's proxies, which a call's own proxy settings would change.
func (p *plan) access(operator web.Proxies) (tool.Access, string) {
	if p.insecure.val && p.mayUseTLS() {
		return tool.Admin, "insecure turns off TLS certificate verification"
	}
	if what := p.proxyChoice(operator); what != "" {
		return tool.Admin, what + " chooses the proxy, which is the operator's to set (--proxy, or curl's environment variables)"
	}
	if p.saves() {
		return tool.Write, "it saves the body to a file"
	}
	if what := p.writesFile(); what != "" {
		return tool.Write, "it writes " + what + " to a file"
	}
	switch m := p.methodName(); m {
	case "GET", "HEAD", "OPTIONS":
		return tool.Read, ""
	default:
		return tool.Write, m + " can change things on the server"
	}
}

// knownMethods are the methods a misspelling is compared with.
var knownMethods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"}

// checkMethod accepts any HTTP token, except one that is a likely
// misspelling of a common method.
func checkMethod(field, m string) error {
	if m == "" || !isToken(m) {
		return &tool.InputError{Field: field, Problem: fmt.Sprintf("%q is not an HTTP method", m),
			Hint: "Use GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS."}
	}
	if slices.Contains(knownMethods, m) {
		return nil
	}
	for _, k := range knownMethods {
		if len(m) >= 3 && nearWord(m, k) {
			return &tool.InputError{Field: field, Problem: fmt.Sprintf("unknown method %q; did you mean %q?", m, k)}
		}
	}
	return nil
}

func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if !httpguts.IsTokenRune(rune(s[i])) {
			return false
		}
	}
	return true
}

// fieldHeaders reads the headers field in any of its shapes.
func fieldHeaders(v any) ([]header, error) {
	var out []header
	add := func(line string) error {
		h, err := parseHeader(line)
		if err != nil {
			return &tool.InputError{Field: "headers", Problem: err.Error(),
				Hint: `Write headers as {"Name": "value"} or ["Name: value"].`}
		}
		out = append(out, h)
		return nil
	}
	switch x := v.(type) {
	case map[string]any:
		names := slices.Sorted(maps.Keys(x))
		for _, name := range names {
			vals := []any{x[name]}
			if list, ok := x[name].([]any); ok {
				vals = list
			}
			for _, val := range vals {
				h := header{name: strings.TrimSpace(name), remove: val == nil}
				text, err := scalarField("headers."+name, val)
				if err != nil {
					return nil, err
				}
				h.value = strings.TrimSpace(text)
				if err := checkHeader(h); err != nil {
					return nil, &tool.InputError{Field: "headers", Problem: err.Error()}
				}
				out = append(out, h)
			}
		}
	case []any:
		for i, item := range x {
			switch it := item.(type) {
			case string:
				if err := add(it); err != nil {
					return nil, err
				}
			case map[string]any:
				name, _ := it["name"].(string)
				val, _ := it["value"].(string)
				if name == "" {
					hs, err := fieldHeaders(it)
					if err != nil {
						return nil, err
					}
					out = append(out, hs...)
					continue
				}
				if err := add(name + ": " + val); err != nil {
					return nil, err
				}
			default:
				return nil, &tool.InputError{Field: fmt.Sprintf("headers[%d]", i), Problem: fmt.Sprintf("expected \"Name: value\", got %s", jsonText(item))}
			}
		}
	case string:
		s := strings.TrimSpace(x)
		if strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[") {
			var parsed any
			dec := json.NewDecoder(strings.NewReader(s))
			dec.UseNumber()
			if err := dec.Decode(&parsed); err == nil {
				return fieldHeaders(parsed)
			}
		}
		for _, line := range strings.Split(s, "\n") {
			if line = strings.TrimSpace(line); line != "" {
				if err := add(line); err != nil {
					return nil, err
				}
			}
		}
	default:
		return nil, &tool.InputError{Field: "headers", Problem: fmt.Sprintf("expected an object or a list of \"Name: value\", got %s", jsonText(v))}
	}
	return out, nil
}

// parseHeader reads "Name: value" as curl's -H does: "Name:" removes a
// default header, "Name;" sends it empty.
func parseHeader(line string) (header, error) {
	line = strings.TrimSpace(line)
	name, value, ok := strings.Cut(line, ":")
	var h header
	switch {
	case ok:
		h = header{name: strings.TrimSpace(name), value: strings.TrimSpace(value), remove: strings.TrimSpace(value) == ""}
	case strings.HasSuffix(line, ";"):
		h = header{name: strings.TrimSpace(strings.TrimSuffix(line, ";"))}
	default:
		if n, v, eq := strings.Cut(line, "="); eq && httpguts.ValidHeaderFieldName(strings.TrimSpace(n)) {
			return header{}, fmt.Errorf("%q is not a header: write %q", line, strings.TrimSpace(n)+": "+strings.TrimSpace(v))
		}
		return header{}, fmt.Errorf("%q is not a header: write \"Name: value\"", line)
	}
	return h, checkHeader(h)
}

func checkHeader(h header) error {
	if !httpguts.ValidHeaderFieldName(h.name) {
		return fmt.Errorf("%q is not a valid header name", h.name)
	}
	if !httpguts.ValidHeaderFieldValue(h.value) {
		return fmt.Errorf("the value of header %s has a line break or control character", h.name)
	}
	return nil
}

// encodePairs URL-encodes query or form fields: "a=1&b=2", each name and
// value re-encoded, so a raw space is sent as +. The pipeline has already
// turned an object or a list of pairs into this text (tools.URLEncoded).
func encodePairs(field string, v any) ([]string, error) {
	switch x := v.(type) {
	case string:
		return encodeQueryString(x), nil
	}
	return nil, &tool.InputError{Field: field, Problem: fmt.Sprintf("expected \"name=value&…\", got %s", jsonText(v))}
}

// encodeQueryString re-encodes "a=1&b=x y" pair by pair.
func encodeQueryString(s string) []string {
	var pairs []string
	for _, part := range strings.Split(strings.TrimPrefix(strings.TrimSpace(s), "?"), "&") {
		if part == "" {
			continue
		}
		name, value, hasValue := strings.Cut(part, "=")
		pair := url.QueryEscape(unescapeQuery(name))
		if hasValue {
			pair += "=" + url.QueryEscape(unescapeQuery(value))
		}
		pairs = append(pairs, pair)
	}
	return pairs
}

// unescapeQuery decodes %XX and +, keeping text that is not valid encoding.
func unescapeQuery(s string) string {
	if u, err := url.QueryUnescape(s); err == nil {
		return u
	}
	return s
}

// scalarField reads the value of an object's field as text: a string,
// number or boolean (null is empty).
func scalarField(field string, v any) (string, error) {
	if s, ok := text.ScalarText(v); ok {
		return s, nil
	}
	return "", &tool.InputError{Field: field, Problem: "expected a string, number or boolean, got " + jsonText(v)}
}

// fieldCookie reads the cookie field: "a=b; c=d" or an object.
func fieldCookie(v any) (string, error) {
	switch x := v.(type) {
	case string:
		if !strings.Contains(x, "=") {
			return "", &tool.InputError{Field: "cookie", Problem: fmt.Sprintf("%s has no name=value pair; f0 does not read cookie files", jsonText(x)),
				Hint: `Write "name=value; other=value".`}
		}
		return x, nil
	case map[string]any:
		names := slices.Sorted(maps.Keys(x))
		parts := make([]string, 0, len(names))
		for _, n := range names {
			s, err := scalarField("cookie."+n, x[n])
			if err != nil {
				return "", err
			}
			parts = append(parts, n+"="+s)
		}
		return strings.Join(parts, "; "), nil
	}
	return "", &tool.InputError{Field: "cookie", Problem: fmt.Sprintf("expected \"name=value; …\" or an object, got %s", jsonText(v))}
}

// seconds converts curl's fractional seconds to a duration.
func seconds(s float64) time.Duration {
	if s <= 0 || math.IsNaN(s) {
		return 0
	}
	if s > 1e6 {
		s = 1e6
	}
	return time.Duration(s * float64(time.Second))
}

// toStdout reports whether an output path is curl's "-": the body is
// returned in the answer, as without an output file.
func toStdout(path string) bool { return strings.TrimSpace(path) == "-" }

// discards reports whether an output path throws the body away.
func discards(path string) bool {
	return path == "/dev/null" || strings.EqualFold(path, "NUL")
}

// jsonText renders a value as compact JSON for messages.
func jsonText(v any) string {
	s := text.CompactJSON(v)
	if len(s) > 120 {
		s = text.CutUTF8(s, 117) + "…"
	}
	return s
}

// proxyChoice names the call's own proxy setting, if it makes one that
// changes where its requests go: -x always; --noproxy and -U only when
// the operator has set a proxy (without one they change nothing, as in
// curl).
func (p *plan) proxyChoice(operator web.Proxies) string {
	switch {
	case p.proxy.set:
		return p.proxy.from
	case operator.IsZero():
		return ""
	case p.noProxy.set:
		return p.noProxy.from
	case p.proxyUser.set:
		return p.proxyUser.from
	}
	return ""
}

// proxies returns the proxies the call asked for in place of the
// operator's (nil when it asked for none): -x replaces the proxy for
// every scheme (the operator's no-proxy list still applies, as curl's
// no_proxy does);
// --noproxy replaces the list; -U gives the proxy's credentials.
func (p *plan) proxies(operator web.Proxies) (*web.Proxies, error) {
	if p.proxyChoice(operator) == "" {
		return nil, nil
	}
	ps := operator
	if p.proxy.set {
		u, err := web.ParseProxy(p.proxy.val)
		if err != nil {
			return nil, &tool.InputError{Field: "args", Problem: fmt.Sprintf("%s %q: %v", p.proxy.from, p.proxy.val, err),
				Hint: `Give the proxy as curl does, e.g. "args": ["-x", "http://127.0.0.1:3128", "https://example.com"].`}
		}
		ps = web.Proxies{All: u, NoProxy: operator.NoProxy}
	}
	if p.noProxy.set {
		ps.NoProxy = web.SplitNoProxy(p.noProxy.val)
	}
	if p.proxyUser.set {
		ps.HTTP, ps.HTTPS, ps.All = web.WithUser(ps.HTTP, p.proxyUser.val), web.WithUser(ps.HTTPS, p.proxyUser.val), web.WithUser(ps.All, p.proxyUser.val)
	}
	return &ps, nil
}
