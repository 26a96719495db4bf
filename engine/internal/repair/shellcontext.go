package repair

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"f0/engine/internal/keys"
	"f0/engine/internal/vocab"
	"f0/internal/shellwords"
	"f0/internal/text"
	"f0/tool"
)

// A routed command runs where and as its shell tool's call says: in its
// working directory (the call's cwd field, or a `cd DIR &&` in front of
// the command), with the call's environment for its $VAR and ${VAR}, and
// with its time limit for a tool that takes one (Spec.ShellTimeout).
// Every relative path the routed call gets is resolved against the
// working directory: the fields its tool declares as paths
// (Fields.Forms PathKind, with PathDefaults for absent ones) and the file
// names its raw words hold (CLI.RawWords: curl's -o, -T, -d @FILE).

// shellContext is a routed command's working directory, environment and
// time limit, and why the directory cannot be used when it cannot.
type shellContext struct {
	dir     string // relative to the first root, absolute in another root, "" for the first root
	env     map[string]string
	timeout float64 // seconds; 0 for the tool's own limits
	problem string
	settled bool
}

func contextOf(sh vocab.Shell) shellContext {
	return shellContext{dir: sh.Dir, env: sh.Env, timeout: sh.Timeout}
}

// cd is the context after `cd dir`: a relative dir is relative to the
// current one.
func (c shellContext) cd(dir string) shellContext {
	switch {
	case dir == "" || dir == ".":
	case filepath.IsAbs(dir) || c.dir == "":
		c.dir = dir
	default:
		c.dir = path.Join(c.dir, dir)
	}
	return c
}

// cutCd splits `cd DIR && rest` (or `cd DIR; rest`) into DIR and the
// rest of the line, as written.
func cutCd(line string) (dir, rest string, ok bool) {
	script, err := shellwords.ParseScript(line)
	if err != nil || len(script.Pipelines) < 2 || script.Joins[0] != "&&" && script.Joins[0] != ";" {
		return "", "", false
	}
	p := script.Pipelines[0]
	if len(p.Commands) != 1 || p.Commands[0].Err != nil || len(p.Commands[0].Redirects) > 0 {
		return "", "", false
	}
	c := p.Commands[0]
	if len(c.Words) != 2 || c.Words[0] != "cd" || c.Words[1] == "-" {
		return "", "", false
	}
	at := strings.Index(line, c.Text)
	if at < 0 {
		return "", "", false
	}
	after, op := line[at+len(c.Text):], script.Joins[0]
	if strings.HasSuffix(c.Text, op) {
		return c.Words[1], strings.TrimSpace(after), true // a statement's text holds its ;
	}
	join := strings.Index(after, op)
	if join < 0 {
		return "", "", false
	}
	return c.Words[1], strings.TrimSpace(after[join+len(op):]), true
}

// settle checks the working directory as f0 checks any path: inside the
// roots (a root named by its base name is that root), an existing
// directory; an absolute one inside the first root becomes relative.
func (c shellContext) settle(ctx context.Context, env vocab.Env) shellContext {
	if c.settled {
		return c
	}
	c.settled = true
	dir := strings.TrimSpace(c.dir)
	c.dir = ""
	if dir == "" || dir == "." || dir == "./" || env == nil {
		return c
	}
	roots := env.Roots()
	named := strings.Join(roots, ", ")
	if strings.HasPrefix(dir, "~") {
		c.problem = fmt.Sprintf("the working directory %s starts with ~, and f0 does not expand ~: give it relative to the first root or absolute inside the roots (%s)", text.QuoteShort(dir), named)
		return c
	}
	if len(roots) == 0 {
		c.dir = path.Clean(dir)
		return c
	}
	resolved, ok := inRoots(dir, roots, env.PathKind(ctx, dir) == vocab.PathDir)
	if !ok {
		c.problem = fmt.Sprintf("the working directory %s is outside the allowed roots (%s); use a directory inside them, relative to %s", text.QuoteShort(dir), named, roots[0])
		return c
	}
	switch env.PathKind(ctx, orDot(resolved)) {
	case vocab.PathDir:
		c.dir = resolved
	case vocab.PathFile:
		c.problem = fmt.Sprintf("the working directory %s is a file, not a directory", text.QuoteShort(dir))
	default:
		c.problem = fmt.Sprintf("the working directory %s does not exist in the roots (%s)", text.QuoteShort(dir), named)
	}
	return c
}

// inRoots is dir as f0 locates it in roots: relative to the first root,
// or absolute in another; a relative dir that names a root by its base
// name (Zed's cd "backend") is that root unless the first root holds it.
func inRoots(dir string, roots []string, exists bool) (string, bool) {
	if !filepath.IsAbs(dir) {
		rel := path.Clean(filepath.ToSlash(dir))
		first, rest, _ := strings.Cut(rel, "/")
		for _, r := range roots {
			if !exists && first == filepath.Base(r) {
				return inRoots(filepath.Join(r, rest), roots, true)
			}
		}
		return rel, rel != ".." && !strings.HasPrefix(rel, "../")
	}
	clean := filepath.Clean(dir)
	for i, r := range roots {
		rel, err := filepath.Rel(r, clean)
		if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
			continue
		}
		if i == 0 {
			if rel == "." {
				return "", true
			}
			return filepath.ToSlash(rel), true
		}
		return clean, true
	}
	if real, err := filepath.EvalSymlinks(clean); err == nil && real != clean {
		return inRoots(real, roots, true) // a root named through a link (/tmp vs /private/tmp)
	}
	return "", false
}

