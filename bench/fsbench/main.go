// Command fsbench is the one MCP client bench/fs.sh uses for every server:
// it starts a server over stdio, calls one tool many times, and reports
// the server's CPU time per call (from /proc, user + system, the server
// process alone), the wall time per call seen by the client, and the bytes
// of text each answer carries.
//
//	fsbench -tool fs_read -args '{"path":"k1.txt"}' -n 2000 -- f0 serve --root DIR
//
// `fsbench side …` runs the whole side-by-side comparison (see side.go and
// bench/side.sh).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"
)

type report struct {
	Server       string  `json:"server"`
	Tool         string  `json:"tool"`
	Calls        int     `json:"calls"`
	CPUPerCallUS float64 `json:"cpu_us_per_call"`
	WallMedianUS float64 `json:"wall_us_median"`
	WallMeanUS   float64 `json:"wall_us_mean"`
	BytesPerCall int     `json:"bytes_per_call"`
	IsError      bool    `json:"is_error"`
	Sample       string  `json:"sample"`
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "side" {
		side(os.Args[2:])
		return
	}
	tool := flag.String("tool", "", "tool to call")
	argsJSON := flag.String("args", "{}", "arguments as JSON")
	n := flag.Int("n", 1000, "measured calls")
	warmup := flag.Int("warmup", 50, "calls before measuring")
	flag.Parse()
	if *tool == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: fsbench -tool NAME [-args JSON] [-n N] -- SERVER COMMAND…")
		os.Exit(2)
	}
	var args map[string]any
	if err := json.Unmarshal([]byte(*argsJSON), &args); err != nil {
		fail("-args: %v", err)
	}
	c := start(flag.Args())
	defer c.stop()
	c.initialize()
	var last result
	for range *warmup {
		last = c.call(*tool, args)
	}
	cpu0 := c.cpu()
	walls := make([]time.Duration, 0, *n)
	for range *n {
		t0 := time.Now()
		last = c.call(*tool, args)
		walls = append(walls, time.Since(t0))
	}
	cpu := c.cpu() - cpu0
	sort.Slice(walls, func(i, j int) bool { return walls[i] < walls[j] })
	var total time.Duration
	for _, w := range walls {
		total += w
	}
	sample := last.text
	if len(sample) > 160 {
		sample = sample[:160] + "…"
	}
	out, _ := json.Marshal(report{
		Server: flag.Arg(0), Tool: *tool, Calls: *n,
		CPUPerCallUS: float64(cpu.Microseconds()) / float64(*n),
		WallMedianUS: float64(walls[len(walls)/2].Microseconds()),
		WallMeanUS:   float64(total.Microseconds()) / float64(*n),
		BytesPerCall: len(last.text), IsError: last.isError, Sample: sample,
	})
	fmt.Println(string(out))
}

// client speaks newline-delimited JSON-RPC to a server's stdin and stdout.
type client struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	id  int
}

func start(argv []string) *client {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = io.Discard
	in, err := cmd.StdinPipe()
	if err != nil {
		fail("%v", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		fail("%v", err)
	}
	if err := cmd.Start(); err != nil {
		fail("start %s: %v", argv[0], err)
	}
	return &client{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}
}

func (c *client) stop() {
	c.in.Close()
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		c.cmd.Process.Kill()
	}
}

func (c *client) send(method string, params any, withID bool) int {
	msg := map[string]any{"jsonrpc": "2.0", "method": method, "params": params}
	if withID {
		c.id++
		msg["id"] = c.id
	}
	data, _ := json.Marshal(msg)
	if _, err := c.in.Write(append(data, '\n')); err != nil {
		fail("write: %v", err)
	}
	return c.id
}

// wait reads messages until the response to id.
func (c *client) wait(id int) json.RawMessage {
	for {
		line, err := c.out.ReadBytes('\n')
		if err != nil {
			fail("read: %v", err)
		}
		var msg struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(line, &msg) != nil || msg.ID == nil || *msg.ID != id {
			continue
		}
		if msg.Error != nil {
			fail("error: %s", msg.Error)
		}
		return msg.Result
	}
}

func (c *client) initialize() {
	id := c.send("initialize", map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "fsbench", "version": "1"},
	}, true)
	c.wait(id)
	c.send("notifications/initialized", map[string]any{}, false)
}

type result struct {
	text    string
	isError bool
}

func (c *client) call(tool string, args map[string]any) result {
	raw := c.wait(c.send("tools/call", map[string]any{"name": tool, "arguments": args}, true))
	var r struct {
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
		IsError bool `json:"isError"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		fail("result: %v", err)
	}
	var b strings.Builder
	for _, part := range r.Content {
		b.WriteString(part.Text)
	}
	return result{b.String(), r.IsError}
}

// cpu is the server's user and system time so far.
func (c *client) cpu() time.Duration { return processCPU(c.cmd.Process.Pid) }

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "fsbench: "+format+"\n", args...)
	os.Exit(1)
}
