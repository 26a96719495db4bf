package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"mime/multipart"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// TestCurlDiff runs every command line of testdata/curldiff/cases.txt twice
// against the same loopback fixture: once with the real curl binary and once
// as `f0 --root DIR net.curl ARGS…`, both with DIR as the working directory
// and stdout a pipe, as a script sees them. It compares what matters to a
// script: the exit code, stdout bytes, whether anything went to stderr, the
// requests the servers received and the files left in DIR.
//
// A case that differs must be listed in testdata/curldiff/known.txt with the
// aspects that differ, the class of the difference and its cause; a listed
// case that now matches fails too, so the list only shrinks.
//
// CURLDIFF_CURL and CURLDIFF_F0 name other binaries; CURLDIFF_REPORT=FILE
// writes both sides of every difference to FILE.
func TestCurlDiff(t *testing.T) {
	curl := curldiffCurl(t)
	f0bin := curldiffF0(t)
	cases := loadDiffCases(t, filepath.Join("testdata", "curldiff", "cases.txt"))
	known := loadKnownDiffs(t, filepath.Join("testdata", "curldiff", "known.txt"), cases)
	ua := "curl/" + curldiffVersion(t, curl)

	results := runDiffCases(t, cases, func(ctx context.Context, c *diffCase) diffResult {
		return c.run(ctx, t, curl, f0bin, ua)
	})
	var report strings.Builder
	matched := 0
	for i, c := range cases {
		r := results[i]
		if len(r.differs) == 0 {
			matched++
		} else {
			report.WriteString(r.report(c))
		}
		t.Run(c.id, func(t *testing.T) { checkDiffCase(t, c, r, known[c.id]) })
	}
	t.Logf("%d cases, %d match curl %s, %d known differences", len(cases), matched, ua, len(known))
	t.Logf("known differences by class: %s", knownClasses(known))
	slowest := slices.SortedFunc(slices.Values(slices.Clone(cases)), func(a, b *diffCase) int {
		return int(results[b.index].took - results[a.index].took)
	})
	for _, c := range slowest[:5] {
		t.Logf("slow: %s took %v", c.id, results[c.index].took.Round(time.Millisecond))
	}
	if path := os.Getenv("CURLDIFF_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(report.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
}

// checkDiffCase holds one case's result against its known.txt line.
func checkDiffCase(t *testing.T, c *diffCase, r diffResult, k *knownDiff) {
	if r.err != nil {
		t.Fatalf("%s:%d: %v", c.file, c.line, r.err)
	}
	got := r.aspects()
	switch {
	case k == nil && got != "":
		t.Errorf("%s:%d: f0 differs from curl in %s (add it to known.txt only with its class and cause):\n%s", c.file, c.line, got, r.report(c))
	case k != nil && got == "":
		t.Errorf("%s:%d: f0 now matches curl; delete the line %q from known.txt", c.file, c.line, c.id)
	case k != nil && got != k.aspects:
		t.Errorf("%s:%d: f0 differs from curl in %s, known.txt says %s (%s); update the line:\n%s", c.file, c.line, got, k.aspects, k.class, r.report(c))
	}
}

// runDiffCases runs the cases a few at a time: each waits on processes and
// sockets, not on the CPU.
func runDiffCases(t *testing.T, cases []*diffCase, run func(context.Context, *diffCase) diffResult) []diffResult {
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	results := make([]diffResult, len(cases))
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for i, c := range cases {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			start := time.Now()
			results[i] = run(ctx, c)
			results[i].took = time.Since(start)
		})
	}
	wg.Wait()
	return results
}

// curldiffCurl finds the reference curl. Without one the test is skipped,
// unless CURLDIFF_REQUIRE is set (.ci/run installs curl and sets it).
func curldiffCurl(t *testing.T) string {
	if p := os.Getenv("CURLDIFF_CURL"); p != "" {
		return p
	}
	p, err := exec.LookPath("curl")
	if err != nil {
		if os.Getenv("CURLDIFF_REQUIRE") != "" {
			t.Fatal("curl is not installed; .ci/run installs Debian's curl for this test")
		}
		t.Skip("curl is not installed")
	}
	return p
}