func orDot(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// rebase is a path of the routed call resolved against the working
// directory: a relative one is joined to it; an absolute one, "-"
// (standard output) and "" stay.
func (c shellContext) rebase(p string) string {
	if c.dir == "" || p == "" || p == "-" || filepath.IsAbs(p) || strings.HasPrefix(p, "~") || strings.Contains(p, "://") {
		return p
	}
	return path.Join(c.dir, p)
}

// expand puts the call's environment in place of the line's variables;
// without an environment the line is kept, for its reader to refuse a
// variable.
func (c shellContext) expand(line string) (string, error) {
	if c.env == nil {
		return line, nil
	}
	return shellwords.ExpandEnv(line, c.env)
}

// rebaseFields resolves the routed call's path fields against the working
// directory, an absent one with a default (fs.search's ".") included
// unless its list field is given; it returns what moved, for the note.
func (c shellContext) rebaseFields(t *tool.Tool, args map[string]any) []string {
	if c.dir == "" {
		return nil
	}
	var moved []string
	move := func(p string) string {
		q := c.rebase(p)
		if q != p {
			moved = append(moved, p+" → "+q)
		}
		return q
	}
	for _, field := range keys.Sorted(t.Forms) {
		if t.Forms[field] != tool.PathKind {
			continue
		}
		switch v := args[field].(type) {
		case string:
			args[field] = move(v)
		case []any:
			for i, item := range v {
				if s, ok := item.(string); ok {
					v[i] = move(s)
				}
			}
		case nil:
			def, ok := t.PathDefaults[field]
			if plural := t.Plurals[field]; ok && (plural == "" || args[plural] == nil) {
				args[field] = move(def)
			}
		}
	}
	return moved
}

// wholeLine reads the command of a raw-words tool in a line a shell
// would read (a pipe, a redirect, sudo in front): the structured fields
// its words set, and why the line cannot run in the working directory
// when its words or a redirect name files, which only the tool reads
// (CLI.RawWords rewrites words, not a shell line).
func (c shellContext) wholeLine(t *tool.Tool, name, line string) (set []string, problem string) {
	if t.RawWords == nil {
		return nil, ""
	}
	words, redirected := programWords(t, line)
	if words == nil {
		return nil, ""
	}
	out, set := t.RawWords(words, c.rebase)
	if c.dir != "" && (redirected || strings.Join(out, "\x00") != strings.Join(words, "\x00")) {
		return set, fmt.Sprintf("the line names files, and f0 resolves them in the working directory %s only in %s's own words: write the redirect as -o FILE, and give the command without the shell around it", c.dir, name)
	}
	return set, ""
}

// programWords are the words after the program of the first command of
// t's program in line, and whether its output is redirected to a file.
func programWords(t *tool.Tool, line string) ([]string, bool) {
	script, err := shellwords.ParseScript(line)
	if err != nil {
		return nil, false
	}
	for _, p := range script.Pipelines {
		for _, cmd := range p.Commands {
			words, _, err := shellwords.CutPrefix(cmd.Words)
			if cmd.Err != nil || err != nil || len(words) == 0 {
				continue
			}
			if inner, ok := shellInner(strings.Join(quoteAll(words), " ")); ok {
				if w, redirected := programWords(t, inner); w != nil {
					return w, redirected
				}
			}
			if !containsFold(t.Shell, path.Base(words[0])) {
				continue
			}
			redirected := false
			for _, r := range cmd.Redirects {
				redirected = redirected || (r.Fd == "" || r.Fd == "1") && strings.HasPrefix(r.Op, ">") && r.Target != "/dev/null"
			}
			return words[1:], redirected
		}
	}
	return nil, false
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// timeLimit gives the routed call its shell tool's time limit in the
// field its tool names for it (Spec.ShellTimeout, in that field's unit),
// unless the command's words set that field themselves.
func (c shellContext) timeLimit(t *tool.Tool, name string, args map[string]any, set []string) string {
	f := t.ShellTimeout
	if c.timeout <= 0 || f == "" || args[f] != nil {
		return ""
	}
	for _, s := range set {
		if s == f {
			return ""
		}
	}
	v := c.timeout
	if t.Forms[f] == tool.Millis {
		v *= 1000
	}
	args[f] = v
	return fmt.Sprintf("note: the shell tool's time limit is %s's %s %s", name, f, strconv.FormatFloat(v, 'f', -1, 64))
}

// withNotes is a route's note with what its context changed: the working
// directory its paths were resolved in, and its time limit.
func (c shellContext) withNotes(note string, moved []string, timeNote string) string {
	if c.dir != "" {
		note += "\nnote: ran in the working directory " + c.dir
		if len(moved) > 0 {
			note += " (" + strings.Join(moved, ", ") + ")"
		}
	}
	if timeNote != "" {
		note += "\n" + timeNote
	}
	return note
}
