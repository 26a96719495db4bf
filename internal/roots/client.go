package roots

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"f0/internal/setting"
)

// Mode says where the file tools' roots come from.
type Mode string

// The modes of --roots.
const (
	// ModeFixed uses the operator's --root directories (or the working
	// directory) whatever the client says.
	ModeFixed Mode = "fixed"
	// ModeClient follows the MCP client's roots (roots/list), kept inside
	// the --root directories when the operator gave any.
	ModeClient Mode = "client"
)

// ParseMode reads --roots: "client", "fixed", or "" for the default (client
// without --root, fixed with it). explicit reports whether the operator
// chose.
func ParseMode(v string, haveRoots bool) (m Mode, explicit bool, err error) {
	switch Mode(strings.ToLower(strings.TrimSpace(v))) {
	case "":
		if haveRoots {
			return ModeFixed, false, nil
		}
		return ModeClient, false, nil
	case ModeClient:
		return ModeClient, true, nil
	case ModeFixed:
		return ModeFixed, true, nil
	}
	return "", false, &setting.SettingError{Setting: setting.RootsSetting, Value: v,
		Err: errors.New("want client (the MCP client's roots, inside --root when given) or fixed (only --root, or the working directory)")}
}

// Origins of operator roots, as messages name them.
const (
	OriginOperator   = "set by --root"
	OriginWorkingDir = "the working directory, as f0 was started without --root"
)

// Policy is the operator's word on roots: which set the file tools use when
// no client roots apply, and whether and how far client roots are trusted.
type Policy struct {
	// Mode is where a session's roots come from.
	Mode Mode
	// Explicit is true when the operator chose Mode with --roots.
	Explicit bool
	// Fixed is the operator's set: the --root directories, or the working
	// directory when none was given. The CLI, and clients that send no
	// roots, use it.
	Fixed *Set
	// Bounded is true when the operator gave --root: every client root
	// must then lie inside Fixed.
	Bounded bool
	// Wait is how long a call waits for the client's answer to roots/list
	// before it says the roots are not known yet (default 10s).
	Wait time.Duration
	// Logger receives every refused client root.
	Logger *slog.Logger
	// MaxOpenRoots caps the client roots open for all sessions together,
	// each an open file; 0 takes a share of the process's file limit
	// (see defaultMaxOpenRoots).
	MaxOpenRoots int
}

// MaxClientRoots is how many roots f0 follows of one session's client.
const MaxClientRoots = 32

func (p *Policy) wait() time.Duration {
	if p.Wait <= 0 {
		return 10 * time.Second
	}
	return p.Wait
}

func (p *Policy) logger() *slog.Logger {
	if p.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return p.Logger
}

// shared is what the client sets share with the operator's: one file's
// writers take turns whichever set they reach it through.
func (p *Policy) shared() *shared {
	if p.Fixed == nil {
		return newShared()
	}
	return p.Fixed.shared
}

// FollowsClient reports whether sessions ask the client for its roots.
func (p *Policy) FollowsClient() bool { return p != nil && p.Mode == ModeClient }

// ClientRoot is one root as the client sent it in roots/list.
type ClientRoot struct {
	URI  string
	Name string
}

// Refusal is a client root f0 did not use, and why.
type Refusal struct {
	URI    string
	Reason string
}

func (r Refusal) String() string { return r.URI + " (" + r.Reason + ")" }

// clientSet opens the client's roots that the operator allows. Every other
// root is refused, logged, and returned with its reason. The set is nil
// when no root was usable.
//
// Each root is an open file held for the session, so a session follows at
// most MaxClientRoots of them, reads no more than maxListedRoots entries
// of the list, and takes its roots from a pool all sessions share
// (MaxOpenRoots): no client can use up the files other sessions need.
func (p *Policy) clientSet(list []ClientRoot) (*Set, []Refusal) {
	var refused []Refusal
	pool := &p.shared().handles
	set := &Set{origin: p.clientOrigin(nil), shared: p.shared(), pool: pool}
	seen := map[string]bool{}
	for i, cr := range list {
		if why := p.roomFor(set, i, pool); why != "" {
			refused = append(refused, Refusal{URI: fmt.Sprintf("%d more roots", len(list)-i), Reason: why})
			p.logger().Warn("client roots refused", "count", len(list)-i, "reason", why)
			break
		}
		r, err := p.openClientRoot(cr.URI)
		if err != nil {
			pool.give(1)
			refused = append(refused, Refusal{URI: cr.URI, Reason: err.Error()})
			p.logger().Warn("client root refused", "uri", cr.URI, "name", cr.Name, "reason", err.Error())
			continue
		}
		if seen[r.Dir] {
			pool.give(1)
			r.os.Close()
			continue
		}
		seen[r.Dir] = true
		set.roots = append(set.roots, r)
	}
	set.origin = p.clientOrigin(refused)
	if len(set.roots) == 0 {
		set.Close()
		return nil, refused
	}
	return set, refused
}

// maxListedRoots is how many entries of one roots/list answer f0 reads.
const maxListedRoots = 4 * MaxClientRoots

// roomFor takes a handle from the pool for the i-th listed root, or says
// why the set takes no more roots.
func (p *Policy) roomFor(set *Set, i int, pool *handlePool) string {
	switch {
	case len(set.roots) >= MaxClientRoots:
		return fmt.Sprintf("f0 follows at most %d roots per session", MaxClientRoots)
	case i >= maxListedRoots:
		return fmt.Sprintf("f0 reads at most %d entries of roots/list", maxListedRoots)
	}
	limit := cmp.Or(p.MaxOpenRoots, defaultMaxOpenRoots())
	if !pool.take(limit) {
		return fmt.Sprintf("f0 has %d client roots open for all sessions, its most; they free up as sessions end", limit)
	}
	return ""
}

