package net

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"f0/tool"
)

// wget and HTTPie are read as the curl words that make the same request,
// from their manuals: wget follows redirects and saves the body under the
// URL's file name unless -O names one (-O - is standard output); HTTPie's
// items are headers (Name:value), query parameters (name==value), JSON
// fields (name=text, name:=json) or, with --form, form fields, and a
// request with data is a POST. An option whose meaning is not one request
// (wget -r, -c; HTTPie --session) is refused.

// clientError is a word of another client that has no curl meaning here.
func clientError(program, word, why string) error {
	return &tool.InputError{Field: "args", Problem: fmt.Sprintf("%s's %s %s", program, word, why),
		Hint: `Send curl's words instead, e.g. "args": ["-sL", "https://example.com"].`}
}

// wgetValued are wget's short options that take a value.
const wgetValued = "OoUTtPe"

// wgetWords reads wget's words as curl's.
func wgetWords(args []string) (*shellLine, error) {
	w := &wgetRead{follow: true}
	for i := 0; i < len(args); i++ {
		a := args[i]
		var err error
		switch {
		case strings.HasPrefix(a, "--"):
			name, v, hasValue := strings.Cut(a[2:], "=")
			if !hasValue && wgetLongValued(name) && i+1 < len(args) {
				v, i = args[i+1], i+1
			}
			err = w.long(name, v)
		case a == "-nv" || a == "-nc" || a == "-nd" || a == "-np" || a == "-nH":
			err = w.long(map[string]string{"-nv": "no-verbose", "-nc": "no-clobber", "-nd": "no-directories", "-np": "no-parent", "-nH": "no-host-directories"}[a], "")
		case strings.HasPrefix(a, "-") && len(a) > 1:
			i, err = w.short(args, i)
		default:
			w.urls = append(w.urls, a)
		}
		if err != nil {
			return nil, err
		}
	}
	return w.line(args)
}

// wgetRead is what wget's words asked for.
type wgetRead struct {
	curl     []string // options already in curl's words
	urls     []string
	output   string // -O's file ("-": the answer)
	dir      string // -P
	follow   bool
	user     string
	password string
}

func wgetLongValued(name string) bool {
	return slices.Contains([]string{"output-document", "header", "post-data", "post-file", "method", "body-data", "body-file", "user-agent",
		"timeout", "tries", "max-redirect", "user", "password", "http-user", "http-password", "directory-prefix", "output-file", "referer", "load-cookies", "save-cookies"}, name)
}

// long applies one long option.
func (w *wgetRead) long(name, v string) error {
	add := func(words ...string) { w.curl = append(w.curl, words...) }
	switch name {
	case "quiet", "no-verbose", "verbose", "content-on-error", "no-cache", "progress", "show-progress", "no-directories", "no-host-directories":
		if name == "quiet" {
			add("-s")
		}
	case "output-document":
		w.output = v
	case "header":
		add("-H", v)
	case "post-data":
		add("-d", v)
	case "post-file":
		add("--data-binary", "@"+v)
	case "method":
		add("-X", strings.ToUpper(v))
	case "body-data":
		add("--data-raw", v)
	case "body-file":
		add("--data-binary", "@"+v)
	case "user-agent":
		add("-A", v)
	case "referer":
		add("-e", v)
	case "no-check-certificate":
		add("-k")
	case "timeout":
		add("-m", v)
	case "tries":
		add("--retry", retriesOf(v))
	case "max-redirect":
		add("--max-redirs", v)
		w.follow = v != "0"
	case "user", "http-user":
		w.user = v
	case "password", "http-password":
		w.password = v
	case "server-response", "save-headers":
		add("-i")
	case "spider":
		add("-I")
	case "directory-prefix":
		w.dir = v
	case "load-cookies":
		add("-b", v)
	case "save-cookies":
		add("-c", v)
	case "compression":
		if v != "none" {
			add("--compressed")
		}
	default:
		return clientError("wget", "--"+name, "has no curl meaning f0 can run (it makes one request a call)")
	}
	return nil
}

// short applies a group of short options (-qO-, -q -O file) starting at
// args[i], and returns the index of the last word it used.
func (w *wgetRead) short(args []string, i int) (int, error) {
	a := args[i]
	for j := 1; j < len(a); j++ {
		c := a[j]
		if strings.IndexByte(wgetValued, c) >= 0 {
			v := a[j+1:]
			if v == "" && i+1 < len(args) {
				v, i = args[i+1], i+1
			}
			return i, w.shortValue(c, v)
		}
		switch c {
		case 'q':
			w.curl = append(w.curl, "-s")
		case 'S':
			w.curl = append(w.curl, "-i")
		case 'v':
		default:
			return i, clientError("wget", "-"+string(c), "has no curl meaning f0 can run (it makes one request a call)")
		}
	}
	return i, nil
}

