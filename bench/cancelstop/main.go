// Command cancelstop measures how soon f0 stops spending CPU on a call
// that the client cancelled (issue 9: within 100 ms). For each scenario
// it starts `f0 serve` over stdio, makes a call that keeps the CPU busy,
// sends notifications/cancelled after a moment, and samples the server's
// CPU time (/proc/PID/stat, 10 ms ticks) until it stays flat. It prints
// the time from the cancel to the last tick the server spent, and
// whether the call was still running when cancelled. Linux only.
//
//	go run ./bench/cancelstop -f0 ./f0 -root "$(go env GOROOT)/src" [-url http://127.0.0.1:PORT/]
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// scenario is one busy call.
type scenario struct {
	name string
	tool string
	args map[string]any
	// after is how long the call runs before it is cancelled.
	after time.Duration
}

func main() {
	bin := flag.String("f0", "f0", "the f0 binary")
	root := flag.String("root", "", "a large tree to search (e.g. $(go env GOROOT)/src)")
	url := flag.String("url", "", "an endless body (go run ./bench/endless) for a net_curl scenario")
	rounds := flag.Int("rounds", 3, "runs of each scenario")
	flag.Parse()
	if *root == "" {
		log.Fatal("-root is needed")
	}
	search := func(pattern string, ci bool) map[string]any {
		return map[string]any{"pattern": pattern, "ignoreCase": ci, "maxResults": 1000000}
	}
	list := []scenario{
		{"fs_search regex, case-insensitive", "fs_search", search(`[a-z]+_[a-z]+\s*\(.*(err|nil)`, true), 300 * time.Millisecond},
		{"fs_find a name nothing has", "fs_find", map[string]any{"pattern": "**/*.nosuchext"}, 30 * time.Millisecond},
		{"batch of 8 searches", "batch", map[string]any{"calls": batchOf(8, search(`\b(\w+)\s*:=\s*\w+\(`, true))}, 300 * time.Millisecond},
	}
	if *url != "" {
		list = append(list, scenario{"net_curl endless body", "net_curl", map[string]any{"url": *url}, 50 * time.Millisecond})
	}
	fmt.Printf("%-36s %s\n", "scenario", "ms from cancel to the last CPU tick (runs)")
	for _, s := range list {
		var ms []string
		for range *rounds {
			d, busy, err := measure(*bin, *root, s)
			switch {
			case err != nil:
				ms = append(ms, "error: "+err.Error())
			case !busy:
				ms = append(ms, "(answered first)")
			default:
				ms = append(ms, strconv.FormatInt(d.Milliseconds(), 10))
			}
		}
		fmt.Printf("%-36s %s\n", s.name, strings.Join(ms, " "))
	}
}

func batchOf(n int, args map[string]any) []any {
	calls := make([]any, n)
	for i := range calls {
		calls[i] = map[string]any{"tool": "fs_search", "args": args}
	}
	return calls
}

// measure runs one scenario and returns the time from the cancel to the
// server's last CPU tick, and whether the call was still running.
func measure(bin, root string, s scenario) (time.Duration, bool, error) {
	cmd := exec.Command(bin, "serve", "--root", root, "--access", "admin")
	in, err := cmd.StdinPipe()
	if err != nil {
		return 0, false, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0, false, err
	}
	if err := cmd.Start(); err != nil {
		return 0, false, err
	}
	defer func() { in.Close(); cmd.Process.Kill(); cmd.Wait() }()
	answers := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			answers <- sc.Text()
		}
		close(answers)
	}()
	send := func(v any) {
		raw, _ := json.Marshal(v)
		in.Write(append(raw, '\n'))
	}
	send(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "cancelstop", "version": "1"}}})
	if _, ok := <-answers; !ok {
		return 0, false, fmt.Errorf("the server ended before initialize was answered")
	}
	send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	send(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": map[string]any{"name": s.tool, "arguments": s.args}})
	select {
	case a := <-answers:
		if os.Getenv("CANCELSTOP_DEBUG") != "" {
			fmt.Fprintf(os.Stderr, "%s answered first: %.300s\n", s.name, a)
		}
		return 0, false, nil
	case <-time.After(s.after):
	}
	send(map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": map[string]any{"requestId": 2, "reason": "cancelstop"}})
	cancelled := time.Now()
	last, lastTicks := cancelled, cpuTicks(cmd.Process.Pid)
	for time.Since(last) < time.Second {
		time.Sleep(2 * time.Millisecond)
		if t := cpuTicks(cmd.Process.Pid); t != lastTicks {
			last, lastTicks = time.Now(), t
		}
	}
	go io.Copy(io.Discard, out)
	return last.Sub(cancelled), true, nil
}

// cpuTicks is the user and system time a process spent, in clock ticks.
func cpuTicks(pid int) int64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	// Fields after the command name (which may hold spaces) start at ")".
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return u + st
}
