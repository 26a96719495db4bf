package net

import (
	"encoding/json"
	"fmt"
	stdnet "net"
	"slices"
	"strconv"
	"strings"
	"time"

	"f0/tool"

	"github.com/agnivade/levenshtein"

	"f0/internal/web"
)

// wpart is one piece of a -w format: literal text, a %{variable}, or a
// %header{name}.
type wpart struct {
	text   string
	name   string
	header bool
}

// writeOutVars are the -w variables net.curl fills, with what each is.
var writeOutVars = map[string]func(w *wvals) string{
	"http_code":          func(w *wvals) string { return fmt.Sprintf("%03d", w.code) },
	"response_code":      func(w *wvals) string { return fmt.Sprintf("%03d", w.code) },
	"time_total":         func(w *wvals) string { return secs(w.total) },
	"time_connect":       func(w *wvals) string { return secs(w.t.ConnectDone) },
	"time_namelookup":    func(w *wvals) string { return secs(w.t.DNSDone) },
	"time_appconnect":    func(w *wvals) string { return secs(w.t.TLSDone) },
	"time_starttransfer": func(w *wvals) string { return secs(w.t.FirstByte) },
	"size_download":      func(w *wvals) string { return strconv.FormatInt(w.wire, 10) },
	"size_upload":        func(w *wvals) string { return strconv.Itoa(w.upload) },
	"content_type":       func(w *wvals) string { return w.ctype },
	"url_effective":      func(w *wvals) string { return w.final },
	"url":                func(w *wvals) string { return w.url },
	"redirect_url":       func(w *wvals) string { return w.redirect },
	"num_redirects":      func(w *wvals) string { return strconv.Itoa(w.redirects) },
	"method":             func(w *wvals) string { return w.method },
	"http_version":       func(w *wvals) string { return w.version },
	"scheme":             func(w *wvals) string { return w.scheme },
	"remote_ip":          func(w *wvals) string { ip, _, _ := stdnet.SplitHostPort(w.t.Remote); return ip },
	"remote_port":        func(w *wvals) string { _, port, _ := stdnet.SplitHostPort(w.t.Remote); return port },
	"filename_effective": func(w *wvals) string { return w.file },
	"exitcode":           func(w *wvals) string { return strconv.Itoa(w.exit) },
	"errormsg":           func(w *wvals) string { return w.errmsg },
}

// wvals are the facts of one exchange that -w reports.
type wvals struct {
	code, redirects, upload, exit                              int
	errmsg                                                     string
	total                                                      time.Duration
	t                                                          web.Timing
	wire                                                       int64
	ctype, final, url, redirect, method, version, scheme, file string
	header                                                     func(string) string
}

func secs(d time.Duration) string { return fmt.Sprintf("%.6f", d.Seconds()) }

// parseWriteOut reads a -w format: %{name}, %header{name}, %%, and the
// escapes \n \r \t \\. An unknown variable is an error listing the known
// ones.
func parseWriteOut(format, from string) ([]wpart, error) {
	var parts []wpart
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, wpart{text: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(format); i++ {
		ch := format[i]
		switch {
		case ch == '\\' && i+1 < len(format):
			switch format[i+1] {
			case 'n':
				lit.WriteByte('\n')
			case 'r':
				lit.WriteByte('\r')
			case 't':
				lit.WriteByte('\t')
			case '\\':
				lit.WriteByte('\\')
			default:
				lit.WriteByte('\\')
				lit.WriteByte(format[i+1])
			}
			i++
		case ch == '%' && strings.HasPrefix(format[i:], "%%"):
			lit.WriteByte('%')
			i++
		case ch == '%' && strings.HasPrefix(format[i:], "%{"):
			end := strings.IndexByte(format[i:], '}')
			if end < 0 {
				return nil, &tool.InputError{Field: "writeOut", Problem: fmt.Sprintf("%s: %%{ is not closed", from)}
			}
			name := format[i+2 : i+end]
			if _, ok := writeOutVars[name]; !ok && name != "json" {
				return nil, unknownVar(name, from)
			}
			flush()
			parts = append(parts, wpart{name: name})
			i += end
		case ch == '%' && strings.HasPrefix(format[i:], "%header{"):
			end := strings.IndexByte(format[i:], '}')
			if end < 0 {
				return nil, &tool.InputError{Field: "writeOut", Problem: fmt.Sprintf("%s: %%header{ is not closed", from)}
			}
			flush()
			parts = append(parts, wpart{name: format[i+8 : i+end], header: true})
			i += end
		default:
			lit.WriteByte(ch)
		}
	}
	flush()
	return parts, nil
}

func unknownVar(name, from string) error {
	known := make([]string, 0, len(writeOutVars)+1)
	for k := range writeOutVars {
		known = append(known, k)
	}
	known = append(known, "json")
	slices.Sort(known)
	best, bestD := "", 4
	for _, k := range known {
		if d := levenshtein.ComputeDistance(name, k); d < bestD {
			best, bestD = k, d
		}
	}
	problem := fmt.Sprintf("%s: unknown variable %%{%s}", from, name)
	if best != "" {
		problem += fmt.Sprintf("; did you mean %%{%s}?", best)
	}
	return &tool.InputError{Field: "writeOut", Problem: problem, Hint: "Known: " + strings.Join(known, ", ") + ", and %header{Name}."}
}

// renderWriteOut fills a parsed format.
func renderWriteOut(parts []wpart, w *wvals) string {
	var b strings.Builder
	for _, p := range parts {
		switch {
		case p.header:
			b.WriteString(w.header(p.name))
		case p.name == "json":
			all := map[string]string{}
			for k, f := range writeOutVars {
				all[k] = f(w)
			}
			data, _ := json.Marshal(all)
			b.Write(data)
		case p.name != "":
			b.WriteString(writeOutVars[p.name](w))
		default:
			b.WriteString(p.text)
		}
	}
	return b.String()
}
