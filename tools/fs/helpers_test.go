package fs_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"f0/catalog"
	"f0/engine"
	"f0/internal/roots"
	"f0/internal/texttest"
	"f0/tool"
)

// env is a root directory with a sibling that must stay out of reach:
//
//	base/root/             the root the tools may touch
//	base/root-evil/secret  "SECRET", outside (a sibling with the root's name as prefix)
//	root/out-file          -> base/root-evil/secret
//	root/out-dir           -> base/root-evil
//	root/dangling          -> base/root-evil/new (does not exist)
//	root/up-file           -> ../root-evil/secret (relative)
type env struct {
	t             *testing.T
	base, root    string
	outside       string
	p             *engine.Host
	outsideBefore string
}

const secret = "SECRET-OUTSIDE-CONTENT"

func newEnv(t *testing.T, cfg ...engine.Config) *env {
	t.Helper()
	base := t.TempDir()
	e := &env{t: t, base: base, root: filepath.Join(base, "root"), outside: filepath.Join(base, "root-evil")}
	must(t, os.MkdirAll(e.root, 0o755))
	must(t, os.MkdirAll(e.outside, 0o755))
	must(t, os.WriteFile(filepath.Join(e.outside, "secret"), []byte(secret+"\n"), 0o644))
	must(t, os.Symlink(filepath.Join(e.outside, "secret"), filepath.Join(e.root, "out-file")))
	must(t, os.Symlink(e.outside, filepath.Join(e.root, "out-dir")))
	must(t, os.Symlink(filepath.Join(e.outside, "new"), filepath.Join(e.root, "dangling")))
	must(t, os.Symlink("../root-evil/secret", filepath.Join(e.root, "up-file")))
	c := engine.Config{Access: tool.Admin}
	if len(cfg) > 0 {
		c = cfg[0]
	}
	e.p = pipelineFor(t, c, e.root)
	e.outsideBefore = snapshot(t, e.outside)
	t.Cleanup(func() {
		if now := snapshot(t, e.outside); now != e.outsideBefore {
			t.Errorf("the directory outside the root changed:\nbefore:\n%s\nafter:\n%s", e.outsideBefore, now)
		}
	})
	return e
}

// pipelineFor builds the real catalogue over the given roots.
func pipelineFor(t testing.TB, cfg engine.Config, roots ...string) *engine.Host {
	t.Helper()
	reg, err := catalog.New(catalog.Options{Roots: roots})
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewHost(reg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// snapshot lists a directory tree with its file contents.
func snapshot(t testing.TB, dir string) string {
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			b.WriteString("error " + err.Error() + "\n")
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		b.WriteString(rel)
		if d.Type().IsRegular() {
			data, _ := os.ReadFile(p)
			b.WriteString(" = " + string(data))
		}
		b.WriteString("\n")
		return nil
	})
	return b.String()
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// file writes a file below the root.
func (e *env) file(rel, content string) string {
	e.t.Helper()
	p := filepath.Join(e.root, filepath.FromSlash(rel))
	must(e.t, os.MkdirAll(filepath.Dir(p), 0o755))
	must(e.t, os.WriteFile(p, []byte(content), 0o644))
	return p
}

// read returns a file below the root, or "<missing>".
func (e *env) read(rel string) string {
	data, err := os.ReadFile(filepath.Join(e.root, filepath.FromSlash(rel)))
	if err != nil {
		return "<missing>"
	}
	return string(data)
}

func (e *env) call(tool string, args any) tool.Result {
	e.t.Helper()
	res := e.p.Call(context.Background(), tool, args)
	if strings.Contains(res.Text, secret) {
		e.t.Fatalf("%s returned content from outside the root:\n%s", tool, res.Text)
	}
	return res
}

// ok calls a tool that must succeed.
func (e *env) ok(tool string, args any) string {
	e.t.Helper()
	res := e.call(tool, args)
	if res.IsError {
		e.t.Fatalf("%s %v failed:\n%s", tool, args, res.Text)
	}
	return res.Text
}

// fail calls a tool that must fail.
func (e *env) fail(tool string, args any) string {
	e.t.Helper()
	res := e.call(tool, args)
	if !res.IsError {
		e.t.Fatalf("%s %v should fail:\n%s", tool, args, res.Text)
	}
	return res.Text
}

// toolCase is one row of a table of calls: the arguments a model sends
// and the answer it must get.
type toolCase struct {
	name string
	args any
	want string
}

// cases runs a table of calls of one tool that must succeed, comparing
// each whole answer.
func (e *env) cases(t *testing.T, tool string, cases []toolCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := e.ok(tool, c.args); got != c.want {
				t.Errorf("got:\n%q\nwant:\n%q", got, c.want)
			}
		})
	}
}

