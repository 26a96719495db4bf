package repair

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"f0/engine/internal/keys"
	"f0/internal/text"
	"f0/tool"
)

// fieldForms repairs the fields whose form the tool declares: paths,
// URLs, times and calls.
func fieldForms(s *State) { s.add(repairKinds(s.Tool, s.Args, s.Renamed)) }

// repairKinds repairs the fields whose kind the tool declared. renamed maps
// a field to the name the call used for it, which tells whether a time was
// given with a unit in its name.
func repairKinds(t *tool.Tool, args map[string]any, renamed map[string]string) (problems []Problem, notes []string) {
	for field := range keys.InOrder(args) {
		kind, ok := t.Forms[field]
		if !ok {
			continue
		}
		var note string
		var prob *Problem
		switch kind {
		case tool.PathKind:
			args[field], note = pathValue(args[field])
		case tool.URLKind:
			args[field], note = urlValue(args[field])
		case tool.Millis, tool.Seconds:
			used := field
			if from, ok := renamed[field]; ok {
				used = from
			}
			args[field], note, prob = timeValue(field, used, kind, args[field])
		case tool.CallsKind:
			args[field], notes = callItems(field, args[field], notes)
		}
		if note != "" {
			notes = append(notes, note)
		}
		if prob != nil {
			problems = append(problems, *prob)
		}
	}
	return problems, notes
}

// eachString applies fix to a string or to every string of a list, and
// joins what it says.
func eachString(v any, fix func(string) (string, string)) (any, string) {
	switch x := v.(type) {
	case string:
		return fix(x)
	case []any:
		var said []string
		for i, item := range x {
			if s, ok := item.(string); ok {
				var note string
				x[i], note = fix(s)
				if note != "" {
					said = append(said, note)
				}
			}
		}
		return x, strings.Join(said, "; ")
	}
	return v, ""
}

// shellEscaped matches a backslash before a character a shell user
// escapes in a file name.
var shellEscaped = lazyRegexp(`\\[ '"()\[\]{}&;$#!]`)

