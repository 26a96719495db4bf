package roots

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// ExistsError is a destination that exists when it must not.
type ExistsError struct {
	// Path is the destination as results show it.
	Path string
	// IsDir tells whether it is a directory; IsLink whether it is a
	// symbolic link.
	IsDir, IsLink bool
}

func (e *ExistsError) Error() string {
	kind := "a file"
	switch {
	case e.IsDir:
		kind = "a directory"
	case e.IsLink:
		kind = "a symbolic link"
	}
	return fmt.Sprintf("%s already exists (%s)", e.Path, kind)
}

// existsError describes an existing destination.
func (s *Set) existsError(l Loc, info fs.FileInfo) *ExistsError {
	return &ExistsError{Path: s.Display(l), IsDir: info.IsDir(), IsLink: info.Mode()&fs.ModeSymlink != 0}
}

// Unwrap makes errors.Is(err, fs.ErrExist) hold.
func (e *ExistsError) Unwrap() error { return fs.ErrExist }

// CopyOptions control Copy and Move.
type CopyOptions struct {
	// Overwrite replaces files at the destination; a directory copied onto
	// an existing directory is merged into it.
	Overwrite bool
}

// CopyReport says what a copy or a move did.
type CopyReport struct {
	// Files and Dirs count what was created at the destination.
	Files, Dirs int
	// Bytes is the size of the files copied.
	Bytes int64
	// Renamed is set when a move renamed in place instead of copying.
	Renamed bool
	// Skipped lists source entries that were left out, as results show
	// them, each with the reason: links leading outside the roots or to
	// directories, sockets, devices.
	Skipped []string
}

// MaxCopyEntries bounds the entries of one directory copy.
const MaxCopyEntries = 100_000

// entry is one item of a directory copy, relative to the source directory.
type entry struct {
	rel   string
	dir   bool
	perm  fs.FileMode
	bytes int64
}

// Copy copies a file or a directory tree from src to dst, within a root or
// across roots. Files are written with WriteAtomic; symbolic links are
// copied as the files they lead to when those lie inside the source
// directory's root, and skipped otherwise. A directory is never copied into
// itself.
func (s *Set) Copy(ctx context.Context, src, dst Loc, opts CopyOptions) (CopyReport, error) {
	var rep CopyReport
	info, err := src.Root.os.Stat(src.Native())
	if err != nil {
		return rep, s.Explain("copy", src, err)
	}
	if sameLoc(src, dst) {
		return rep, fmt.Errorf("copy %s: the source and the destination are the same", s.Display(src))
	}
	if !info.IsDir() {
		if !info.Mode().IsRegular() {
			return rep, fmt.Errorf("copy %s: not a regular file (%s)", s.Display(src), info.Mode().Type())
		}
		n, err := s.copyFile(src.Root.os, src.Native(), dst, info.Mode().Perm(), opts.Overwrite)
		if err != nil {
			return rep, err
		}
		rep.Files, rep.Bytes = 1, n
		return rep, nil
	}
	if src.Root == dst.Root && inside(src.Rel, dst.Rel) {
		return rep, fmt.Errorf("copy %s: refused: the destination %s lies inside the source", s.Display(src), s.Display(dst))
	}
	if di, err := dst.Root.os.Lstat(dst.Native()); err == nil {
		if !di.IsDir() || !opts.Overwrite {
			return rep, fmt.Errorf("copy %s: the destination %w", s.Display(src), s.existsError(dst, di))
		}
		if r, ok := s.HeldRoot(dst); ok && r != dst.Root {
			return rep, fmt.Errorf("copy %s: refused: the destination %s holds the root %s, which copying over it would change", s.Display(src), s.Display(dst), r.Dir)
		}
	}
	sub, err := src.Root.os.OpenRoot(src.Native())
	if err != nil {
		return rep, s.Explain("copy", src, err)
	}
	defer sub.Close()
	entries, skipped, err := s.collect(ctx, sub, src)
	rep.Skipped = skipped
	if err != nil {
		return rep, err
	}
	if err := dst.Root.os.MkdirAll(dst.Native(), info.Mode().Perm()|0o700); err != nil {
		return rep, s.Explain("copy to", dst, err)
	}
	rep.Dirs++
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		to := dst.Join(e.rel)
		if e.dir {
			if err := dst.Root.os.Mkdir(to.Native(), e.perm|0o700); err != nil && !errors.Is(err, fs.ErrExist) {
				return rep, s.Explain("copy to", to, err)
			}
			rep.Dirs++
			continue
		}
		n, err := s.copyFile(sub, filepath.FromSlash(e.rel), to, e.perm, opts.Overwrite)
		if err != nil {
			return rep, err
		}
		rep.Files++
		rep.Bytes += n
	}
	return rep, nil
}

