package fs

import (
	"container/heap"
	"context"
	"errors"
	iofs "io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"f0/internal/roots"
)

// The walk lists a directory tree in parallel and hands its entries to one
// consumer in a fixed order: depth first, names sorted bytewise, a
// directory's contents right after the directory. Work on files (a content
// search) also runs in the workers, a chunk of files at a time. Workers take
// the pending task that comes first in that order, so they stay just ahead
// of the consumer, and the consumer can stop at any point (the output
// budget) with a result that does not depend on timing.
//
// Every directory is opened through the root (os.Root.OpenRoot) and every
// file through its directory's root, so nothing outside the root is read
// even when a directory is swapped for a symlink while the walk runs.

// kind is what a directory entry is.
type kind uint8

const (
	kindFile kind = iota
	kindDir
	kindLink
	kindOther
)

// entry is one name found by the walk.
type entry struct {
	rel   string // root-relative, slash-separated
	name  string
	kind  kind
	depth int // 1 for the children of the start directory
	info  iofs.FileInfo
	// child is the listing of a directory the walk goes into.
	child *dirTask
	// chunk holds the work result of a file.
	chunk  *chunkTask
	result any
}

// noiseDirs are skipped unless asked for: version control data and
// dependency or cache trees that drown every listing.
var noiseDirs = map[string]bool{
	".git": true, ".hg": true, ".svn": true, ".bzr": true, "_darcs": true, ".jj": true,
	"node_modules": true, "__pycache__": true, ".venv": true, ".tox": true, ".mypy_cache": true,
	".pytest_cache": true, ".ruff_cache": true, ".gradle": true, ".terraform": true, ".next": true,
}

// walkSpec says what to walk and what to do with files.
type walkSpec struct {
	start roots.Loc
	// maxDepth is the deepest entry reported (1: the start's children);
	// 0 means no limit.
	maxDepth int
	// hidden includes names starting with a dot; all includes noiseDirs;
	// ignore honours .gitignore files; info fills entry.info (a stat per
	// entry, so only listings that show sizes or times ask for it).
	hidden, all, ignore, info bool
	// ignoreFiles are more file names read as .gitignore is
	// (.geminiignore), whatever ignore says.
	ignoreFiles []string
	// descend, when set, decides whether a directory is walked into.
	descend func(rel string, depth int) bool
	// wantFile, when set, decides whether work runs on a file.
	wantFile func(e *entry) bool
	// work, when set, runs in the workers for every kept regular file (and
	// link to one); its result is in entry.result when the consumer sees
	// the entry. dir is the file's directory, opened through the root.
	work func(ctx context.Context, w *worker, dir *dirHandle, e *entry) any
	// workers, when set, keeps worker state (read buffers) between walks.
	workers *sync.Pool
}

// walkStats count what the walk saw and left out.
type walkStats struct {
	dirs, files atomic.Int64
	ignored     atomic.Int64 // entries left out by .gitignore
	hidden      atomic.Int64 // dot entries left out
	deeper      atomic.Int64 // directories at maxDepth, not opened
	mu          sync.Mutex
	noise       map[string]int // skipped noise directories by name
	problems    []string       // directories that could not be read
}

func (s *walkStats) addNoise(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.noise == nil {
		s.noise = map[string]int{}
	}
	s.noise[name]++
}

func (s *walkStats) problem(msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.problems) < 20 {
		s.problems = append(s.problems, msg)
	}
}

// worker is one walking goroutine's reusable state: the read buffer of
// file work and the buffer of directory listings.
type worker struct {
	buf, dirBuf []byte
}

// task is a unit of work ordered by key.
type task interface {
	key() string
	run(ctx context.Context, w *walk, wk *worker)
	drop()
}

// dirTask lists one directory.
type dirTask struct {
	// parent, when set, is the open parent directory the task opens its
	// directory from (one openat instead of one per path component).
	parent  *sharedRoot
	rel     string
	depth   int // depth of the directory itself (0 for the start)
	ign     *ignorer
	done    chan struct{}
	entries []entry
}

