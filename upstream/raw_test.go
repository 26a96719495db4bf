package upstream

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rawFake is a stdio server written by hand, for what an mcp-go server
// never does (F0_FAKE_RAW=MODE): answers too long to read, floods of
// notifications and requests, a handshake that never ends. Its tools are
// F0_FAKE_TOOLS (a JSON array) or one tool x. In MODE, tools/call does:
//
//	huge:MIB     answers a text of MIB MiB
//	endless      answers a line that never ends
//	flood:N      sends N ping requests, then reads nothing more
//	storm:N      sends N tools/list_changed first; answers how many lists it answered
//	hang         never answers
//	noinit       (the handshake is never answered; F0_FAKE_PID names a file for its pid)
func rawFake(mode string) {
	kind, arg, _ := strings.Cut(mode, ":")
	n, _ := strconv.Atoi(arg)
	if f := os.Getenv("F0_FAKE_PID"); f != "" {
		_ = os.WriteFile(f, []byte(strconv.Itoa(os.Getpid())), 0o600)
	}
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	send := func(s string) {
		out.WriteString(s + "\n")
		out.Flush()
	}
	lists, calls := 0, 0
	for {
		line, err := in.ReadBytes('\n')
		if err != nil {
			os.Exit(0)
		}
		req := readRequest(bytes.NewReader(line))
		id := string(req.ID)
		switch req.Method {
		case "initialize":
			if kind == "noinit" {
				continue
			}
			send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":%q,"capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"raw","version":"1"}}}`, id, req.Params.ProtocolVersion))
		case "tools/list":
			lists++
			tools := os.Getenv("F0_FAKE_TOOLS")
			if tools == "" {
				tools = `[{"name":"x","description":"X.","inputSchema":{"type":"object","properties":{}}}]`
			}
			var one bytes.Buffer
			_ = json.Compact(&one, []byte(tools))
			send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"tools":%s}}`, id, one.String()))
		case "tools/call":
			switch kind {
			case "huge":
				fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"`, id)
				chunk := strings.Repeat("x", 1<<20)
				for range n {
					out.WriteString(chunk)
				}
				send(`"}]}}`)
			case "endless":
				fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"`, id)
				chunk := strings.Repeat("x", 1<<16)
				for {
					if _, err := out.WriteString(chunk); err != nil {
						os.Exit(0)
					}
				}
			case "flood":
				for i := range n {
					fmt.Fprintf(out, `{"jsonrpc":"2.0","id":"p%d","method":"ping"}`+"\n", i)
				}
				out.Flush()
				time.Sleep(time.Hour)
			case "storm":
				if calls++; calls > 1 {
					send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"lists %d"}]}}`, id, lists))
					continue
				}
				for range n {
					out.WriteString(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}` + "\n")
				}
				out.Flush()
				send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"lists %d"}]}}`, id, lists))
			case "hang":
			default:
				send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"lists %d"}]}}`, id, lists))
			}
		default:
			if len(req.ID) > 0 {
				send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"no %s here"}}`, id, req.Method))
			}
		}
	}
}

// rawRequest is what the raw fakes read of a request.
type rawRequest struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		ProtocolVersion string `json:"protocolVersion"`
	} `json:"params"`
}

func readRequest(r io.Reader) rawRequest {
	var req rawRequest
	_ = json.NewDecoder(r).Decode(&req)
	return req
}

// rawUpstream is the raw fake in mode, started by f0 under name.
func rawUpstream(t testing.TB, name, mode string, env ...string) Server {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	srv := Server{Name: name, Command: exe, Env: map[string]string{"F0_FAKE_RAW": mode}}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		srv.Env[k] = v
	}
	return srv
}