// curldiffF0 returns the f0 binary: CURLDIFF_F0, or f0 built from this
// package for the test run (cli_test.go).
func curldiffF0(t *testing.T) string {
	if p := os.Getenv("CURLDIFF_F0"); p != "" {
		return p
	}
	return built.get(t)
}

// curldiffVersion is the reference curl's version, e.g. 7.88.1.
func curldiffVersion(t *testing.T, curl string) string {
	out, err := exec.Command(curl, "--version").Output()
	if err != nil {
		t.Fatalf("%s --version: %v", curl, err)
	}
	f := strings.Fields(string(out))
	if len(f) < 2 || f[0] != "curl" {
		t.Fatalf("%s --version says %q", curl, out)
	}
	return f[1]
}

// diffCase is one line of cases.txt:
//
//	ID [EXIT=N] [STDOUT=nonempty] curl ARGS… [< FILE | <<< TEXT]  # source
//
// ARGS are shell words; $URL, $URL2, $TLS, $CLOSED, $HOSTPORT, $PORT and
// $PORT2 name the fixture. EXIT is curl's exit code (default 0), checked so a
// broken fixture cannot pass as agreement; STDOUT=nonempty compares only
// whether stdout is empty (for text that is curl's own, such as -h).
type diffCase struct {
	id, source string
	file       string
	line       int
	index      int
	exit       int
	stdoutAny  bool
	words      []*syntax.Word
	stdinFile  *syntax.Word // < FILE
	stdinText  *syntax.Word // <<< TEXT
}

var diffCaseID = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// loadDiffCases parses cases.txt.
func loadDiffCases(t *testing.T, path string) []*diffCase {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []*diffCase
	ids := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, err := parseDiffCase(line)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if prev, dup := ids[c.id]; dup {
			t.Fatalf("%s:%d: case %s already on line %d", path, n, c.id, prev)
		}
		ids[c.id], c.file, c.line, c.index = n, path, n, len(cases)
		cases = append(cases, c)
	}
	if len(cases) < 100 {
		t.Fatalf("%s has %d cases; issue 11 asks for at least 100", path, len(cases))
	}
	return cases
}

func parseDiffCase(line string) (*diffCase, error) {
	id, rest, _ := strings.Cut(line, " ")
	if !diffCaseID.MatchString(id) {
		return nil, fmt.Errorf("case id %q: want lower-case letters, digits and dashes", id)
	}
	file, err := syntax.NewParser(syntax.KeepComments(true)).Parse(strings.NewReader(rest), id)
	if err != nil {
		return nil, err
	}
	if len(file.Stmts) != 1 {
		return nil, fmt.Errorf("want one command, got %d", len(file.Stmts))
	}
	st := file.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || call.Args[0].Lit() != "curl" {
		return nil, errors.New(`want a command line starting with "curl"`)
	}
	c := &diffCase{id: id, words: call.Args[1:]}
	for _, cm := range append(st.Comments, file.Last...) {
		c.source = strings.TrimSpace(cm.Text)
	}
	if c.source == "" {
		return nil, errors.New("no # comment naming where the command line comes from")
	}
	for _, a := range call.Assigns {
		if err := c.option(a.Name.Value, a.Value.Lit()); err != nil {
			return nil, err
		}
	}
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.RdrIn:
			c.stdinFile = r.Word
		case syntax.WordHdoc:
			c.stdinText = r.Word
		default:
			return nil, fmt.Errorf("redirection %s: only < FILE and <<< TEXT", r.Op)
		}
	}
	return c, nil
}

func (c *diffCase) option(name, value string) error {
	switch {
	case name == "EXIT":
		n, err := strconv.Atoi(value)
		c.exit = n
		return err
	case name == "STDOUT" && value == "nonempty":
		c.stdoutAny = true
		return nil
	}
	return fmt.Errorf("unknown option %s=%s (EXIT=N, STDOUT=nonempty)", name, value)
}

// diffOutcome is what one client did.
type diffOutcome struct {
	exit           int
	stdout, stderr []byte
	requests       []string
	files          map[string]string
}