func (d *dirTask) key() string { return d.rel }

// chunkTask runs the file work of a few files of one directory.
type chunkTask struct {
	first string
	dir   *sharedRoot
	files []*entry
	done  chan struct{}
}

func (c *chunkTask) key() string { return c.first }

// sharedRoot is a directory handle closed when its last chunk is done.
type sharedRoot struct {
	dir  *dirHandle
	refs atomic.Int32
}

func (s *sharedRoot) release() {
	if s.refs.Add(-1) == 0 {
		s.dir.close()
	}
}

// chunkSize is how many files one task searches.
const chunkSize = 16

// walk is one run of a walkSpec.
type walk struct {
	spec    walkSpec
	files   *roots.Set
	stats   *walkStats
	mu      sync.Mutex
	cond    *sync.Cond
	queue   taskHeap
	pending int
}

// runWalk walks spec.start and calls emit for every kept entry in order
// until emit returns false or the walk ends. It returns after every worker
// has stopped and every handle is closed.
func runWalk(parent context.Context, files *roots.Set, spec walkSpec, emit func(*entry) bool) (*walkStats, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	w := &walk{spec: spec, files: files, stats: &walkStats{}}
	w.cond = sync.NewCond(&w.mu)
	ign, err := w.ancestorIgnores()
	if err != nil {
		return w.stats, err
	}
	top := &dirTask{rel: spec.start.Rel, ign: ign, done: make(chan struct{})}
	// The start directory is listed here, so that an error about it (not
	// found, a symlink out of the roots) is the call's error.
	if err := w.list(top, nil); err != nil {
		return w.stats, err
	}
	close(top.done)
	var wg sync.WaitGroup
	// More workers than cores: much of a walk is waiting on system calls.
	n := 4 * runtime.GOMAXPROCS(0)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.serve(ctx)
		}()
	}
	stop := context.AfterFunc(ctx, func() {
		w.mu.Lock()
		w.cond.Broadcast()
		w.mu.Unlock()
	})
	defer stop()
	w.consume(ctx, top, emit)
	cancel()
	wg.Wait()
	return w.stats, parent.Err()
}

// push schedules tasks.
func (w *walk) push(ts ...task) {
	if len(ts) == 0 {
		return
	}
	w.mu.Lock()
	for _, t := range ts {
		heap.Push(&w.queue, t)
	}
	w.pending += len(ts)
	w.cond.Broadcast()
	w.mu.Unlock()
}

// serve runs tasks, earliest first, until there are none left or the walk
// is cancelled; then it releases what is left.
func (w *walk) serve(ctx context.Context) {
	wk := &worker{}
	if w.spec.workers != nil {
		if pooled, ok := w.spec.workers.Get().(*worker); ok {
			wk = pooled
		}
		defer w.spec.workers.Put(wk)
	}
	for {
		w.mu.Lock()
		for w.queue.Len() == 0 && w.pending > 0 && ctx.Err() == nil {
			w.cond.Wait()
		}
		if w.queue.Len() == 0 {
			w.mu.Unlock()
			return
		}
		t := heap.Pop(&w.queue).(task)
		w.mu.Unlock()
		if ctx.Err() != nil {
			t.drop()
		} else {
			t.run(ctx, w, wk)
		}
		w.mu.Lock()
		w.pending--
		if w.pending == 0 {
			w.cond.Broadcast()
		}
		w.mu.Unlock()
	}
}

// consume hands entries to emit in order, waiting for their tasks.
func (w *walk) consume(ctx context.Context, d *dirTask, emit func(*entry) bool) bool {
	select {
	case <-d.done:
	case <-ctx.Done():
		return false
	}
	for i := range d.entries {
		e := &d.entries[i]
		if e.chunk != nil {
			select {
			case <-e.chunk.done:
			case <-ctx.Done():
				return false
			}
		}
		if !emit(e) {
			return false
		}
		e.result = nil // seen: the consumer kept what it needs
		if e.child != nil && !w.consume(ctx, e.child, emit) {
			return false
		}
	}
	return true
}

