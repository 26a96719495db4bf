package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"f0/engine"
	"f0/internal/shellwords"
	"f0/internal/text"
	"f0/tool"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"f0/upstream"
)

// bearerTransport adds the bearer token to every request, the session's
// closing DELETE included.
type bearerTransport struct {
	token string
	next  http.RoundTripper
}

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// remoteTarget is a running MCP server: a streamable HTTP URL, or a command
// to start and talk to over stdio.
type remoteTarget struct {
	url, command, tokenEnv string
}

// call calls a tool on the target. The server's pipeline resolves the name
// and repairs the arguments, exactly as for any other client.
func (rt remoteTarget) call(ctx context.Context, name string, args any) (tool.Result, error) {
	refusal := &authRefusal{}
	c, where, err := rt.connect(refusal)
	if err != nil {
		return tool.Result{}, err
	}
	defer c.Close()
	res, err := rt.callOn(ctx, c, where, name, args)
	if err != nil && refusal.seen() {
		return res, rt.refused(refusal)
	}
	return res, err
}

// callOn makes the call on a connected client.
func (rt remoteTarget) callOn(ctx context.Context, c *client.Client, where, name string, args any) (tool.Result, error) {
	if r, ok := client.GetStderr(c); ok {
		// A server that dies says why on stderr: keep its last words for
		// the error, instead of a bare "transport closed".
		child := newStderrTail(r)
		res, err := rt.session(ctx, c, where, name, args)
		if err != nil {
			err = child.explain(err, func() { c.Close() })
		}
		return res, err
	}
	return rt.session(ctx, c, where, name, args)
}

// session initializes the MCP session and makes the call.
func (rt remoteTarget) session(ctx context.Context, c *client.Client, where, name string, args any) (tool.Result, error) {
	if err := c.Start(ctx); err != nil {
		return tool.Result{}, fmt.Errorf("connect to %s: %w", where, err)
	}
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcpgo.Implementation{Name: engine.RelayClientName, Version: version()}
	if _, err := c.Initialize(ctx, init); err != nil {
		return tool.Result{}, fmt.Errorf("initialize with %s: %w", where, err)
	}
	req := mcpgo.CallToolRequest{}
	req.Params.Name = name
	if raw, ok := args.(json.RawMessage); ok {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			req.Params.Arguments = string(raw) // let the server explain
		} else {
			req.Params.Arguments = v
		}
	} else {
		req.Params.Arguments = args
	}
	res, err := c.CallTool(ctx, req)
	if err != nil {
		return tool.Result{}, fmt.Errorf("call %s on %s: %w", name, where, err)
	}
	out := fromMCP(res)
	out.Text = engine.ExpandMarked(out.Text, remoteRenderer{target: rt})
	return out, nil
}

// remoteRenderer writes the calls a remote f0 suggests as the `f0 call`
// command line that makes them against the same server:
//
//	f0 call --server http://127.0.0.1:8931/mcp fs_read '{"path":"go.mod","offset":120}'
//
// It writes only calls; the rest is the listed dialect's.
type remoteRenderer struct {
	target remoteTarget
	engine.ListedDialect
}

// Call writes `f0 call --server URL|--stdio CMD NAME 'JSON'`.
func (r remoteRenderer) Call(s tool.Suggestion) string {
	words := append(append([]string{"f0", "call"}, r.target.flagWords()...), s.Listed)
	if s.Args != nil {
		words = append(words, text.CompactJSON(s.Args))
	}
	return strings.Join(quoteWords(words), " ")
}

// Name writes the listed name, which `f0 call` takes as it is.
func (r remoteRenderer) Name(s tool.Suggestion) string { return s.Listed }

// flagWords are the `f0 call` flags that reach the target again.
func (rt remoteTarget) flagWords() []string {
	if rt.command != "" {
		return []string{"--stdio", rt.command}
	}
	words := []string{"--server", rt.url}
	if rt.tokenEnv != "" {
		words = append(words, "--auth-token-env", rt.tokenEnv)
	}
	return words
}

