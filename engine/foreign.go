package engine

import (
	"context"
	"fmt"
	"io/fs"
	"regexp"
	"strings"

	"f0/engine/internal/repair"
	"f0/engine/internal/vocab"
	"f0/internal/roots"
	"f0/internal/text"
	"f0/tool"
)

// foreignAnswer answers a call that another agent's vocabulary answered
// itself: f0 has no equivalent of the foreign tool, or the call's values
// do not fit it. The text names the f0 call to make instead.
func (p *Host) foreignAnswer(r Dialect, f *repair.Foreign, raw any) tool.Result {
	passed := (&callState{raw: raw}).passed()
	answer := fmt.Sprintf("%s: %s\nYou passed: %s", text.QuoteShort(f.Name), f.Text, passed)
	shown := map[*tool.Tool]bool{}
	for _, name := range f.Means {
		t, ok := p.Resolve(name)
		if !ok || shown[t] || len(shown) == 2 {
			continue
		}
		shown[t] = true
		if ex, ok := p.exampleWithin(r, t); ok {
			answer += "\nExample: " + ex
		}
	}
	return tool.Result{IsError: true, Text: answer}
}

// toolWord matches a word that may name one of f0's tools, in its dotted
// or its listed spelling: fs.read, fs_edit, net_curl.
var toolWord = regexp.MustCompile(`\b[a-z][a-z0-9]*[._][a-z][a-z0-9_]*[a-z0-9]\b`)

// toolNamesFor writes a text that names f0's tools (the vocabularies
// write fs_edit or fs.read) with the names r's reader calls them by.
func (p *Host) toolNamesFor(r Dialect, s string) string {
	return toolWord.ReplaceAllStringFunc(s, func(w string) string {
		t := p.reg.Lookup(w)
		if t == nil || (w != t.Name && w != strings.ReplaceAll(t.Name, ".", "_")) {
			return w
		}
		return p.nameText(r, t)
	})
}

// callPaths answers the vocabularies' checks on paths in the roots of one
// call: its session's when its client gave some, else the operator's.
type callPaths struct {
	ctx   context.Context
	fixed *roots.Set
}

// PathKind says what path names in the call's roots; a path outside them,
// or roots not known, is missing.
func (c callPaths) PathKind(ctx context.Context, path string) vocab.PathKind {
	set, done := c.set(ctx)
	defer done()
	if set == nil {
		return vocab.PathMissing
	}
	loc, err := set.Locate(path)
	if err != nil {
		return vocab.PathMissing
	}
	st, err := fs.Stat(loc.Root.OS().FS(), loc.Rel)
	switch {
	case err != nil:
		return vocab.PathMissing
	case st.IsDir():
		return vocab.PathDir
	}
	return vocab.PathFile
}

// Roots are the directories of the call's roots.
func (c callPaths) Roots() []string {
	set, done := c.set(c.ctx)
	defer done()
	if set == nil {
		return nil
	}
	return set.Dirs()
}

func (c callPaths) set(ctx context.Context) (*roots.Set, func()) {
	if src := roots.SourceFrom(c.ctx); src != nil {
		set, done, err := src.Files(ctx)
		if err != nil {
			return nil, func() {} // no roots yet: the tool's call will say why
		}
		return set, done
	}
	return c.fixed, func() {}
}
