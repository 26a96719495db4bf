package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"

	"f0/engine"
	"f0/internal/text"
	"f0/tool"
)

// allResults is maxResults for a command line that prints every finding
// (a pipe, or rg's and fd's own lines): no count stops it, only the output
// budget, whose cut is then an error.
const allResults = 1 << 30

// Exit codes of rg and fd's kind, for fs.search and fs.find with their
// words: 0 found, 1 nothing found, 2 an error.
const (
	exitNoMatch = 1
	exitFailed  = 2
)

// finderOf is the rg or fd front end of t, or nil.
func finderOf(t *tool.Tool) *finder {
	if t == nil {
		return nil
	}
	return finders[t.Name]
}

// finderRun is one command line of fs.search or fs.find read as rg's or
// fd's words.
type finderRun struct {
	a     *app
	p     *engine.Host
	name  engine.Resolution
	t     *tool.Tool
	words *finderWords
	paths []string // "" for the tool's default
}

// callFinder reads the words after fs.search or fs.find as rg's or fd's,
// makes one call through the engine for each path, and prints what they
// found: as rg or fd would, or in f0's own view when a name=value word set
// one of the tool's fields.
func (a *app) callFinder(ctx context.Context, p *engine.Host, name engine.Resolution, t *tool.Tool, f *finder, words []string) error {
	w, err := f.read(p.Registry().Fields(t), words)
	if err != nil {
		return fmt.Errorf("%s: %w", t.Name, err)
	}
	run := &finderRun{a: a, p: p, name: name, t: t, words: w, paths: w.bare}
	if _, ok := w.args["path"]; ok && len(w.bare) > 0 {
		return fmt.Errorf("%s: the path is given twice, as path= and as %q", t.Name, w.bare[0])
	}
	if len(run.paths) == 0 {
		run.paths = []string{""}
	}
	if w.fields {
		return run.f0View(ctx)
	}
	return run.console(ctx)
}

// call makes the call for one path.
func (r *finderRun) call(ctx context.Context, path string, budget int) tool.Result {
	args := maps.Clone(r.words.args)
	if path != "" {
		args["path"] = path
	}
	_, counted := args["maxResults"]
	_, budgeted := args[tool.BudgetField]
	if !counted && !budgeted && budget == pipedBudget {
		args["maxResults"] = allResults
	}
	return r.p.CallResolved(ctx, r.name, args, tool.Limits{Bytes: budget})
}

// f0View prints each path's answer as any other tool's: the body on
// stdout, the rest on stderr; a search that found nothing says so on
// stderr and exits 1.
func (r *finderRun) f0View(ctx context.Context) error {
	var last error
	found := false
	for _, path := range r.paths {
		err := r.a.print(r.call(ctx, path, r.a.pipeBudget()), false)
		var st *exitStatus
		switch {
		case errors.As(err, &st) && st.code == exitNoMatch:
			last = err
		case err != nil:
			return err
		default:
			found = true
		}
	}
	if found {
		return nil
	}
	return last
}

// console prints the findings of every path as rg or fd does, and exits
// as they do: 0 when something was found, 1 when nothing was, 2 after an
// error (printed on stderr, and the other paths still searched).
//
// The tool hands each finding to the printer as it finds it (tool.
// ConsoleOptions.Found), which writes it at once: memory stays flat, and a
// reader that goes away (| head) stops the search.
func (r *finderRun) console(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	pr := newFinderPrinter(r.a, r.t.Name, r.words, cancel)
	ctx = engine.WithConsole(ctx, tool.ConsoleOptions{Terminal: isTerminal(r.a.stdout), Found: pr.found})
	failed := false
	for _, path := range r.paths {
		pr.startPath(path, len(r.paths) == 1)
		res := r.call(ctx, path, pipedBudget)
		if pr.flush() != nil {
			return &exitStatus{code: exitWriteError}
		}
		switch {
		case pr.quiet:
			return nil // -q: found; the search was stopped
		case res.IsError:
			r.failed(res.Text)
			failed = true
		case res.Partial:
			fmt.Fprintf(r.a.stderr, "f0 %s: the output stopped at %s bytes, the most one call holds; the rest was left out (narrow the search)\n", r.t.Name, text.GroupDigits(int64(pipedBudget)))
			failed = true
		}
	}
	if err := pr.finish(); err != nil {
		return &exitStatus{code: exitWriteError}
	}
	switch {
	case failed:
		return &exitStatus{code: exitFailed}
	case pr.count == 0:
		return &exitStatus{code: exitNoMatch}
	}
	return nil
}

// failed prints an error of a call on stderr, as rg and fd do, in a line
// or two: f0's answer up to the call it was given and the schema, which a
// model reads, with what fd's words may have meant by it.
func (r *finderRun) failed(text string) {
	if i := strings.Index(text, "\nYou passed:"); i >= 0 {
		text = text[:i]
	}
	text = strings.TrimRight(text, "\n")
	if r.t.Name == "fs.find" && strings.Contains(text, " is a file;") {
		text += "\nThe shell expands an unquoted glob into the names of files (f0 fs.find *.go is f0 fs.find a.go b.go): quote it, f0 fs.find '*.go'."
	}
	fmt.Fprintln(r.a.stderr, forTerminal(r.a.stderr, text))
}
