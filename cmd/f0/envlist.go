package main

import (
	"os"
	"regexp"
	"strings"
)

// pairListFlags are the repeatable flags whose values are NAME=VALUE:
// their F0_ variable holds one value a line, or several on one line
// separated by a ':' that starts the next NAME= (see splitPairList), so
// that the ':' of a URL or of a command's arguments stays in its value.
var pairListFlags = map[string]bool{"upstream": true, "upstream-access": true, "client-limits": true}

// pairStart is a ':' followed by what begins the next NAME=VALUE: a name
// (letters, digits, '.', '-', '_' and '*', starting with a letter or '*')
// and '='.
var pairStart = regexp.MustCompile(`:[A-Za-z*][A-Za-z0-9._*-]*=`)

// envList splits the F0_ variable of a repeatable flag into its values: a
// path list for --root (':' on Unix, as PATH), NAME=VALUE items for the
// flags of pairListFlags.
func envList(flag, v string) []string {
	if pairListFlags[flag] {
		return splitPairList(v)
	}
	return strings.Split(v, string(os.PathListSeparator))
}

// splitPairList splits NAME=VALUE items at newlines, and at a ':' only
// where the next item's NAME= follows it:
// "a=http://127.0.0.1:8080/mcp:b=npx -y pkg" is a=… and b=…. Blank lines
// are skipped.
func splitPairList(v string) []string {
	var out []string
	for _, line := range strings.Split(v, "\n") {
		line = strings.TrimRight(line, "\r")
		for {
			loc := pairStart.FindStringIndex(line)
			if loc == nil || !strings.Contains(line[:loc[0]], "=") {
				break
			}
			out = append(out, line[:loc[0]])
			line = line[loc[0]+1:]
		}
		if strings.TrimSpace(line) != "" {
			out = append(out, line)
		}
	}
	return out
}