// collect lists a directory tree before anything is copied, so that a copy
// never walks into what it creates.
func (s *Set) collect(ctx context.Context, sub *os.Root, src Loc) ([]entry, []string, error) {
	var entries []entry
	var skipped []string
	err := fs.WalkDir(sub.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == "." {
				return s.Explain("copy", src, err)
			}
			skipped = append(skipped, s.Display(src.Join(p))+" (unreadable: "+reason(err)+")")
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if p == "." {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if len(entries) >= MaxCopyEntries {
			return fmt.Errorf("copy %s: more than %d entries; copy smaller parts", s.Display(src), MaxCopyEntries)
		}
		switch t := d.Type(); {
		case t.IsDir():
			info, err := d.Info()
			if err != nil {
				return s.Explain("copy", src.Join(p), err)
			}
			entries = append(entries, entry{rel: p, dir: true, perm: info.Mode().Perm()})
		case t.IsRegular():
			info, err := d.Info()
			if err != nil {
				return s.Explain("copy", src.Join(p), err)
			}
			entries = append(entries, entry{rel: p, perm: info.Mode().Perm(), bytes: info.Size()})
		case t&fs.ModeSymlink != 0:
			info, err := sub.Stat(filepath.FromSlash(p))
			switch {
			case err != nil:
				skipped = append(skipped, s.Display(src.Join(p))+" (a link leading outside the copied directory, or dangling)")
			case info.IsDir():
				skipped = append(skipped, s.Display(src.Join(p))+" (a link to a directory)")
			case info.Mode().IsRegular():
				entries = append(entries, entry{rel: p, perm: info.Mode().Perm(), bytes: info.Size()})
			default:
				skipped = append(skipped, s.Display(src.Join(p))+" (a link to a special file)")
			}
		default:
			skipped = append(skipped, s.Display(src.Join(p))+" (a special file: "+t.String()+")")
		}
		return nil
	})
	return entries, skipped, err
}

func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if strings.Contains(err.Error(), "path escapes from parent") {
		return "it leads outside the roots"
	}
	return err.Error()
}

// copyFile copies one regular file from r to dst through WriteAtomic.
func (s *Set) copyFile(r *os.Root, name string, dst Loc, perm fs.FileMode, overwrite bool) (int64, error) {
	f, err := r.OpenFile(name, openReadFlags, 0)
	if err != nil {
		return 0, s.Explain("copy", dst, err)
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return 0, fmt.Errorf("copy to %s: the source is no longer a regular file", s.Display(dst))
	}
	n, err := s.WriteAtomic(dst, f, WriteOptions{Exclusive: !overwrite, Perm: perm})
	if errors.Is(err, fs.ErrExist) && !overwrite {
		exists := &ExistsError{Path: s.Display(dst)}
		if info, lerr := dst.Root.os.Lstat(dst.Native()); lerr == nil {
			exists = s.existsError(dst, info)
		}
		return n, fmt.Errorf("copy: the destination %w", exists)
	}
	return n, err
}