// diffResult is both outcomes and the aspects in which they differ.
type diffResult struct {
	curl, f0 diffOutcome
	args     []string
	differs  []string
	took     time.Duration
	err      error
}

// aspects names the differing aspects, comma-separated, in a fixed order.
func (r diffResult) aspects() string { return strings.Join(r.differs, ",") }

// run runs the case with curl, then with f0, on one fresh fixture.
func (c *diffCase) run(ctx context.Context, t *testing.T, curl, f0bin, ua string) diffResult {
	fx, err := newDiffFixture(t, ua)
	if err != nil {
		return diffResult{err: err}
	}
	cfg := &expand.Config{Env: expand.ListEnviron(fx.vars()...)}
	args, err := expand.Fields(cfg, c.words...)
	if err != nil {
		return diffResult{err: err}
	}
	r := diffResult{args: args}
	if r.curl, err = c.side(ctx, t, cfg, fx, curl, args); err != nil {
		return diffResult{err: err}
	}
	if r.curl.exit != c.exit {
		return diffResult{err: fmt.Errorf("curl exited %d, the case says %d (EXIT=):\n%s", r.curl.exit, c.exit, r.curl.stderr)}
	}
	fx.reset()
	if r.f0, err = c.side(ctx, t, cfg, fx, f0bin, append([]string{"--root", ".", "net.curl"}, args...)); err != nil {
		return diffResult{err: err}
	}
	r.differs = c.compare(r.curl, r.f0)
	return r
}

// side runs one client in a fresh working directory holding the fixture
// files, and collects what it did.
func (c *diffCase) side(ctx context.Context, t *testing.T, cfg *expand.Config, fx *diffFixture, bin string, args []string) (diffOutcome, error) {
	dir, home := t.TempDir(), t.TempDir()
	if err := writeDiffFiles(dir); err != nil {
		return diffOutcome{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	// No ~/.curlrc, no proxy, no F0_ settings of the machine.
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home, "LC_ALL=C", "TZ=UTC"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	switch {
	case c.stdinText != nil:
		text, err := expand.Literal(cfg, c.stdinText)
		if err != nil {
			return diffOutcome{}, err
		}
		cmd.Stdin = strings.NewReader(text + "\n")
	case c.stdinFile != nil:
		name, err := expand.Literal(cfg, c.stdinFile)
		if err != nil {
			return diffOutcome{}, err
		}
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			return diffOutcome{}, err
		}
		defer f.Close()
		cmd.Stdin = f
	}
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return diffOutcome{}, fmt.Errorf("%s: %w", bin, err)
	}
	if ctx.Err() != nil {
		return diffOutcome{}, fmt.Errorf("%s %q did not finish in time", bin, args)
	}
	files, err := diffTree(dir)
	return diffOutcome{exit: cmd.ProcessState.ExitCode(), stdout: stdout.Bytes(), stderr: stderr.Bytes(),
		requests: fx.seen(), files: files}, err
}

// compare lists the aspects in which f0 differs from curl.
func (c *diffCase) compare(curl, f0 diffOutcome) []string {
	var d []string
	if curl.exit != f0.exit {
		d = append(d, "exit")
	}
	if c.stdoutAny && (len(curl.stdout) == 0) != (len(f0.stdout) == 0) ||
		!c.stdoutAny && !bytes.Equal(curl.stdout, f0.stdout) {
		d = append(d, "stdout")
	}
	if (len(curl.stderr) == 0) != (len(f0.stderr) == 0) {
		d = append(d, "stderr")
	}
	if !slices.Equal(curl.requests, f0.requests) {
		d = append(d, "requests")
	}
	if !maps.Equal(curl.files, f0.files) {
		d = append(d, "files")
	}
	return d
}

