package fs

import (
	"io"
	iofs "io/fs"
	"os"

	"f0/internal/roots"
)

// dirent is one name of a directory listing and its type bits
// (iofs.ModeDir, iofs.ModeSymlink, …; 0 for a regular file).
type dirent struct {
	name string
	typ  iofs.FileMode
}

// dirHandle is a directory the walk reached through its root. Where the
// system allows, it also holds a descriptor of the directory, which lists
// its entries and opens its files with one system call each, relative to
// the descriptor: a name from the listing (one component, never . or ..)
// opened without following a link cannot lead outside the directory.
type dirHandle struct {
	root *os.Root
	// f keeps fd open; fd is -1 when there is none (the root is used).
	f  *os.File
	fd int
}

// rootOnly is a handle that opens everything through the root.
func rootOnly(dir *os.Root) *dirHandle { return &dirHandle{root: dir, fd: -1} }

func (d *dirHandle) close() {
	if d.f != nil {
		d.f.Close()
	}
	d.root.Close()
}

// file is a file open for reading: by descriptor (f is nil) or as an
// *os.File.
type file struct {
	f  *os.File
	fd int
}

// openFile opens a file of the directory for reading; link says the
// listing showed a symbolic link, which only the root may follow.
func (d *dirHandle) openFile(name string, link bool) (file, error) {
	if !link && d.fd >= 0 && plainName(name) {
		fd, err := openAt(d.fd, name)
		if err == nil {
			return file{fd: fd}, nil
		}
		if !isLinkErr(err) {
			return file{fd: -1}, &os.PathError{Op: "open", Path: name, Err: err}
		}
		// Replaced by a link since it was listed: the root follows it.
	}
	f, err := roots.OpenRead(d.root, name)
	return file{f: f, fd: -1}, err
}

// plainName reports whether name is one component other than . and ..
func plainName(name string) bool {
	if name == "" || name == "." || name == ".." {
		return false
	}
	for i := 0; i < len(name); i++ {
		if name[i] == '/' || name[i] == 0 {
			return false
		}
	}
	return true
}

// Read reads into p; it returns io.EOF at the end.
func (f *file) Read(p []byte) (int, error) {
	if f.f != nil {
		return f.f.Read(p)
	}
	return readFD(f.fd, p)
}

// readFull reads until p is full or the file ends (io.EOF when nothing
// was read, io.ErrUnexpectedEOF when part of p was).
func (f *file) readFull(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		m, err := f.Read(p[n:])
		n += m
		if err != nil {
			if n > 0 && err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return n, err
		}
	}
	return n, nil
}

// regularSize is the size of a regular file; ok is false for anything
// else.
func (f *file) regularSize() (size int64, ok bool) {
	if f.f != nil {
		info, err := f.f.Stat()
		if err != nil || !info.Mode().IsRegular() {
			return 0, false
		}
		return info.Size(), true
	}
	return statFD(f.fd)
}

func (f *file) close() {
	if f.f != nil {
		f.f.Close()
		return
	}
	closeFD(f.fd)
}