func (d *dirTask) run(ctx context.Context, w *walk, wk *worker) {
	defer close(d.done)
	if err := w.list(d, wk); err != nil {
		w.stats.problem(err.Error())
	}
}

func (d *dirTask) drop() {
	if d.parent != nil {
		d.parent.release()
	}
	close(d.done)
}

func (c *chunkTask) run(ctx context.Context, w *walk, wk *worker) {
	defer close(c.done)
	defer c.dir.release()
	for _, e := range c.files {
		if ctx.Err() != nil {
			return
		}
		e.result = w.spec.work(ctx, wk, c.dir.dir, e)
	}
}

func (c *chunkTask) drop() {
	close(c.done)
	c.dir.release()
}

// list reads one directory, filters its entries, and schedules the
// listings of its subdirectories and the work on its files. wk, when set,
// lends its listing buffer.
func (w *walk) list(d *dirTask, wk *worker) error {
	loc := roots.Loc{Root: w.spec.start.Root, Rel: d.rel}
	var root *os.Root
	var err error
	if d.parent != nil {
		root, err = d.parent.dir.root.OpenRoot(path.Base(d.rel))
		d.parent.release()
	} else {
		root, err = loc.Root.OS().OpenRoot(loc.Native())
	}
	if err != nil {
		return w.files.Explain("list", loc, err)
	}
	handle, err := openDir(root)
	if err != nil {
		return w.files.Explain("list", loc, err)
	}
	dir := handle.root
	shared := &sharedRoot{dir: handle}
	shared.refs.Store(1)
	defer shared.release()
	if wk == nil {
		wk = &worker{}
	}
	var list []dirent
	list, wk.dirBuf, err = handle.list(wk.dirBuf)
	if err != nil && len(list) == 0 {
		return w.files.Explain("list", loc, err)
	}
	w.stats.dirs.Add(1)
	ign := d.ign
	for _, name := range w.spec.ignoreNames() {
		ign = ign.load(dir, d.rel, name)
	}
	slices.SortFunc(list, func(a, b dirent) int { return strings.Compare(a.name, b.name) })
	depth := d.depth + 1
	entries := make([]entry, 0, len(list))
	for _, de := range list {
		name := de.name
		e := entry{rel: joinRel(d.rel, name), name: name, depth: depth}
		switch t := de.typ; {
		case t.IsDir():
			e.kind = kindDir
		case t.IsRegular():
			e.kind = kindFile
		case t&iofs.ModeSymlink != 0:
			e.kind = kindLink
		default:
			e.kind = kindOther
		}
		if !w.keep(&e, ign) {
			continue
		}
		if w.spec.info {
			e.info, _ = dir.Lstat(name) // relative to the directory's descriptor
		}
		entries = append(entries, e)
	}
	d.entries = entries
	var tasks []task
	var chunk *chunkTask
	for i := range d.entries {
		e := &d.entries[i]
		switch {
		case e.kind == kindDir:
			if (w.spec.maxDepth == 0 || depth < w.spec.maxDepth) && (w.spec.descend == nil || w.spec.descend(e.rel, depth)) {
				shared.refs.Add(1)
				e.child = &dirTask{parent: shared, rel: e.rel, depth: depth, ign: ign, done: make(chan struct{})}
				tasks = append(tasks, e.child)
			} else if w.spec.maxDepth > 0 && depth >= w.spec.maxDepth {
				w.stats.deeper.Add(1)
			}
		case w.spec.work != nil && (w.spec.wantFile == nil || w.spec.wantFile(e)):
			if e.kind != kindFile && !(e.kind == kindLink && linksToFile(dir, e.name)) {
				continue
			}
			w.stats.files.Add(1)
			if chunk == nil || len(chunk.files) == chunkSize {
				chunk = &chunkTask{first: e.rel, dir: shared, done: make(chan struct{})}
				shared.refs.Add(1)
				tasks = append(tasks, chunk)
			}
			chunk.files = append(chunk.files, e)
			e.chunk = chunk
		}
	}
	w.push(tasks...)
	return nil
}