// clientOrigin describes client roots for messages.
func (p *Policy) clientOrigin(refused []Refusal) string {
	o := "the client's roots (roots/list)"
	if p.Bounded {
		o = "the client's roots (roots/list), kept inside --root " + strings.Join(p.Fixed.Dirs(), ", ")
	}
	if len(refused) > 0 {
		o += "; refused: " + joinRefusals(refused)
	}
	return o
}

// shownRefusals is how many refusals a message names; the rest are counted.
const shownRefusals = 8

func joinRefusals(refused []Refusal) string {
	parts := make([]string, 0, min(len(refused), shownRefusals+1))
	for i, r := range refused {
		if i == shownRefusals {
			parts = append(parts, fmt.Sprintf("and %d more", len(refused)-i))
			break
		}
		parts = append(parts, r.String())
	}
	return strings.Join(parts, "; ")
}

// openClientRoot turns one root URI into an open root the operator allows.
// With bounds, the root is opened through the bound's own handle, so even
// a directory swapped for a link meanwhile cannot lead out of it.
func (p *Policy) openClientRoot(uri string) (*Root, error) {
	dir, err := dirOfURI(uri)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errors.New("no such directory")
		}
		return nil, fmt.Errorf("cannot resolve it: %w", unwrapPath(err))
	}
	if !p.Bounded {
		return openDir(real)
	}
	for _, b := range p.Fixed.roots {
		if rel, ok := within(b.Dir, real); ok {
			return openInside(b, rel, real)
		}
	}
	bounds := strings.Join(p.Fixed.Dirs(), ", ")
	for _, b := range p.Fixed.roots {
		if _, ok := within(b.Dir, dir); ok {
			return nil, fmt.Errorf("a symbolic link leads it to %s, outside --root %s", real, bounds)
		}
	}
	return nil, fmt.Errorf("outside --root %s", bounds)
}

// openDir opens an absolute, symlink-free directory as a root.
func openDir(dir string) (*Root, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot open it: %w", unwrapPath(err))
	}
	if !info.IsDir() {
		return nil, errors.New("not a directory")
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot open it: %w", unwrapPath(err))
	}
	return &Root{Dir: dir, os: r}, nil
}

// openInside opens rel below the bound b as a root of its own.
func openInside(b *Root, rel, dir string) (*Root, error) {
	if rel == "." {
		r, err := os.OpenRoot(b.Dir)
		if err != nil {
			return nil, fmt.Errorf("cannot open it: %w", unwrapPath(err))
		}
		return &Root{Dir: b.Dir, os: r}, nil
	}
	info, err := b.os.Stat(filepath.FromSlash(rel))
	if err != nil {
		if strings.Contains(err.Error(), "path escapes from parent") {
			return nil, fmt.Errorf("it leads outside --root %s through a symbolic link", b.Dir)
		}
		return nil, fmt.Errorf("cannot open it: %w", unwrapPath(err))
	}
	if !info.IsDir() {
		return nil, errors.New("not a directory")
	}
	r, err := b.os.OpenRoot(filepath.FromSlash(rel))
	if err != nil {
		return nil, fmt.Errorf("cannot open it: %w", unwrapPath(err))
	}
	return &Root{Dir: dir, os: r}, nil
}

// dirOfURI reads a root URI as a local directory: file:///abs/path (or
// file://localhost/abs/path), percent-decoded, without "." or ".."
// segments, encoded slashes, NUL bytes, a query or a fragment.
func dirOfURI(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", errors.New("not a valid URI")
	}
	switch {
	case !strings.EqualFold(u.Scheme, "file"):
		return "", errors.New("not a file:// URI; f0 serves local directories only")
	case u.Host != "" && !strings.EqualFold(u.Host, "localhost"):
		return "", fmt.Errorf("names another host (%s); only local file:///path roots are used", u.Host)
	case u.Opaque != "" || !strings.HasPrefix(u.Path, "/"):
		return "", errors.New("not an absolute file:///path URI")
	case u.RawQuery != "" || u.Fragment != "" || u.ForceQuery:
		return "", errors.New("carries a query or fragment, which a directory URI has no use for")
	case strings.Contains(strings.ToLower(u.EscapedPath()), "%2f"):
		return "", errors.New("encodes a slash (%2F) inside a name")
	case strings.ContainsRune(u.Path, 0):
		return "", errors.New("contains a NUL byte")
	}
	for _, seg := range strings.Split(u.Path, "/") {
		if seg == ".." || seg == "." {
			return "", fmt.Errorf("contains a %q segment; send the directory's plain absolute path", seg)
		}
	}
	return filepath.Clean(filepath.FromSlash(u.Path)), nil
}

// OpenOperator opens the operator's roots: the --root directories, or the
// working directory when none was given, each with its origin.
func OpenOperator(dirs []string) (*Set, error) {
	origin := OriginOperator
	if len(dirs) == 0 {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("working directory: %w", err)
		}
		dirs, origin = []string{wd}, OriginWorkingDir
	}
	s, err := Open(dirs)
	if err != nil {
		return nil, &setting.SettingError{Setting: setting.RootSetting, Err: err}
	}
	return s.WithOrigin(origin), nil
}
