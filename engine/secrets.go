package engine

import (
	"regexp"
	"sync"
)

// secretName is the part of a name that says its value is a credential:
// Authorization, X-Api-Key, access_token, password, Cookie, session.
const secretName = `[\w-]*(?i:auth|token|key|secret|cookie|pass|session)[\w-]*`

// secretPatterns find credentials in a call's arguments written as JSON:
// a header line ("Authorization: Bearer …", to the end of the line), a
// JSON member or a query or form pair whose name is secretName, and curl's
// -u USER:PASSWORD. Each keeps what names the secret and hides its value.
// They are compiled on first use: most runs never answer an error, and
// start-up stays cheap.
var secretPatterns = sync.OnceValue(func() []secretPattern {
	return []secretPattern{
		{regexp.MustCompile(`(` + secretName + `):\s+[^\r\n"'\\]*`), "$1: ***"},
		{regexp.MustCompile(`(` + secretName + `)(\\?"\s*:\s*\\?"|=)[^"'\\\s&;,}]+`), "$1$2***"},
		{regexp.MustCompile(`((?:^|[\s"])(?:-u|--user|--proxy-user|-U)(?:\s+|","))[^"\s\\]+`), "$1***"},
	}
})

// secretPattern is a credential's spelling and what replaces it.
type secretPattern struct {
	re   *regexp.Regexp
	repl string
}

// maskSecrets hides the credentials in s, a call's arguments as the echo
// of an error answer repeats them: the answer goes back to the model and
// into logs, and a repair note above the echo already masks them.
func maskSecrets(s string) string {
	for _, p := range secretPatterns() {
		s = p.re.ReplaceAllString(s, p.repl)
	}
	return s
}
