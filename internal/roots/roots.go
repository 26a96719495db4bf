// Package roots confines file access to the directories the operator
// allowed. Every access goes through the standard library's os.Root, which
// refuses ".." escapes, symlinks that leave the root and races that swap a
// directory for a link; the lexical checks here only decide which root a
// path belongs to and produce readable errors.
package roots

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Set is the list of roots, the first being where relative paths resolve.
type Set struct {
	roots []*Root
	// origin says where the roots came from ("set by --root", "the
	// client's roots (roots/list)"), for messages; empty when unknown.
	origin string
	// shared is what every set of one server shares: the turns writers of
	// one file take (see Rewrite).
	shared *shared
	// pool is where a client set's roots came from, given back on Close;
	// nil for the operator's set.
	pool *handlePool
}

// Root is one allowed directory.
type Root struct {
	// Dir is the absolute, symlink-free path of the directory.
	Dir string
	os  *os.Root
}

// OS returns the traversal-resistant handle every access must go through.
func (r *Root) OS() *os.Root { return r.os }

// Open opens each directory as a root. Directories must exist.
func Open(dirs []string) (*Set, error) {
	if len(dirs) == 0 {
		return nil, errors.New("no roots given")
	}
	s := &Set{shared: newShared()}
	for _, d := range dirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("root %s: %w", d, err)
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		r, err := os.OpenRoot(abs)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("root %s: %w", d, err)
		}
		s.roots = append(s.roots, &Root{Dir: abs, os: r})
	}
	return s, nil
}

// WithOrigin records where the roots came from, for messages, and returns s.
// Call it once, before the set is shared.
func (s *Set) WithOrigin(origin string) *Set {
	s.origin = origin
	return s
}

// Origin says where the roots came from ("" when unknown).
func (s *Set) Origin() string { return s.origin }

// described is a view of s with another origin, sharing its handles (the
// view must not be closed).
func (s *Set) described(origin string) *Set {
	return &Set{roots: s.roots, origin: origin, shared: s.shared}
}

// Named lists the root directories with where they came from: "/a, /b —
// set by --root".
func (s *Set) Named() string {
	if s.origin == "" {
		return strings.Join(s.Dirs(), ", ")
	}
	return strings.Join(s.Dirs(), ", ") + " — " + s.origin
}

// Close releases the root handles.
func (s *Set) Close() error {
	var errs []error
	for _, r := range s.roots {
		errs = append(errs, r.os.Close())
	}
	if s.pool != nil {
		s.pool.give(len(s.roots))
		s.pool = nil
	}
	return errors.Join(errs...)
}

// Roots returns the roots in order.
func (s *Set) Roots() []*Root { return s.roots }

// Dirs returns the root directories, for messages.
func (s *Set) Dirs() []string {
	dirs := make([]string, len(s.roots))
	for i, r := range s.roots {
		dirs[i] = r.Dir
	}
	return dirs
}

// HeldRoot returns a root that l is, or that lies below l: a directory
// that must not be deleted, moved, or replaced, since that would take the
// root with it (roots may nest: --root a --root a/b/c).
func (s *Set) HeldRoot(l Loc) (*Root, bool) {
	abs := l.Abs()
	for _, r := range s.roots {
		if r.Dir == abs || strings.HasPrefix(r.Dir, strings.TrimSuffix(abs, string(filepath.Separator))+string(filepath.Separator)) {
			return r, true
		}
	}
	return nil, false
}

// Loc is a path inside a root.
type Loc struct {
	Root *Root
	// Rel is slash-separated and relative to the root ("." is the root).
	Rel string
}

// Native is Rel in the operating system's form, as os.Root methods want it.
func (l Loc) Native() string { return filepath.FromSlash(l.Rel) }

// IsRoot reports whether l is a root directory itself.
func (l Loc) IsRoot() bool { return l.Rel == "." }

// Join returns the location of a slash-separated path below l.
func (l Loc) Join(rel string) Loc { return Loc{Root: l.Root, Rel: path.Join(l.Rel, rel)} }

