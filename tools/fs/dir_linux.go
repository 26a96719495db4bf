package fs

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	iofs "io/fs"
	"os"
	"syscall"
)

// openDir opens the directory reached as dir (through its root) for
// listing and for opening its files by descriptor; the handle owns dir.
func openDir(dir *os.Root) (*dirHandle, error) {
	f, err := dir.Open(".")
	if err != nil {
		dir.Close()
		return nil, err
	}
	return &dirHandle{root: dir, f: f, fd: int(f.Fd())}, nil
}

// direntBuf is the size of one getdents read.
const direntBuf = 32 << 10

// list reads the directory's entries with getdents, whose records carry
// each name's type, so no entry needs a stat (but on file systems that
// leave the type unknown). buf is reused when big enough.
func (d *dirHandle) list(buf []byte) ([]dirent, []byte, error) {
	if cap(buf) < direntBuf {
		buf = make([]byte, direntBuf)
	}
	buf = buf[:cap(buf)]
	var out []dirent
	for {
		n, err := syscall.ReadDirent(d.fd, buf)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return out, buf, &os.PathError{Op: "readdirent", Path: d.root.Name(), Err: err}
		}
		if n <= 0 {
			return out, buf, nil
		}
		out = d.parse(buf[:n], out)
	}
}

// parse appends the entries of getdents records (struct linux_dirent64:
// inode, offset, record length, type, NUL-terminated name).
func (d *dirHandle) parse(recs []byte, out []dirent) []dirent {
	const nameAt = 19
	for len(recs) >= nameAt {
		size := int(binary.NativeEndian.Uint16(recs[16:18]))
		if size < nameAt || size > len(recs) {
			break
		}
		typ, name := recs[18], recs[nameAt:size]
		recs = recs[size:]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		if len(name) == 0 || string(name) == "." || string(name) == ".." {
			continue
		}
		e := dirent{name: string(name)}
		switch typ {
		case syscall.DT_REG:
		case syscall.DT_DIR:
			e.typ = iofs.ModeDir
		case syscall.DT_LNK:
			e.typ = iofs.ModeSymlink
		case syscall.DT_UNKNOWN:
			info, err := d.root.Lstat(e.name)
			if err != nil {
				continue // gone since it was listed
			}
			e.typ = info.Mode().Type()
		default:
			e.typ = iofs.ModeIrregular
		}
		out = append(out, e)
	}
	return out
}

// openAt opens a file of the directory by descriptor, never following a
// link, without blocking on a FIFO.
func openAt(dirfd int, name string) (int, error) {
	for {
		fd, err := syscall.Openat(dirfd, name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

// isLinkErr reports an open that met a symbolic link.
func isLinkErr(err error) bool { return err == syscall.ELOOP }

func readFD(fd int, p []byte) (int, error) {
	for {
		n, err := syscall.Read(fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &os.PathError{Op: "read", Path: "", Err: err}
		case n == 0 && len(p) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func statFD(fd int) (int64, bool) {
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return 0, false
	}
	return st.Size, true
}

func closeFD(fd int) { syscall.Close(fd) }
