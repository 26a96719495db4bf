package upstream

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// How long a stopping server is given: after its input is closed, and
// after it is killed.
const (
	stopGrace = 2 * time.Second
	killWait  = 3 * time.Second
)

// maxQueuedRequests is how many requests from a server wait for their
// answer; more are dropped unanswered, so a server that floods f0 with
// requests while it reads none of the answers holds a bounded amount.
const maxQueuedRequests = 16

// child is a stdio server's process and the pipes f0 talks to it over.
// f0 makes the pipes itself, so that what the server writes passes
// through a lineFilter before mcp-go reads it.
type child struct {
	cmd    *exec.Cmd
	stdin  *os.File
	stdout *os.File
	mu     sync.Mutex // one message at a time on stdin
	exited chan struct{}
	stop   sync.Once
	logger *slog.Logger
	queue  chan serverRequest
	quit   chan struct{}
}

// startChild starts the server's process, in its serverEnv; what it
// writes on stderr goes to stderr.
func startChild(srv Server, stderr io.Writer, logger *slog.Logger) (*child, error) {
	cmd := exec.Command(srv.Command, srv.Args...)
	cmd.Env, cmd.Dir, cmd.Stderr = serverEnv(srv), srv.Dir, stderr
	cmd.WaitDelay = time.Second // a grandchild holding stderr open does not hold Wait
	ownGroup(cmd)
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	c := &child{cmd: cmd, stdin: inW, stdout: outR, exited: make(chan struct{}), logger: logger,
		queue: make(chan serverRequest, maxQueuedRequests), quit: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(c.exited)
	}()
	go c.answer()
	return c, nil
}

// Write writes one message on the server's input.
func (c *child) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stdin.Write(p)
}

// Close closes the server's input (mcp-go closes it when its client
// closes); Stop ends the process.
func (c *child) Close() error { return c.stdin.Close() }

// request queues a request from the server for its answer, or drops it
// when maxQueuedRequests wait already.
func (c *child) request(r serverRequest) {
	select {
	case c.queue <- r:
	default:
		c.logger.Debug("upstream request dropped: too many wait for their answer", "method", r.method)
	}
}

// answer answers the server's requests one at a time: ping as the
// protocol asks, anything else (f0 offers upstream servers no sampling,
// roots or elicitation) with method not found, as mcp-go did.
func (c *child) answer() {
	for {
		select {
		case <-c.quit:
			return
		case r := <-c.queue:
			msg := map[string]any{"jsonrpc": "2.0", "id": r.id, "result": map[string]any{}}
			if r.method != "ping" {
				delete(msg, "result")
				msg["error"] = map[string]any{"code": -32601, "message": fmt.Sprintf("f0 does not take %q requests from upstream servers", r.method)}
			}
			line, _ := json.Marshal(msg)
			if _, err := c.Write(append(line, '\n')); err != nil {
				return
			}
		}
	}
}

// Stop ends the process: its input closed, then killed if it is still
// running after stopGrace, and waited for. Whatever it started that is
// still running in its process group (npx's node, a shell's background
// job) is killed with it, so nothing of a stopped server outlives it.
func (c *child) Stop() {
	c.stop.Do(func() {
		close(c.quit)
		c.stdin.Close()
		go io.Copy(io.Discard, c.stdout) // a server blocked writing reads its input's end
		select {
		case <-c.exited:
		case <-time.After(stopGrace):
			killGroup(c.cmd)
			select {
			case <-c.exited:
			case <-time.After(killWait):
			}
		}
		killGroup(c.cmd) // what the server left running
		c.stdout.Close()
	})
}

// inheritedEnv are the variables of f0's environment a stdio server gets,
// those the reference MCP SDK clients pass (TypeScript's
// getDefaultEnvironment, Python's DEFAULT_INHERITED_ENV_VARS) and the
// locale, time zone and temporary directory; nothing else of f0's
// environment (its own token, other servers' secrets) reaches it.
var inheritedEnv = map[string][]string{
	"windows": {"APPDATA", "HOMEDRIVE", "HOMEPATH", "LOCALAPPDATA", "PATH", "PROCESSOR_ARCHITECTURE",
		"SYSTEMDRIVE", "SYSTEMROOT", "TEMP", "TMP", "USERNAME", "USERPROFILE", "COMSPEC", "PATHEXT"},
	"": {"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR"},
}

// serverEnv is a stdio server's environment: the inherited variables
// that are set (a value starting with "()", a shell function, is left out
// as the SDKs do), then the server's configured env.
func serverEnv(srv Server) []string {
	names, ok := inheritedEnv[runtime.GOOS]
	if !ok {
		names = inheritedEnv[""]
	}
	var env []string
	for _, name := range names {
		if v, ok := os.LookupEnv(name); ok && !strings.HasPrefix(v, "()") {
			env = append(env, name+"="+v)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(srv.Env)) {
		env = append(env, k+"="+srv.Env[k])
	}
	return env
}