// Parent returns the location of the directory holding l.
func (l Loc) Parent() Loc { return Loc{Root: l.Root, Rel: path.Dir(l.Rel)} }

// OpenRead opens a file for reading through a root without following a
// FIFO's open into a block (a regular file swapped for a FIFO after a
// listing would otherwise hang the reader).
func OpenRead(r *os.Root, name string) (*os.File, error) {
	return r.OpenFile(name, openReadFlags, 0)
}

// Open opens l for reading through its root.
func (l Loc) Open() (*os.File, error) { return OpenRead(l.Root.os, l.Native()) }

// Abs is the absolute path, for messages only (never for access).
func (l Loc) Abs() string { return filepath.Join(l.Root.Dir, l.Native()) }

// ErrOutside is wrapped by every refusal to leave the roots. It is a
// refusal by the server's configuration, not a malformed argument: the
// answer names the roots and gives no input schema.
var ErrOutside error = outsideError{}

type outsideError struct{}

func (outsideError) Error() string { return "outside the allowed roots" }

// Refused marks the error as not about the shape of the call's arguments.
func (outsideError) Refused() bool { return true }

// Locate maps a path as a user or model wrote it to a root and a relative
// path: relative paths resolve against the first root; an absolute path must
// lie inside one of the roots. It opens nothing (os.Root confines the open
// that follows); the one disk access is resolving the links in the parent of
// an absolute path that names a root through a symbolic link (/tmp vs
// /private/tmp).
func (s *Set) Locate(p string) (Loc, error) {
	if strings.ContainsRune(p, 0) {
		return Loc{}, fmt.Errorf("path %q contains a NUL byte, which no file name inside the allowed roots (%s) can hold", p, s.Named())
	}
	if p == "" {
		p = "."
	}
	if len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') && filepath.VolumeName(p) == "" && isLetter(p[0]) {
		return Loc{}, fmt.Errorf("%q is a Windows path, and the roots here are %s: give a path relative to %s, or absolute inside a root", p, s.Named(), s.roots[0].Dir)
	}
	if p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`) {
		return Loc{}, fmt.Errorf("%q starts with ~, and f0 does not expand ~ (there is no home directory here): paths are relative to %s, or absolute inside the roots (%s)", p, s.roots[0].Dir, s.Named())
	}
	if !filepath.IsAbs(p) {
		rel := path.Clean(filepath.ToSlash(p))
		if rel == ".." || strings.HasPrefix(rel, "../") {
			return Loc{}, s.outside(p)
		}
		return Loc{Root: s.roots[0], Rel: rel}, nil
	}
	clean := filepath.Clean(p)
	for _, r := range s.roots {
		if rel, ok := within(r.Dir, clean); ok {
			return Loc{Root: r, Rel: rel}, nil
		}
	}
	// The path may name a root through a symlink (/tmp vs /private/tmp).
	if real, err := filepath.EvalSymlinks(filepath.Dir(clean)); err == nil {
		alt := filepath.Join(real, filepath.Base(clean))
		for _, r := range s.roots {
			if rel, ok := within(r.Dir, alt); ok {
				return Loc{Root: r, Rel: rel}, nil
			}
		}
	}
	return Loc{}, s.outside(p)
}

// within reports whether p lies inside dir, separator-aware (so /root-evil
// is not inside /root), and returns the slash-separated relative path.
func within(dir, p string) (string, bool) {
	rel, err := filepath.Rel(dir, p)
	if err != nil {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	if rel == ".." || strings.HasPrefix(rel, "../") || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

func (s *Set) outside(p string) error {
	return fmt.Errorf("%q is %w (%s); use a path inside them, relative to %s", p, ErrOutside, s.Named(), s.roots[0].Dir)
}

// Display is how results show a location: relative to its root, with the
// root's directory in front when there are several roots.
func (s *Set) Display(l Loc) string {
	if len(s.roots) == 1 || l.Root == s.roots[0] {
		return l.Rel
	}
	return l.Abs()
}

// Explain turns an os.Root error into a message that names the roots and
// never shows anything from outside them.
func (s *Set) Explain(op string, l Loc, err error) error {
	switch {
	case err == nil:
		return nil
	case strings.Contains(err.Error(), "path escapes from parent"):
		return fmt.Errorf("%s %s: refused: it leads %w (%s) through a symlink or '..'", op, s.Display(l), ErrOutside, s.Named())
	case errors.Is(err, fs.ErrNotExist):
		return s.notFound(op, l)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s %s: permission denied: %w", op, s.Display(l), fs.ErrPermission)
	}
	return fmt.Errorf("%s %s: %w", op, s.Display(l), unwrapPath(err))
}

// notFound describes a missing l with the nearest existing names and the
// other roots that hold its path.
func (s *Set) notFound(op string, l Loc) *NotFoundError {
	return &NotFoundError{Op: op, Path: s.Display(l), Suggestions: s.Suggest(l), Elsewhere: s.Elsewhere(l)}
}

// LinkTarget returns where the symbolic link l finally leads, when that
// lies inside the roots and exists (ok is false otherwise, or when l is not
// a link). Links are read through the roots, one hop at a time; it is for
// messages and names, never for access.
func (s *Set) LinkTarget(l Loc) (Loc, bool) {
	for hops := 0; hops < 40; hops++ {
		target, err := l.Root.os.Readlink(l.Native())
		if err != nil {
			return Loc{}, false
		}
		abs := target
		if !filepath.IsAbs(target) {
			abs = filepath.Join(filepath.Dir(l.Abs()), target)
		}
		next, err := s.Locate(abs)
		if err != nil {
			return Loc{}, false
		}
		info, err := next.Root.os.Lstat(next.Native())
		if err != nil {
			return Loc{}, false
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return next, true
		}
		l = next
	}
	return Loc{}, false
}

// unwrapPath drops the *PathError wrapper, whose path is relative and adds
// nothing to the message.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// WriteOptions control WriteAtomic.
type WriteOptions struct {
	// CreateDirs creates missing parent directories.
	CreateDirs bool
	// Exclusive fails when the file exists.
	Exclusive bool
	// Perm is the mode of a new file (default 0644); an existing file keeps
	// its mode.
	Perm fs.FileMode
}

// WriteAtomic writes r to l through a temporary file in the same directory,
// synced and renamed into place, so readers never see half a file and a
// failed write leaves nothing behind. It returns the bytes written. Writes
// of one file through the sets of one process (see Rewrite) take turns.
func (s *Set) WriteAtomic(l Loc, r io.Reader, opts WriteOptions) (int64, error) {
	unlock, err := s.shared.locks.lock(context.Background(), l)
	if err != nil {
		return 0, err
	}
	defer unlock()
	tmp, err := s.writeTemp(l, opts, func(w io.Writer) error {
		if _, err := io.Copy(w, r); err != nil {
			return fmt.Errorf("write %s: %w", s.Display(l), err)
		}
		return nil
	})
	if err != nil {
		return tmp.n, err
	}
	return tmp.n, tmp.commit()
}

// temp is a file's new content written beside it, waiting to take its
// place (commit) or to be thrown away (discard).
type temp struct {
	s    *Set
	l    Loc
	name string
	n    int64
	opts WriteOptions
}

// writeTemp checks that l can be written, and writes what fill gives into
// a temporary file beside it, synced and closed. fill's error is returned
// as it is. On failure nothing is left behind.
func (s *Set) writeTemp(l Loc, opts WriteOptions, fill func(io.Writer) error) (t temp, err error) {
	t = temp{s: s, l: l, opts: opts}
	root := l.Root.os
	dir := path.Dir(l.Rel)
	if opts.CreateDirs && dir != "." {
		if err := root.MkdirAll(filepath.FromSlash(dir), 0o755); err != nil {
			return t, s.Explain("create directory for", l, err)
		}
	} else if dir != "." {
		if _, err := root.Stat(filepath.FromSlash(dir)); errors.Is(err, fs.ErrNotExist) {
			parent := l.Parent()
			nf := s.notFound("write into", parent)
			nf.Path += "/"
			return t, nf
		}
	}
	perm, old, err := s.writable(l, opts)
	if err != nil {
		return t, err
	}
	f, name, err := createTemp(root, dir, path.Base(l.Rel), perm.Perm())
	if err != nil {
		return t, s.Explain("write", l, err)
	}
	t.name = name
	defer func() {
		if err != nil {
			f.Close()
			t.discard()
		}
	}()
	keepOwner(root, name, old)                    // before the mode: a change of owner clears set-ID bits
	if err = root.Chmod(name, perm); err != nil { // exact mode, whatever the umask
		return t, s.Explain("write", l, err)
	}
	err = fill(f)
	if pos, serr := f.Seek(0, io.SeekCurrent); serr == nil {
		t.n = pos
	}
	if err != nil {
		return t, err
	}
	if err = f.Sync(); err != nil {
		return t, fmt.Errorf("write %s: sync: %w", s.Display(l), err)
	}
	if err = f.Close(); err != nil {
		return t, fmt.Errorf("write %s: %w", s.Display(l), err)
	}
	return t, nil
}

// writable checks that l may be replaced (or created, with opts.Exclusive)
// and returns the mode the new file gets: the existing file's, set-ID and
// sticky bits included, or opts.Perm (default 0644); and the existing
// file, nil when there is none, whose owner the new one keeps.
func (s *Set) writable(l Loc, opts WriteOptions) (fs.FileMode, fs.FileInfo, error) {
	perm := opts.Perm
	if perm == 0 {
		perm = 0o644
	}
	root := l.Root.os
	info, err := root.Lstat(l.Native())
	if err != nil {
		return perm, nil, nil
	}
	switch {
	case opts.Exclusive:
		return 0, nil, fmt.Errorf("write %s: %w", s.Display(l), fs.ErrExist)
	case info.Mode()&fs.ModeSymlink != 0:
		if _, err := root.Stat(l.Native()); err != nil {
			return 0, nil, fmt.Errorf("write %s: refused: it is a symbolic link that leads %w (%s) or nowhere; f0 never writes through a link", s.Display(l), ErrOutside, s.Named())
		}
		if target, ok := s.LinkTarget(l); ok {
			shown := s.Display(target)
			return 0, nil, fmt.Errorf("write %s: refused: it is a symbolic link to %s; write to %s instead", s.Display(l), shown, shown)
		}
		return 0, nil, fmt.Errorf("write %s: refused: it is a symbolic link; write to the file it points to instead", s.Display(l))
	case info.IsDir():
		return 0, nil, fmt.Errorf("write %s: it is a directory", s.Display(l))
	}
	return info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky), info, nil
}

// commit puts the temporary file in the target's place: a rename, or with
// opts.Exclusive a link, which fails if the name appeared meanwhile.
func (t temp) commit() error {
	root := t.l.Root.os
	if t.opts.Exclusive {
		if err := root.Link(t.name, t.l.Native()); err != nil {
			t.discard()
			return t.s.Explain("write", t.l, err)
		}
		t.discard()
		return nil
	}
	if err := root.Rename(t.name, t.l.Native()); err != nil {
		t.discard()
		return t.s.Explain("write", t.l, err)
	}
	return nil
}

// discard removes the temporary file.
func (t temp) discard() {
	if t.name != "" {
		t.l.Root.os.Remove(t.name)
	}
}

// createTemp creates a new hidden temporary file next to the target.
func createTemp(root *os.Root, dir, base string, perm fs.FileMode) (*os.File, string, error) {
	for i := 0; ; i++ {
		name := filepath.Join(filepath.FromSlash(dir), fmt.Sprintf(".%s.f0-%d-%d.tmp", base, os.Getpid(), i))
		f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if err == nil {
			return f, name, nil
		}
		if !errors.Is(err, fs.ErrExist) || i > 100 {
			return nil, "", err
		}
	}
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