// report shows both sides of each differing aspect.
func (r diffResult) report(c *diffCase) string {
	var b strings.Builder
	fmt.Fprintf(&b, "=== %s (%s:%d) differs in %s\n    curl %s\n", c.id, c.file, c.line, r.aspects(), diffShellJoin(r.args))
	show := func(name string, curl, f0 any) {
		fmt.Fprintf(&b, "--- %s\n  curl: %s\n  f0:   %s\n", name, curl, f0)
	}
	for _, a := range r.differs {
		switch a {
		case "exit":
			show(a, strconv.Itoa(r.curl.exit), strconv.Itoa(r.f0.exit))
		case "stdout":
			show(a, diffClip(r.curl.stdout), diffClip(r.f0.stdout))
		case "stderr":
			show(a, diffClip(r.curl.stderr), diffClip(r.f0.stderr))
		case "requests":
			show(a, diffClip([]byte(strings.Join(r.curl.requests, "\n"))), diffClip([]byte(strings.Join(r.f0.requests, "\n"))))
		case "files":
			show(a, diffFilesSummary(r.curl.files), diffFilesSummary(r.f0.files))
		}
	}
	if len(r.differs) > 0 && !slices.Contains(r.differs, "stderr") {
		show("stderr (alike in being empty or not)", diffClip(r.curl.stderr), diffClip(r.f0.stderr))
	}
	return b.String()
}

func diffClip(b []byte) string {
	if len(b) > 1500 {
		return fmt.Sprintf("%q… (%d bytes)", b[:1500], len(b))
	}
	return fmt.Sprintf("%q", b)
}

func diffFilesSummary(files map[string]string) string {
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if _, fixture := diffFiles[name]; fixture && files[name] == diffFiles[name] {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s=%s", name, diffClip([]byte(files[name]))))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func diffShellJoin(words []string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = strconv.Quote(w)
		if q, err := syntax.Quote(w, syntax.LangBash); err == nil {
			quoted[i] = q
		}
	}
	return strings.Join(quoted, " ")
}

// diffFiles are the files each run starts with in its working directory.
var diffFiles = map[string]string{
	"data.json":      "{\"name\": \"widget\",\n \"count\": 2}\n",
	"form.txt":       "a=1&b=two words\n",
	"payload.bin":    "bin\x00ary\r\nbytes\n\xff",
	"upload.txt":     "upload contents\nline 2\n",
	"photo.png":      string(diffBinaryBody()[:40]),
	"notes.txt":      "some notes\n",
	"page.html":      "<p>hi</p>\n",
	"message.txt":    "hello world & more = yes\n",
	"headers.txt":    "X-From-File: one\nX-Second: two\n",
	"cookies.txt":    "# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\tjarred\tfromfile\n",
	"dir/nested.txt": "nested\n",
	"records.csv":    strings.Repeat("id,name,count\n", 150), // 2 KB, over 1 KB
	// Files whose extension decides a multipart part's type (curl's table).
	"scan.PDF":   "%PDF-1.4 tiny\n",
	"feed.xml":   "<feed/>\n",
	"icon.svg":   "<svg/>\n",
	"anim.gif":   "GIF89a",
	"pic.JPG":    "\xff\xd8\xff\xe0 jpeg",
	"old.htm":    "<p>old</p>\n",
	"audio.mp3":  "ID3 mp3 bytes",
	"report.csv": "a,b\n1,2\n",
}