// Move moves a file, a directory or a symbolic link from src to dst. Within
// one root it renames (a file is linked then unlinked when it must not
// replace anything, so that nothing is ever replaced by a race); across
// roots or file systems it copies and then removes the source.
func (s *Set) Move(ctx context.Context, src, dst Loc, opts CopyOptions) (CopyReport, error) {
	var rep CopyReport
	if src.IsRoot() {
		return rep, fmt.Errorf("move %s: refused: it is a root directory", s.Display(src))
	}
	if r, ok := s.HeldRoot(src); ok {
		return rep, fmt.Errorf("move %s: refused: it holds the root %s, which would move with it", s.Display(src), r.Dir)
	}
	info, err := src.Root.os.Lstat(src.Native())
	if err != nil {
		return rep, s.Explain("move", src, err)
	}
	if sameLoc(src, dst) {
		return rep, fmt.Errorf("move %s: the source and the destination are the same", s.Display(src))
	}
	if info.IsDir() && src.Root == dst.Root && inside(src.Rel, dst.Rel) {
		return rep, fmt.Errorf("move %s: refused: the destination %s lies inside the source", s.Display(src), s.Display(dst))
	}
	di, derr := dst.Root.os.Lstat(dst.Native())
	exists := derr == nil
	if exists && (!opts.Overwrite || di.IsDir()) {
		return rep, fmt.Errorf("move %s: the destination %w", s.Display(src), s.existsError(dst, di))
	}
	if src.Root == dst.Root {
		done, err := s.rename(src, dst, info, exists)
		if done || err != nil {
			rep.Renamed = err == nil
			if err == nil && !info.IsDir() {
				rep.Files = 1
			}
			return rep, err
		}
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		return rep, fmt.Errorf("move %s: refused: a symbolic link cannot move to another root or file system; move what it points to", s.Display(src))
	}
	rep, err = s.Copy(ctx, src, dst, opts)
	if err != nil {
		if !exists {
			dst.Root.os.RemoveAll(dst.Native())
		}
		return rep, err
	}
	if len(rep.Skipped) > 0 {
		if !exists {
			dst.Root.os.RemoveAll(dst.Native())
		}
		return rep, fmt.Errorf("move %s: refused: %d entries cannot be moved to another root (%s); nothing was moved and the source was kept",
			s.Display(src), len(rep.Skipped), strings.Join(rep.Skipped, "; "))
	}
	if err := src.Root.os.RemoveAll(src.Native()); err != nil {
		return rep, fmt.Errorf("move %s: copied to %s, but removing the source failed: %w", s.Display(src), s.Display(dst), s.Explain("remove", src, err))
	}
	return rep, nil
}

// rename moves within one root; done is false when the file systems differ
// and the caller must copy instead.
func (s *Set) rename(src, dst Loc, info fs.FileInfo, exists bool) (done bool, err error) {
	r := src.Root.os
	if !exists && info.Mode().IsRegular() {
		// link fails if dst appeared meanwhile; rename would replace it.
		err := r.Link(src.Native(), dst.Native())
		if err == nil {
			if err := r.Remove(src.Native()); err != nil {
				return true, s.Explain("move", src, err)
			}
			return true, nil
		}
		if errors.Is(err, fs.ErrExist) {
			return true, fmt.Errorf("move %s: the destination %w", s.Display(src), &ExistsError{Path: s.Display(dst)})
		}
		if errors.Is(err, fs.ErrNotExist) {
			return true, s.Explain("move to", dst.Parent(), err)
		}
		// Some file systems have no hard links: rename below.
	}
	err = r.Rename(src.Native(), dst.Native())
	if err == nil {
		return true, nil
	}
	if errors.Is(err, syscall.EXDEV) {
		return false, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		if _, serr := r.Lstat(src.Native()); serr != nil {
			return true, s.Explain("move", src, serr)
		}
		return true, s.Explain("move to", dst.Parent(), err)
	}
	return true, s.Explain("move to", dst, err)
}

// sameLoc reports whether two locations name the same path.
func sameLoc(a, b Loc) bool { return a.Root == b.Root && a.Rel == b.Rel }

// inside reports whether rel lies strictly below dir (both slash-separated
// and relative to the same root).
func inside(dir, rel string) bool {
	if dir == "." {
		return rel != "."
	}
	return strings.HasPrefix(rel, dir+"/") || rel == dir
}