// ignoreNames are the ignore files the walk reads in every directory.
func (s walkSpec) ignoreNames() []string {
	if !s.ignore {
		return s.ignoreFiles
	}
	return append([]string{".gitignore"}, s.ignoreFiles...)
}

// ignoredBy names the ignore files the walk reads: ".gitignore",
// ".gitignore or .geminiignore".
func (s walkSpec) ignoredBy() string {
	return strings.Join(s.ignoreNames(), " or ")
}

// unignored are the changes to a call that read no ignore file, and how
// they read in a note.
func (s walkSpec) unignored() (map[string]any, string) {
	switch {
	case len(s.ignoreFiles) == 0:
		return map[string]any{"gitignore": false}, "gitignore: false includes them"
	case !s.ignore:
		return map[string]any{"ignoreFiles": nil}, "ignoreFiles: [] includes them"
	}
	return map[string]any{"gitignore": false, "ignoreFiles": nil}, "gitignore: false with ignoreFiles: [] includes them"
}

// joinRel is the root-relative path of name in the directory rel (a
// name from a listing: one component, nothing to clean).
func joinRel(rel, name string) string {
	if rel == "." || rel == "" {
		return name
	}
	return rel + "/" + name
}

// keep applies the hidden, noise and .gitignore filters.
func (w *walk) keep(e *entry, ign *ignorer) bool {
	if e.kind == kindDir && !w.spec.all && noiseDirs[e.name] {
		w.stats.addNoise(e.name)
		return false
	}
	if !w.spec.hidden && strings.HasPrefix(e.name, ".") {
		w.stats.hidden.Add(1)
		return false
	}
	if ign != nil && ign.ignored(e.rel, e.name, e.kind == kindDir) {
		w.stats.ignored.Add(1)
		return false
	}
	return true
}

// linksToFile reports whether a symlink leads to a regular file inside dir.
func linksToFile(dir *os.Root, name string) bool {
	info, err := dir.Stat(name)
	return err == nil && info.Mode().IsRegular()
}

// ancestorIgnores loads the .gitignore files of the directories above the
// start, from the root down.
func (w *walk) ancestorIgnores() (*ignorer, error) {
	var ign *ignorer
	names := w.spec.ignoreNames()
	if len(names) == 0 || w.spec.start.Rel == "." {
		return ign, nil
	}
	r := w.spec.start.Root.OS()
	parts := strings.Split(w.spec.start.Rel, "/")
	for i := range parts {
		rel := path.Join(parts[:i]...)
		if rel == "" {
			rel = "."
		}
		dir, err := r.OpenRoot(filepath.FromSlash(rel))
		if err != nil {
			if errors.Is(err, iofs.ErrNotExist) {
				break
			}
			return nil, w.files.Explain("list", roots.Loc{Root: w.spec.start.Root, Rel: rel}, err)
		}
		for _, name := range names {
			ign = ign.load(dir, rel, name)
		}
		dir.Close()
	}
	return ign, nil
}

// taskHeap orders tasks by key in walk order: component by component,
// which is bytewise order with '/' sorting before every other byte.
type taskHeap []task

func (h taskHeap) Len() int           { return len(h) }
func (h taskHeap) Less(i, j int) bool { return walkLess(h[i].key(), h[j].key()) }
func (h taskHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *taskHeap) Push(x any)        { *h = append(*h, x.(task)) }
func (h *taskHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	return t
}

// walkLess compares slash-separated paths component by component.
func walkLess(a, b string) bool {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		x, y := a[i], b[i]
		if x == y {
			continue
		}
		if x == '/' {
			return true
		}
		if y == '/' {
			return false
		}
		return x < y
	}
	return len(a) < len(b)
}
