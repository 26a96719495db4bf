package main

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
)

// listenFlags are the flags other servers listen with; f0 serve takes the
// address in one flag, --http.
var listenFlags = []string{"--port", "--host", "--listen", "--addr", "--address", "--bind"}

// serveFlagError is serve's answer to a flag it does not know: a flag
// other servers listen with names --http.
func serveFlagError(_ *cobra.Command, err error) error {
	msg := err.Error()
	for _, f := range listenFlags {
		if msg == "unknown flag: "+f || f == "--port" && msg == "unknown shorthand flag: 'p' in -p" {
			return fmt.Errorf("%s: f0 serve listens with --http HOST:PORT, e.g. f0 serve --http 127.0.0.1:8080 (without --http it serves stdio)", msg)
		}
	}
	return err
}

// envVarName is what an environment variable's name looks like.
var envVarName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// tokenFromEnv reads the bearer token from the variable --auth-token-env
// names. A value that looks like a token rather than a name is refused
// without being repeated, since it may be the secret itself.
func tokenFromEnv(name string) (string, error) {
	if name == "" {
		return "", nil
	}
	if token := os.Getenv(name); token != "" {
		return token, nil
	}
	if looksLikeToken(name) {
		return "", errors.New("--auth-token-env: the value looks like a token, not the name of an environment variable (not repeated here); put the token in a variable and name that: export F0_TOKEN=…; --auth-token-env F0_TOKEN")
	}
	return "", fmt.Errorf("--auth-token-env %s: the environment variable is empty or not set", name)
}

// looksLikeToken reports whether a value given for a variable's name is
// more likely a secret: not a valid name, or a long run of letters and
// digits with both and no underscore (hex, base64), unlike F0_TOKEN or
// MY_API_TOKEN.
func looksLikeToken(v string) bool {
	if !envVarName.MatchString(v) {
		return true
	}
	return len(v) >= 16 && !strings.Contains(v, "_") && strings.ContainsAny(v, "0123456789") &&
		strings.ContainsAny(strings.ToLower(v), "abcdefghijklmnopqrstuvwxyz")
}
