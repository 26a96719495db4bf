package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/f0dev/f0/tools"
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

// callRemote calls a tool on a running f0 over streamable HTTP. The
// server's pipeline resolves the name and repairs the arguments, exactly as
// for any other client.
func callRemote(ctx context.Context, url, tokenEnv, name string, args any) (tools.Result, error) {
	httpClient := &http.Client{Transport: http.DefaultTransport}
	if tokenEnv != "" {
		token := os.Getenv(tokenEnv)
		if token == "" {
			return tools.Result{}, fmt.Errorf("--auth-token-env %s: the environment variable is empty or not set", tokenEnv)
		}
		httpClient.Transport = bearerTransport{token: token, next: http.DefaultTransport}
	}
	c, err := client.NewStreamableHttpClient(url, transport.WithHTTPBasicClient(httpClient))
	if err != nil {
		return tools.Result{}, fmt.Errorf("connect to %s: %w", url, err)
	}
	defer c.Close()
	if err := c.Start(ctx); err != nil {
		return tools.Result{}, fmt.Errorf("connect to %s: %w", url, err)
	}
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcpgo.Implementation{Name: "f0-cli", Version: version()}
	if _, err := c.Initialize(ctx, init); err != nil {
		return tools.Result{}, fmt.Errorf("initialize with %s: %w", url, err)
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
		return tools.Result{}, fmt.Errorf("call %s on %s: %w", name, url, err)
	}
	return fromMCP(res), nil
}

// fromMCP converts an MCP result back into a pipeline result for printing.
func fromMCP(res *mcpgo.CallToolResult) tools.Result {
	out := tools.Result{IsError: res.IsError}
	for _, c := range res.Content {
		switch v := c.(type) {
		case mcpgo.TextContent:
			if out.Text != "" {
				out.Text += "\n"
			}
			out.Text += v.Text
		case mcpgo.ImageContent:
			data, _ := base64.StdEncoding.DecodeString(v.Data)
			out.Images = append(out.Images, tools.Image{MIMEType: v.MIMEType, Data: data})
		}
	}
	return out
}
