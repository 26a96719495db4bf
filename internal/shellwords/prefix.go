package shellwords

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"
)

// Programs that run the command after them, changing only how it runs
// (its user, priority, buffering, a time limit): sudo curl …, timeout 10
// curl …, env A=b curl …. Each is read from its manual: the options it
// takes and which of them take a value. A line whose command is one of
// them is the command after it, with a note; only timeout's duration has
// a meaning f0 keeps (a time limit), and env's variables are kept for the
// caller to judge.

// prefixProgram is one such program: the options that take a value (the
// next word, or attached as -uNAME / --user=NAME), and whether its first
// operand is a duration (timeout) or its leading NAME=VALUE words are
// variables (env).
type prefixProgram struct {
	valued   []string
	duration bool
	env      bool
}

// prefixPrograms are the programs read, by name.
var prefixPrograms = map[string]prefixProgram{
	"sudo":     {valued: []string{"-u", "--user", "-g", "--group", "-C", "--close-from", "-D", "--chdir", "-h", "--host", "-p", "--prompt", "-r", "--role", "-t", "--type", "-U", "--other-user", "-T", "--command-timeout"}},
	"doas":     {valued: []string{"-u", "-C"}},
	"time":     {},
	"timeout":  {valued: []string{"-s", "--signal", "-k", "--kill-after"}, duration: true},
	"env":      {valued: []string{"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}, env: true},
	"nice":     {valued: []string{"-n", "--adjustment"}},
	"ionice":   {valued: []string{"-c", "--class", "-n", "--classdata", "-p", "--pid"}},
	"nohup":    {},
	"command":  {},
	"exec":     {valued: []string{"-a"}},
	"stdbuf":   {valued: []string{"-i", "--input", "-o", "--output", "-e", "--error"}},
	"unbuffer": {},
}

// Prefix is what the programs in front of a command said: the words as
// written, a time limit in seconds (timeout's, "" for none), and env's
// NAME=VALUE variables.
type Prefix struct {
	Words   []string
	Seconds string
	Env     []string
}

// IsPrefixProgram reports whether a word names a program that runs the
// command after it (sudo, time, timeout, env, nice, nohup …).
func IsPrefixProgram(word string) bool {
	_, ok := prefixPrograms[path.Base(word)]
	return ok
}

// CutPrefix reads the programs in front of a command (sudo -u www timeout
// 10 curl …) and returns the command's words after them. A prefix whose
// own words do not read (timeout without a duration, sudo -s running a
// shell) is an error that says why.
func CutPrefix(words []string) ([]string, Prefix, error) {
	var p Prefix
	for len(words) > 0 && IsPrefixProgram(words[0]) {
		name := path.Base(words[0])
		n, err := p.read(name, prefixPrograms[name], words)
		if err != nil {
			return nil, p, err
		}
		p.Words = append(p.Words, words[:n]...)
		words = words[n:]
	}
	if len(p.Words) > 0 && len(words) == 0 {
		return nil, p, fmt.Errorf("%s names no command to run", strings.Join(p.Words, " "))
	}
	return words, p, nil
}

// read reads one prefix program's words and returns how many there are.
func (p *Prefix) read(name string, prog prefixProgram, words []string) (int, error) {
	i := 1
	for ; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			i++
			break
		}
		if isNiceNumber(name, w) {
			continue
		}
		if !strings.HasPrefix(w, "-") || w == "-" {
			break
		}
		if name == "sudo" && (w == "-s" || w == "-i" || w == "--shell" || w == "--login") {
			return 0, fmt.Errorf("sudo %s runs a shell, which f0 never does", w)
		}
		if takesPrefixValue(prog, w) {
			i++
		}
	}
	if prog.env {
		for i < len(words) && isAssignment(words[i]) {
			p.Env = append(p.Env, words[i])
			i++
		}
	}
	if prog.duration {
		if i >= len(words) {
			return 0, fmt.Errorf("timeout names no duration")
		}
		secs, err := durationSeconds(words[i])
		if err != nil {
			return 0, err
		}
		if p.Seconds == "" || secs != "" && atoi(secs) < atoi(p.Seconds) {
			p.Seconds = secs
		}
		i++
	}
	return i, nil
}

// takesPrefixValue reports whether an option takes the next word as its
// value (not when attached: --user=www, -uwww).
func takesPrefixValue(prog prefixProgram, w string) bool {
	if strings.Contains(w, "=") {
		return false
	}
	for _, v := range prog.valued {
		if w == v {
			return true
		}
	}
	return false
}

// isNiceNumber is nice's old form of an adjustment, -10 or -n10 read as
// one word.
func isNiceNumber(name, w string) bool {
	if name != "nice" || len(w) < 2 || w[0] != '-' {
		return false
	}
	_, err := strconv.Atoi(w[1:])
	return err == nil
}

// isAssignment reports whether a word is NAME=VALUE.
func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if !ok || name == "" {
		return false
	}
	for i, c := range name {
		if c != '_' && (c < 'A' || c > 'Z') && (c < 'a' || c > 'z') && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// durationSeconds reads timeout's duration (a number with an optional
// suffix s, m, h or d) as whole seconds, rounded up.
func durationSeconds(w string) (string, error) {
	units := map[byte]time.Duration{'s': time.Second, 'm': time.Minute, 'h': time.Hour, 'd': 24 * time.Hour}
	num, unit := w, time.Second
	if n := len(w); n > 0 {
		if u, ok := units[w[n-1]]; ok {
			num, unit = w[:n-1], u
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f < 0 {
		return "", fmt.Errorf("timeout's duration %q is not a number of seconds (10, 1.5m, 2h)", w)
	}
	if f == 0 {
		return "", nil // timeout 0 sets no limit
	}
	d := time.Duration(f * float64(unit))
	secs := int64((d + time.Second - 1) / time.Second)
	return strconv.FormatInt(secs, 10), nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