func (w *wgetRead) shortValue(c byte, v string) error {
	switch c {
	case 'O':
		w.output = v
	case 'U':
		w.curl = append(w.curl, "-A", v)
	case 'T':
		w.curl = append(w.curl, "-m", v)
	case 't':
		w.curl = append(w.curl, "--retry", retriesOf(v))
	case 'P':
		w.dir = v
	case 'o':
		return clientError("wget", "-o "+v, "writes wget's log to a file; f0 puts its messages in the answer: drop it")
	default:
		return clientError("wget", "-"+string(c), "runs a command, which f0 never does")
	}
	return nil
}

// retriesOf turns wget's number of tries into curl's retries.
func retriesOf(tries string) string {
	var n int
	if _, err := fmt.Sscan(tries, &n); err != nil || n <= 1 {
		return "0"
	}
	return fmt.Sprint(n - 1)
}

// line writes the curl words, with a note that shows them.
func (w *wgetRead) line(args []string) (*shellLine, error) {
	if len(w.urls) != 1 {
		return nil, &tool.InputError{Field: "args", Problem: fmt.Sprintf("the wget command names %d URLs, and f0 reads a wget command with one", len(w.urls)),
			Hint: "Make one call for each URL."}
	}
	words := w.curl
	if w.follow {
		words = append([]string{"-L"}, words...)
	}
	if w.user != "" || w.password != "" {
		words = append(words, "-u", w.user+":"+w.password)
	}
	switch {
	case w.output == "-":
	case w.output != "":
		words = append(words, "-o", w.output)
	default:
		words = append(words, "-o", wgetName(w.urls[0]))
	}
	if w.dir != "" {
		words = append(words, "--output-dir", w.dir)
	}
	words = append(words, w.urls[0])
	return &shellLine{words: words, notes: []string{clientNote("wget", args, words)}}, nil
}

// wgetName is the file wget saves a URL's body to: the last segment of
// its path, or index.html.
func wgetName(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "index.html"
	}
	if name := remoteName(u); name != "" {
		return name
	}
	return "index.html"
}

// clientNote says how another client's command was read.
func clientNote(program string, args, words []string) string {
	return fmt.Sprintf("note: read %q as curl's words: %s", program+" "+strings.Join(quotedWords(args), " "), strings.Join(quotedWords(words), " "))
}

// httpMethods are the methods HTTPie's first word may be.
var httpMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"}

// httpieWords reads HTTPie's words as curl's; kind is http or https
// (xhs is https), named the program as the line names it.
func httpieWords(kind, named string, args []string) (*shellLine, error) {
	h := &httpieRead{scheme: kind}
	words, err := h.read(named, args)
	if err != nil {
		return nil, err
	}
	return &shellLine{words: words, notes: []string{clientNote(named, args, words)}}, nil
}

// read reads HTTPie's words into the request and writes it as curl's.
func (h *httpieRead) read(program string, args []string) ([]string, error) {
	var positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			positional = append(positional, a)
			continue
		}
		n, err := h.option(args, i)
		if err != nil {
			return nil, err
		}
		i += n
	}
	if len(positional) > 1 && slices.Contains(httpMethods, strings.ToUpper(positional[0])) {
		h.method, positional = strings.ToUpper(positional[0]), positional[1:]
	}
	if len(positional) == 0 {
		return nil, clientError(program, "command", "names no URL")
	}
	h.url = h.fullURL(positional[0])
	for _, item := range positional[1:] {
		if err := h.item(item); err != nil {
			return nil, err
		}
	}
	return h.words()
}

// httpieRead is what HTTPie's words asked for.
type httpieRead struct {
	scheme, method, url string
	form                bool
	curl                []string // options and headers in curl's words
	fields              []string // JSON members, "name":value, in order
	formFields          []string // --data-urlencode and -F words
	multipart           bool
}

// option applies one option at args[i] and returns how many words after
// it it used.
func (h *httpieRead) option(args []string, i int) (int, error) {
	name, v, hasValue := strings.Cut(args[i], "=")
	next := func() string {
		if hasValue || i+1 >= len(args) {
			return v
		}
		return args[i+1]
	}
	used := 0
	if !hasValue && i+1 < len(args) {
		used = 1
	}
	switch name {
	case "--json", "-j", "--body", "-b", "--ignore-stdin", "-I", "--pretty", "--style", "-s", "--print", "-p", "--quiet", "-q":
		if name == "--pretty" || name == "--style" || name == "-s" || name == "--print" || name == "-p" {
			return used, nil
		}
		return 0, nil
	case "--form", "-f":
		h.form = true
	case "--multipart":
		h.form, h.multipart = true, true
	case "--follow", "-F":
		h.curl = append(h.curl, "-L")
	case "--verbose", "-v":
		h.curl = append(h.curl, "-v")
	case "--headers", "-h":
		h.curl = append(h.curl, "-i")
	case "--check-status":
		h.curl = append(h.curl, "-f")
	case "--download", "-d":
		h.curl = append(h.curl, "-O")
	case "--verify":
		if next() == "no" || next() == "false" {
			h.curl = append(h.curl, "-k")
		}
		return used, nil
	case "--bearer":
		h.curl = append(h.curl, "-H", "Authorization: Bearer "+next())
		return used, nil
	case "--auth", "-a":
		h.curl = append(h.curl, "-u", next())
		return used, nil
	case "--timeout":
		h.curl = append(h.curl, "-m", next())
		return used, nil
	case "--output", "-o":
		h.curl = append(h.curl, "-o", next())
		return used, nil
	case "--max-redirects":
		h.curl = append(h.curl, "--max-redirs", next())
		return used, nil
	case "--raw":
		h.curl = append(h.curl, "--data-raw", next())
		return used, nil
	default:
		return 0, clientError("http", name, "has no curl meaning f0 can run")
	}
	if hasValue {
		return 0, clientError("http", args[i], "takes no value")
	}
	return 0, nil
}