// pathValue turns the path forms models write into the form the roots
// take: a file:// URI into its path, Windows separators into '/'.
func pathValue(v any) (any, string) {
	return eachString(v, func(p string) (string, string) {
		orig := p
		p = strings.TrimSpace(p)
		var what []string
		if u, err := url.Parse(p); err == nil && strings.EqualFold(u.Scheme, "file") {
			p = u.Path
			if u.Opaque != "" { // file:notes/a.md, a relative path
				p, _ = url.PathUnescape(u.Opaque)
			}
			if u.Host != "" && u.Host != "localhost" {
				p = "//" + u.Host + p
			}
			what = append(what, "a file:// URI")
		}
		drive := len(p) >= 2 && p[1] == ':' // C:\Users\…: left for the roots to explain
		// "my\ file.txt" is a shell's escape, not a separator: the file
		// tools find the file it names, or refuse (see tools/fs respell.go).
		escaped := shellEscaped().MatchString(p)
		if !drive && !escaped && (strings.Contains(p, `\`) && !strings.Contains(p, "/") || strings.HasPrefix(p, `.\`)) {
			p = strings.ReplaceAll(p, `\`, "/")
			what = append(what, `Windows separators (\)`)
		}
		if len(what) == 0 {
			return orig, ""
		}
		return p, fmt.Sprintf("note: read the path %s (%s) as %q", text.QuoteShort(orig), strings.Join(what, ", "), p)
	})
}

// urlValue encodes what a browser would encode in a URL (spaces, quotes,
// angle brackets, non-ASCII) and removes the quotes, backticks or angle
// brackets models wrap URLs in.
func urlValue(v any) (any, string) {
	return eachString(v, func(s string) (string, string) {
		orig := s
		s = strings.TrimSpace(s)
		for _, pair := range []string{`""`, "''", "``", "<>"} {
			if len(s) >= 2 && s[0] == pair[0] && s[len(s)-1] == pair[1] {
				s = strings.TrimSpace(s[1 : len(s)-1])
			}
		}
		enc, n := text.EncodeURL(s)
		switch {
		case n > 0:
			return enc, fmt.Sprintf("note: encoded %d %s in the URL that a browser would encode (spaces, quotes, <>, non-ASCII): %s", n, text.Plural(n, "character", "characters"), text.QuoteShort(enc))
		case s != orig && strings.TrimSpace(orig) != s:
			return s, fmt.Sprintf("note: took the URL out of %s", text.QuoteShort(orig))
		}
		return s, ""
	})
}

// Time limits: a number given under a name without a unit ("timeout") is
// read as seconds up to maxUnitlessSeconds and as milliseconds from
// minUnitlessMillis; between the two it is ambiguous. A number in a
// seconds field from minUnitlessMillis up would be a limit of over a
// quarter of an hour, beyond any call's, and is read as milliseconds.
const (
	maxUnitlessSeconds = 600
	minUnitlessMillis  = 1000
)

var durationText = lazyRegexp(`^\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|msec|millis|milliseconds?|s|sec|secs|seconds?|m|min|mins|minutes?|h|hours?)\s*$`)

// timeValue converts a duration to the unit of field: text with a unit
// ("30s", "5000 ms", "2m") always; a bare number by the rule above when
// the name used had no unit, or when a seconds field got milliseconds.
func timeValue(field, used string, kind tool.FieldForm, v any) (any, string, *Problem) {
	unit, scale := "ms", 1.0
	if kind == tool.Seconds {
		unit, scale = "s", 1000
	}
	render := func(ms float64) any {
		val := ms / scale
		if kind == tool.Millis {
			return json.Number(strconv.FormatFloat(float64(int64(val+0.5)), 'f', -1, 64))
		}
		return json.Number(strconv.FormatFloat(val, 'f', -1, 64))
	}
	if s, ok := v.(string); ok {
		m := durationText().FindStringSubmatch(strings.ToLower(s))
		if m == nil {
			if n, isNum := toNumber(s); isNum {
				return timeValue(field, used, kind, n) // "30": a number written as text
			}
			return v, "", nil
		}
		n, _ := strconv.ParseFloat(m[1], 64)
		d := n * float64(unitOf(m[2])/time.Millisecond)
		out := render(d)
		return out, fmt.Sprintf("note: read %q: %q as %s: %v (%s)", used, s, field, out, unit), nil
	}
	n, ok := toNumber(v)
	if !ok {
		return v, "", nil
	}
	f, err := n.Float64()
	if err != nil || f <= 0 {
		return v, "", nil
	}
	switch {
	case !hasUnit(used):
		switch {
		case f <= maxUnitlessSeconds:
			out := render(f * 1000)
			return out, fmt.Sprintf("note: %q has no unit; read %v as seconds: %s %v", used, n, field, out), nil
		case f >= minUnitlessMillis:
			out := render(f)
			return out, fmt.Sprintf("note: %q has no unit; read %v as milliseconds: %s %v", used, n, field, out), nil
		}
		return v, "", &Problem{used, fmt.Sprintf("%v has no unit and could be seconds or milliseconds; %q takes %s: send %s for %v milliseconds, or %s for %v seconds",
			n, field, unitName(kind), text.CompactJSON(map[string]any{field: render(f)}), n, text.CompactJSON(map[string]any{field: render(f * 1000)}), n)}
	case kind == tool.Seconds && f >= minUnitlessMillis:
		out := render(f)
		return out, fmt.Sprintf("note: %q is in seconds and %v seconds is beyond any call's limit; read it as milliseconds: %v", used, n, out), nil
	}
	return n, "", nil
}

func unitOf(u string) time.Duration {
	switch {
	case strings.HasPrefix(u, "ms") || strings.HasPrefix(u, "mil"):
		return time.Millisecond
	case strings.HasPrefix(u, "h"):
		return time.Hour
	case u == "m" || strings.HasPrefix(u, "min"):
		return time.Minute
	}
	return time.Second
}

// hasUnit reports whether an argument name says its unit (timeoutMs,
// max_time_seconds, delaySec).
func hasUnit(name string) bool {
	k := keys.Fold(name)
	for _, suf := range []string{"ms", "millis", "milliseconds", "msec", "seconds", "secs", "sec", "minutes", "mins"} {
		if strings.HasSuffix(k, suf) {
			return true
		}
	}
	return false
}

func unitName(k tool.FieldForm) string {
	if k == tool.Seconds {
		return "seconds"
	}
	return "milliseconds"
}
