// Command cancelstop measures how soon f0 stops spending CPU on a call
// that the client cancelled (issue 9: within 100 ms). For each scenario
// it starts `f0 serve` over stdio, makes a call that keeps the CPU busy,
// sends notifications/cancelled after a moment, and samples the server's
// CPU time (the sum over its threads of /proc/PID/task/*/schedstat, in
// nanoseconds) every 2 ms until it stays flat for a second. It prints, per
// run, the time from the cancel to the end of the last sample in which the
// server was busy (more than a tenth of the sample on a CPU), and the CPU
// time it spent after the cancel: on a loaded machine the first waits for
// the scheduler too, the second is the server's own work. Linux only.
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
	fmt.Printf("%-36s %s\n", "scenario", "ms from cancel to the last busy sample / CPU ms spent after the cancel (runs)")
	for _, s := range list {
		var ms []string
		for range *rounds {
			st, busy, err := measure(*bin, *root, s)
			switch {
			case err != nil:
				ms = append(ms, "error: "+err.Error())
			case !busy:
				ms = append(ms, "(answered first)")
			default:
				ms = append(ms, fmt.Sprintf("%d/%.1f", st.lastBusy.Milliseconds(), float64(st.cpu.Microseconds())/1000))
			}
		}
		fmt.Printf("%-36s %s\n", s.name, strings.Join(ms, " "))
	}
}

// stop is how a server stopped after a cancel.
type stop struct {
	// lastBusy is the time from the cancel to the end of the last sample
	// in which the server was busy; cpu is the CPU time it spent since.
	lastBusy, cpu time.Duration
}

func batchOf(n int, args map[string]any) []any {
	calls := make([]any, n)
	for i := range calls {
		calls[i] = map[string]any{"tool": "fs_search", "args": args}
	}
	return calls
}

// measure runs one scenario and returns how the server stopped after the
// cancel, and whether the call was still running.
func measure(bin, root string, s scenario) (stop, bool, error) {
	cmd := exec.Command(bin, "serve", "--root", root, "--access", "admin")
	in, err := cmd.StdinPipe()
	if err != nil {
		return stop{}, false, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return stop{}, false, err
	}
	if err := cmd.Start(); err != nil {
		return stop{}, false, err
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
		return stop{}, false, fmt.Errorf("the server ended before initialize was answered")
	}
	send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	send(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": map[string]any{"name": s.tool, "arguments": s.args}})
	select {
	case a := <-answers:
		if os.Getenv("CANCELSTOP_DEBUG") != "" {
			fmt.Fprintf(os.Stderr, "%s answered first: %.300s\n", s.name, a)
		}
		return stop{}, false, nil
	case <-time.After(s.after):
	}
	send(map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": map[string]any{"requestId": 2, "reason": "cancelstop"}})
	cancelled := time.Now()
	pid := cmd.Process.Pid
	start := cpuTime(pid)
	last, lastBusy, prev := cancelled, cancelled, start
	const sample = 2 * time.Millisecond
	for time.Since(lastBusy) < time.Second {
		time.Sleep(sample)
		now, t := time.Now(), cpuTime(pid)
		// Busy: more than a tenth of the time since the last sample on a
		// CPU (the runtime's idle housekeeping stays far below that).
		if t-prev > now.Sub(last)/10 {
			lastBusy = now
		}
		last, prev = now, t
	}
	go io.Copy(io.Discard, out)
	return stop{lastBusy: lastBusy.Sub(cancelled), cpu: prev - start}, true, nil
}

// cpuTime is the time the process's threads spent on a CPU so far.
func cpuTime(pid int) time.Duration {
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	var sum time.Duration
	for _, t := range tasks {
		raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/schedstat", pid, t.Name()))
		if err != nil {
			continue
		}
		ns, _ := strconv.ParseInt(strings.Fields(string(raw))[0], 10, 64)
		sum += time.Duration(ns)
	}
	return sum
}
