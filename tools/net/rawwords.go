package net

import (
	"slices"
	"strings"
)

// fileValues rewrite, by the long name of the flag, the file names a
// flag's value holds: the flags whose help says "inside the roots". Each
// passes a file name to rebase and keeps the rest of the value.
var fileValues = map[string]func(v string, rebase func(string) string) string{
	"header": atFile, "data": atFile, "data-ascii": atFile, "data-binary": atFile, "json": atFile,
	"data-urlencode": urlencodeFile,
	"form":           formFile,
	"output":         wholeFile, "output-dir": wholeFile, "cookie-jar": wholeFile, "dump-header": wholeFile, "upload-file": wholeFile,
	"cookie": cookieFile,
}

func wholeFile(v string, rebase func(string) string) string { return rebase(v) }

// atFile: -d @FILE, -H @FILE.
func atFile(v string, rebase func(string) string) string {
	if file, ok := strings.CutPrefix(v, "@"); ok && file != "" {
		return "@" + rebase(file)
	}
	return v
}

// urlencodeFile: --data-urlencode name@FILE or @FILE.
func urlencodeFile(v string, rebase func(string) string) string {
	if i := strings.IndexAny(v, "=@"); i >= 0 && v[i] == '@' && i+1 < len(v) {
		return v[:i+1] + rebase(v[i+1:])
	}
	return v
}

// formFile: -F name=@FILE;type=… and name=<FILE.
func formFile(v string, rebase func(string) string) string {
	name, value, ok := strings.Cut(v, "=")
	if !ok || value == "" || value[0] != '@' && value[0] != '<' {
		return v
	}
	file, attrs, _ := strings.Cut(value[1:], ";")
	file = strings.Trim(file, `"`)
	if file == "" {
		return v
	}
	out := name + "=" + value[:1] + rebase(file)
	if attrs != "" {
		out += ";" + attrs
	}
	return out
}

// cookieFile: -b FILE, a word without '=' (with one it is cookies).
func cookieFile(v string, rebase func(string) string) string {
	if v == "" || strings.Contains(v, "=") {
		return v
	}
	return rebase(v)
}

// rawWords reads curl words as parseCurl does (the tool's CLI.RawWords):
// the words with their file names passed through rebase, and the
// structured fields the flags among them set. -o FILE is relative to
// --output-dir when one is given; -O, without one, saves into rebase(".").
func rawWords(words []string, rebase func(string) string) ([]string, []string) {
	fields, remote, outDir := curlFlagsOf(words)
	addDir := remote && !outDir
	out := slices.Clone(words)
	eachFlag(out, func(f *flagSpec, v *string) {
		fn := fileValues[f.long]
		if v != nil && fn != nil && (f.long != "output" || !outDir && !addDir) {
			*v = fn(*v, rebase)
		}
	})
	if addDir {
		out = append([]string{"--output-dir", rebase(".")}, out...)
	}
	return out, fields
}

// curlFlagsOf are the structured fields words set, and whether they save
// under the URL's name (-O) and name a directory for it (--output-dir).
func curlFlagsOf(words []string) (fields []string, remote, outDir bool) {
	eachFlag(slices.Clone(words), func(f *flagSpec, _ *string) {
		if f.field != "" && !slices.Contains(fields, f.field) {
			fields = append(fields, f.field)
		}
		remote = remote || f.long == "remote-name" || f.long == "remote-name-all"
		outDir = outDir || f.long == "output-dir"
	})
	return fields, remote, outDir
}

// eachFlag calls fn for every flag curl reads in words, with a pointer to
// its value in words (nil for a switch), so that fn may rewrite it. Words
// after "--" and words that are no flag (URLs) are skipped, as are flags
// net.curl does not know (parseCurl refuses them).
func eachFlag(words []string, fn func(f *flagSpec, v *string)) {
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			return
		case !strings.HasPrefix(w, "-") || w == "-":
		case strings.HasPrefix(w, "--"):
			i += longWord(words, i, fn)
		default:
			i += shortWord(words, i, fn)
		}
	}
}

func longWord(words []string, i int, fn func(f *flagSpec, v *string)) int {
	name, value, hasValue := strings.Cut(words[i][2:], "=")
	f := lookupLong(name)
	if f == nil {
		if g := lookupLong(strings.TrimPrefix(name, "no-")); g != nil && g.arg == "" {
			fn(g, nil)
		}
		return 0
	}
	switch {
	case f.arg == "":
		fn(f, nil)
	case hasValue:
		fn(f, &value)
		words[i] = "--" + name + "=" + value
	case i+1 < len(words):
		fn(f, &words[i+1])
		return 1
	}
	return 0
}

func shortWord(words []string, i int, fn func(f *flagSpec, v *string)) int {
	w := words[i]
	for j := 1; j < len(w); j++ {
		f := lookupShort(w[j])
		if f == nil {
			return 0
		}
		if f.arg == "" {
			fn(f, nil)
			continue
		}
		if j+1 < len(w) {
			v := w[j+1:]
			fn(f, &v)
			words[i] = w[:j+1] + v
			return 0
		}
		if i+1 < len(words) {
			fn(f, &words[i+1])
			return 1
		}
		return 0
	}
	return 0
}
