package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A plain tool call is answered by the transport itself (stdio, and
// streamable HTTP for a live session), beside mcp-go's HandleMessage:
// HandleMessage decodes every request four times (envelope, protocol
// probe, trace probe, typed params) and stores its cancel function in a map
// keyed by a formatted string, which for a call that does little costs more
// than the call. The transport has already found the call's parts in its
// one scan of the message, so it hands the call, with its name as
// received, to the one handler every call reaches (the fallback tool's,
// which leaves the name to the pipeline), with a context
// notifications/cancelled can end, and writes the answer. Anything it is
// not sure to answer exactly as mcp-go would (before initialize, a task, a
// multi-round-trip retry, _meta other than a progress token, an id that is
// neither a plain string nor an integer a float64 holds exactly) goes
// through HandleMessage as before.

// plainCall is a tools/call the transport answers itself.
type plainCall struct {
	id      []byte // the request's id, verbatim
	req     mcpgo.CallToolRequest
	handler server.ToolHandlerFunc
}

// callParams are the members of a call's params the transport looks at;
// any of the last three sends the call through HandleMessage.
var callParams = [6]string{"name", "arguments", "_meta", "task", "inputresponses", "requeststate"}

// plainCallOf returns the call in a message of an initialized session, or
// false when HandleMessage must serve it.
func plainCallOf(srv *server.MCPServer, e *envelope, msg []byte) (c plainCall, ok bool) {
	if !e.isMethod("tools/call") || !e.isJSONRPC2() || e.undecodable() {
		return c, false
	}
	if _, ok := plainID(e.id); !ok || len(e.params) == 0 || e.params[0] != '{' || !json.Valid(msg) {
		return c, false
	}
	var vals [6][]byte
	scanMembers(e.params, &callParams, &vals)
	name, ok := plainString(vals[0])
	if !ok || name == fallbackTool || vals[3] != nil || vals[4] != nil || vals[5] != nil {
		return c, false
	}
	one := srv.GetTool(fallbackTool)
	if one == nil {
		return c, false
	}
	c.id, c.handler = e.id, one.Handler
	c.req.Method = string(mcpgo.MethodToolsCall)
	c.req.Params.Name = name
	if len(vals[1]) > 0 {
		c.req.Params.RawArguments = vals[1]
	}
	if vals[2] != nil && !c.readMeta(vals[2]) {
		return c, false
	}
	return c, true
}

// readMeta keeps the call's progress token, and reports false when _meta
// holds anything else (a protocol version, trace context, arguments handed
// over by readableCall), which mcp-go interprets.
func (c *plainCall) readMeta(raw []byte) bool {
	var meta mcpgo.Meta
	if err := json.Unmarshal(raw, &meta); err != nil || len(meta.AdditionalFields) > 0 {
		return false
	}
	if meta.ProgressToken != nil {
		c.req.Params.Meta = &meta
	}
	return true
}

// plainID returns the key of a request id that is a string without
// escapes or an integer of at most 15 digits (mcp-go decodes ids into
// float64 and prints them back: longer integers may not come back the
// same); mcp-go matches notifications/cancelled by the id's printed value,
// so "7" and 7 share the key 7.
func plainID(id []byte) (string, bool) {
	if s, ok := plainString(id); ok {
		return s, true
	}
	if len(id) == 0 || len(id) > 16 || len(id) == 16 && id[0] != '-' {
		return "", false
	}
	for i, c := range id {
		if (c < '0' || c > '9') && (c != '-' || i > 0 || len(id) == 1) {
			return "", false
		}
	}
	return string(id), true
}

// plainString returns the content of a JSON string in UTF-8 with no
// escapes.
func plainString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' || !utf8.Valid(raw) {
		return "", false
	}
	for _, c := range raw[1 : len(raw)-1] {
		if c == '\\' || c == '"' || c < 0x20 {
			return "", false
		}
	}
	return string(raw[1 : len(raw)-1]), true
}

// run runs a plain call in ctx and returns its response; a panic is
// answered as mcp-go's recovery (server.WithRecovery) answers it.
func (c *plainCall) run(ctx context.Context) (answer any) {
	defer func() {
		if r := recover(); r != nil {
			answer = errorAnswer(c.id, mcpgo.INTERNAL_ERROR, fmt.Sprintf("panic recovered in %s tool handler: %v", c.req.Params.Name, r))
		}
	}()
	res, err := c.handler(ctx, c.req)
	switch {
	case err != nil:
		return errorAnswer(c.id, mcpgo.INTERNAL_ERROR, err.Error())
	case res == nil:
		return errorAnswer(c.id, mcpgo.INTERNAL_ERROR, fmt.Sprintf("tool %q returned no result", c.req.Params.Name))
	}
	return resultAnswer{JSONRPC: mcpgo.JSONRPC_VERSION, ID: c.id, Result: leanResultOf(res)}
}

// resultAnswer is a JSON-RPC response carrying a tool result.
type resultAnswer struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
}

// leanResult encodes a tool result that has only content and the error
// flag, byte for byte as mcp-go's CallToolResult.MarshalJSON does, without
// its intermediate map.
type leanResult struct {
	Content []mcpgo.Content `json:"content"`
	IsError bool            `json:"isError,omitempty"`
}

// leanResultOf returns what encodes res: a leanResult when that is exact.
func leanResultOf(res *mcpgo.CallToolResult) any {
	if res.Meta != nil || res.ResultType != "" || res.StructuredContent != nil || len(res.RawStructuredContent) > 0 ||
		len(res.InputRequests) > 0 || res.RequestState != "" || res.Content == nil {
		return res
	}
	return leanResult{Content: res.Content, IsError: res.IsError}
}