func writeDiffFiles(dir string) error {
	for name, content := range diffFiles {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// diffTree reads every file under dir (slash paths → contents).
func diffTree(dir string) (map[string]string, error) {
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		data, err := os.ReadFile(path)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	return files, err
}

// knownClasses counts the known differences of each class, most first.
func knownClasses(known map[string]*knownDiff) string {
	count := map[string]int{}
	for _, k := range known {
		for _, class := range strings.Split(k.class, "+") {
			count[class]++
		}
	}
	classes := slices.SortedFunc(maps.Keys(count), func(a, b string) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(classes))
	for i, c := range classes {
		parts[i] = fmt.Sprintf("%s %d", c, count[c])
	}
	return strings.Join(parts, ", ")
}

// knownClassLine is a class's entry in known.txt's legend:
// "#   name   what differs, and the code responsible".
var knownClassLine = regexp.MustCompile(`^#   ([a-z][a-z-]*[a-z])  `)

// knownDiff is one line of known.txt: ID ASPECTS CLASS CAUSE…
type knownDiff struct {
	aspects, class, cause string
}

func loadKnownDiffs(t *testing.T, path string, cases []*diffCase) map[string]*knownDiff {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, c := range cases {
		ids[c.id] = true
	}
	known := map[string]*knownDiff{}
	classes := map[string]bool{}
	for n, line := range strings.Split(string(data), "\n") {
		if m := knownClassLine.FindStringSubmatch(line); m != nil {
			classes[m[1]] = true
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			t.Fatalf("%s:%d: want ID ASPECTS CLASS CAUSE…", path, n+1)
		}
		if !ids[f[0]] {
			t.Errorf("%s:%d: no case %s in cases.txt", path, n+1, f[0])
		}
		if known[f[0]] != nil {
			t.Errorf("%s:%d: %s listed twice", path, n+1, f[0])
		}
		for _, class := range strings.Split(f[2], "+") {
			if !classes[class] {
				t.Errorf("%s:%d: class %q is not described in the legend above it", path, n+1, class)
			}
		}
		known[f[0]] = &knownDiff{aspects: f[1], class: f[2], cause: strings.Join(f[3:], " ")}
	}
	return known
}

func TestParseDiffCase(t *testing.T) {
	tests := []struct {
		line, want, err string
	}{
		{line: `get curl -s $URL/echo # man`, want: `id=get exit=0 any=false words=2 stdin=none source=man`},
		{line: `fail EXIT=22 STDOUT=nonempty curl -f "$URL/x" # man -f`, want: `id=fail exit=22 any=true words=2 stdin=none source=man -f`},
		{line: `in curl -d @- $URL <<< 'a=1' # man -d`, want: `id=in exit=0 any=false words=3 stdin=text source=man -d`},
		{line: `in2 curl -T - $URL < upload.txt # man -T`, want: `id=in2 exit=0 any=false words=3 stdin=file source=man -T`},
		{line: `Bad curl $URL # x`, err: `case id "Bad"`},
		{line: `nosource curl $URL`, err: `no # comment`},
		{line: `notcurl wget $URL # x`, err: `starting with "curl"`},
		{line: `opt FOO=1 curl $URL # x`, err: `unknown option FOO=1`},
		{line: `two curl $URL; curl $URL # x`, err: `want one command`},
	}
	for _, tc := range tests {
		c, err := parseDiffCase(tc.line)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.line, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.line, err)
			continue
		}
		stdin := "none"
		if c.stdinText != nil {
			stdin = "text"
		} else if c.stdinFile != nil {
			stdin = "file"
		}
		got := fmt.Sprintf("id=%s exit=%d any=%v words=%d stdin=%s source=%s", c.id, c.exit, c.stdoutAny, len(c.words), stdin, c.source)
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.line, got, tc.want)
		}
	}
}

// TestDiffRequestNormalises pins the only normalisations of requests: the
// clients' default User-Agent and multipart boundaries.
func TestDiffRequestNormalises(t *testing.T) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("name", "curl")
	mw.Close()
	for _, ua := range []string{"curl/7.88.1", "f0/dev"} {
		r := httptest.NewRequest("POST", "/upload?x=1", bytes.NewReader(body.Bytes()))
		r.Header.Set("User-Agent", ua)
		r.Header.Set("Content-Type", mw.FormDataContentType())
		r.Header.Set("Content-Length", strconv.Itoa(body.Len()))
		r.Header.Set("x-lower", "kept")
		got := diffRequest("A", r, body.Bytes(), "curl/7.88.1")
		want := "A POST /upload?x=1 HTTP/1.1\nContent-Length: <elided>\nContent-Type: multipart/form-data; boundary=<boundary>\n" +
			"Host: example.com\nUser-Agent: <default>\nX-Lower: kept\n\n--part\nContent-Disposition: form-data; name=\"name\"\n\n\"curl\"\n"
		if got != want {
			t.Errorf("%s:\n got %q\nwant %q", ua, got, want)
		}
	}
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("User-Agent", "MyAgent/1.0")
	if got := diffRequest("A", r, nil, "curl/7.88.1"); !strings.Contains(got, "User-Agent: MyAgent/1.0\n") {
		t.Errorf("a chosen User-Agent was normalised:\n%s", got)
	}
}