// connect builds the client for the target; a stdio command line is split
// like a POSIX shell would.
func (rt remoteTarget) connect(refusal *authRefusal) (*client.Client, string, error) {
	if rt.command != "" {
		words, _, err := shellwords.ShellWords(rt.command)
		if err != nil || len(words) == 0 {
			return nil, "", fmt.Errorf("--stdio %q: not a command line: %v", rt.command, err)
		}
		c, err := client.NewStdioMCPClient(words[0], os.Environ(), words[1:]...)
		if err != nil {
			return nil, "", fmt.Errorf("start %s: %w", rt.command, err)
		}
		return c, rt.command, nil
	}
	refusal.next = http.DefaultTransport
	httpClient := &http.Client{Transport: refusal}
	if rt.tokenEnv != "" {
		token, err := tokenFromEnv(rt.tokenEnv)
		if err != nil {
			return nil, "", err
		}
		httpClient.Transport = bearerTransport{token: token, next: refusal}
	}
	c, err := client.NewStreamableHttpClient(rt.url, transport.WithHTTPBasicClient(httpClient))
	if err != nil {
		return nil, "", fmt.Errorf("connect to %s: %w", rt.url, err)
	}
	return c, rt.url, nil
}

// authRefusal watches the answers of an HTTP server for a 401, whose
// reason (no token, a wrong one) the MCP client folds into one
// "authorization required".
type authRefusal struct {
	next http.RoundTripper
	// mu guards reason, the server's words and its WWW-Authenticate error.
	mu     sync.Mutex
	reason string
	wrong  bool
	status bool
}

func (a *authRefusal) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := a.next.RoundTrip(r)
	if err != nil || res.StatusCode != http.StatusUnauthorized {
		return res, err
	}
	body, _ := io.ReadAll(io.LimitReader(res.Body, 1024))
	res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(body))
	a.mu.Lock()
	defer a.mu.Unlock()
	a.status = true
	a.reason = strings.TrimSpace(string(body))
	a.wrong = r.Header.Get("Authorization") != "" || strings.Contains(res.Header.Get("WWW-Authenticate"), "invalid_token")
	return res, nil
}

// seen reports whether the server answered 401.
func (a *authRefusal) seen() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.status
}

// refused is the error for a server that answered 401: the token is
// missing, or the one sent is wrong.
func (rt remoteTarget) refused(a *authRefusal) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	said := ""
	if a.reason != "" {
		said = fmt.Sprintf(" (the server said: %s)", text.QuoteShort(a.reason))
	}
	if a.wrong {
		return fmt.Errorf("%s refused the bearer token in $%s: it is not the server's token%s; check the value of %s", rt.url, rt.tokenEnv, said, rt.tokenEnv)
	}
	return fmt.Errorf("%s wants a bearer token and none was sent%s: put it in an environment variable and name that with --auth-token-env NAME", rt.url, said)
}

// fromMCP converts an MCP result back into a pipeline result for printing.
func fromMCP(res *mcpgo.CallToolResult) tool.Result {
	out := tool.Result{IsError: res.IsError}
	for _, c := range res.Content {
		switch v := c.(type) {
		case mcpgo.TextContent:
			if out.Text != "" {
				out.Text += "\n"
			}
			out.Text += v.Text
		case mcpgo.ImageContent:
			data, _ := base64.StdEncoding.DecodeString(v.Data)
			out.Images = append(out.Images, tool.Image{MIMEType: v.MIMEType, Data: data})
		case mcpgo.ResourceLink:
			size := int64(-1)
			if v.Size != nil {
				size = *v.Size
			}
			out.Links = append(out.Links, tool.Link{URI: v.URI, Name: v.Name, MIMEType: v.MIMEType, Size: size})
		}
	}
	return out
}

// stderrTail keeps the last bytes a stdio server wrote to stderr, copied
// from the server's stream until it ends.
type stderrTail struct {
	upstream.Tail
	done chan struct{}
}

func newStderrTail(r io.Reader) *stderrTail {
	s := &stderrTail{done: make(chan struct{})}
	go func() {
		defer close(s.done)
		io.Copy(&s.Tail, r)
	}()
	return s
}

// stderrWait is how long a failed call waits for the server's stderr to
// end by itself (a server that died ends it at once) before closing the
// server; closing first could lose what it wrote last.
const stderrWait = 5 * time.Second

// explain adds what the server wrote on stderr to err, once the stream has
// ended: the server exited, or closeServer stopped it.
func (s *stderrTail) explain(err error, closeServer func()) error {
	select {
	case <-s.done:
	case <-time.After(stderrWait):
		closeServer()
		<-s.done
	}
	text := s.String()
	if text == "" {
		return fmt.Errorf("%w (the server wrote nothing on stderr)", err)
	}
	return fmt.Errorf("%w; the server wrote on stderr:\n%s", err, text)
}