// assertInOrder checks that text holds each part, in order.
func assertInOrder(t testing.TB, text string, parts ...string) {
	t.Helper()
	texttest.InOrder(t, text, parts...)
}

func assertNot(t testing.TB, text string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if strings.Contains(text, p) {
			t.Fatalf("unexpected %q in:\n%s", p, text)
		}
	}
}

var footerCall = regexp.MustCompile(`(?m)^Get the rest: (\S+) (\{.*\})$`)

// next returns the arguments of a result's footer call, or nil.
func next(t testing.TB, text string) map[string]any {
	t.Helper()
	m := footerCall.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	var args map[string]any
	if err := json.Unmarshal([]byte(m[2]), &args); err != nil {
		t.Fatalf("footer call %s is not JSON: %v", m[2], err)
	}
	return args
}

// project makes a small repository-like tree.
func project(e *env) {
	e.file(".gitignore", "build/\n*.log\n")
	e.file(".hidden/h.txt", "TODO hidden\n")
	e.file("node_modules/pkg/index.js", "TODO dependency\n")
	e.file(".git/HEAD", "ref: TODO\n")
	e.file("build/out.txt", "TODO built\n")
	e.file("app.log", "TODO log\n")
	e.file("README.md", "# Demo\nTODO: write docs\n")
	e.file("cmd/app/main.go", "package main\n\nfunc main() {\n\trun() // TODO handle errors\n}\n")
	e.file("cmd/app/main_test.go", "package main\n\nfunc TestMain(t *testing.T) {}\n")
	e.file("pkg/util/util.go", "package util\n\n// TODO: more\nfunc A() int {\n\treturn 1\n}\n\nfunc B() int {\n\treturn 2 // TODO\n}\n")
	e.file("pkg/util/sub/.gitignore", "*.gen\n")
	e.file("pkg/util/sub/x.gen", "TODO generated\n")
	e.file("pkg/util/sub/keep.go", "package sub // TODO\n")
	e.file("data.bin", "TODO\x00binary")
}

// outsideWriter makes e's pipeline run change on the file being rewritten
// each time an fs.edit or fs.write append has read it and is about to put
// its result in place: a writer outside f0, at the worst moment. change
// gets how many times it ran before and the file's path.
func (e *env) outsideWriter(change func(n int, path string)) {
	e.t.Helper()
	set, err := roots.Open([]string{e.root})
	must(e.t, err)
	e.t.Cleanup(func() { set.Close() })
	n := 0
	set.BeforeReplace(func(l roots.Loc) {
		change(n, l.Abs())
		n++
	})
	reg, err := catalog.New(catalog.Options{Files: set})
	must(e.t, err)
	e.p, err = engine.NewHost(reg, engine.Config{Access: tool.Admin})
	must(e.t, err)
}

// tempFiles lists the temporary files f0 left below the root.
func (e *env) tempFiles() []string {
	var left []string
	filepath.WalkDir(e.root, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(d.Name(), ".tmp") {
			left = append(left, p)
		}
		return nil
	})
	return left
}