// fullURL completes HTTPie's short URLs: :3000/x is localhost, a URL
// without a scheme takes the program's (http or https).
func (h *httpieRead) fullURL(u string) string {
	switch {
	case strings.Contains(u, "://"):
		return u
	case strings.HasPrefix(u, ":/"):
		return h.scheme + "://localhost" + u[1:]
	case strings.HasPrefix(u, ":"):
		return h.scheme + "://localhost" + u
	}
	return h.scheme + "://" + u
}

// itemSeparators are HTTPie's item separators, longest first where they
// start alike.
var itemSeparators = []string{":=@", "=@", "==", ":=", "@", "=", ":"}

// item applies one request item.
func (h *httpieRead) item(item string) error {
	name, sep, value := splitItem(item)
	switch sep {
	case ":":
		h.curl = append(h.curl, "-H", name+": "+value)
		if value == "" {
			h.curl[len(h.curl)-1] = name + ":"
		}
	case "==":
		h.curl = append(h.curl, "--url-query", name+"="+value)
	case "=", ":=":
		if strings.ContainsAny(name, "[]") {
			return clientError("http", item, "is a nested JSON path; send the body with --json '{…}' instead")
		}
		if h.form {
			if sep == ":=" {
				return clientError("http", item, "is raw JSON, which a form (--form) cannot send")
			}
			h.formFields = append(h.formFields, "--data-urlencode", name+"="+value)
			return nil
		}
		key, _ := json.Marshal(name)
		val, _ := json.Marshal(value)
		if sep == ":=" {
			var v any
			if err := json.Unmarshal([]byte(value), &v); err != nil {
				return clientError("http", item, "is not valid JSON after :=")
			}
			val, _ = json.Marshal(v)
		}
		h.fields = append(h.fields, string(key)+":"+string(val))
	case "@":
		h.form, h.multipart = true, true
		h.formFields = append(h.formFields, "-F", name+"=@"+value)
	case "=@", ":=@":
		return clientError("http", item, "reads a field's value from a file; send the file with --data-binary @FILE, or its value itself")
	default:
		return clientError("http", item, "is not a request item (Header:value, name==query, name=text, name:=json, field@file)")
	}
	return nil
}

// splitItem splits an item at its first separator (a backslash escapes
// one).
func splitItem(item string) (name, sep, value string) {
	var b strings.Builder
	for i := 0; i < len(item); i++ {
		if item[i] == '\\' && i+1 < len(item) {
			i++
			b.WriteByte(item[i])
			continue
		}
		for _, s := range itemSeparators {
			if strings.HasPrefix(item[i:], s) {
				return b.String(), s, item[i+len(s):]
			}
		}
		b.WriteByte(item[i])
	}
	return item, "", ""
}

// words writes the request as curl's words.
func (h *httpieRead) words() ([]string, error) {
	words := slices.Clone(h.curl)
	if len(h.fields) > 0 && h.form {
		return nil, clientError("http", "--form", "cannot send JSON fields too")
	}
	hasData := len(h.fields) > 0 || len(h.formFields) > 0 || slices.Contains(h.curl, "--data-raw")
	// curl's own default is HTTPie's: GET, or POST with data.
	implied := "GET"
	if hasData {
		implied = "POST"
	}
	if h.method != "" && h.method != implied {
		words = append(words, "-X", h.method)
	}
	if len(h.fields) > 0 {
		words = append(words, "--json", "{"+strings.Join(h.fields, ",")+"}")
	}
	formFields := h.formFields
	if h.multipart {
		formFields = nil
		for i := 0; i+1 < len(h.formFields); i += 2 {
			formFields = append(formFields, "-F", h.formFields[i+1])
		}
	}
	words = append(words, formFields...)
	return append(words, h.url), nil
}

// curlieWords reads curlie's words as curl's: its options are curl's,
// and its method, URL and items HTTPie's.
func curlieWords(args []string) (*shellLine, error) {
	var options, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			rest = append(rest, a)
			continue
		}
		options = append(options, a)
		if takesValue(a) && i+1 < len(args) {
			options = append(options, args[i+1])
			i++
		}
	}
	h := &httpieRead{scheme: "http"}
	words, err := h.read("curlie", rest)
	if err != nil {
		return nil, err
	}
	words = append(options, words...)
	return &shellLine{words: words, notes: []string{clientNote("curlie", args, words)}}, nil
}
