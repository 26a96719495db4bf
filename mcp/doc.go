// Package mcp is f0's MCP face: it publishes the pipeline's tools through
// mcp-go and carries calls, over stdio or streamable HTTP, into the
// pipeline. It holds no tool logic, and reaches tools through the engine
// only, never a tool package.
//
// # What f0 relies on in mcp-go (v1.2.1)
//
// The tests of this package pin each point; re-check them when upgrading.
//
//   - Tools are registered with mcpgo.NewToolWithRawSchema and f0's own
//     generated schema (never NewTool plus WithRawInputSchema: the schema
//     then fails to marshal and the whole tools/list is lost). Annotations
//     are set by hand. mcp-go validates neither names nor schemas; f0's
//     tests do.
//   - The before-call hook runs before the tool lookup: every name, unknown
//     ones included, goes through f0's own resolution (fallbackTool), so an
//     unknown name gets a helpful isError result instead of JSON-RPC -32602.
//   - Arguments exist twice in a request (Arguments and RawArguments): code
//     that rewrites them rewrites both.
//   - The streamable HTTP handler has no token check and a thin Host check:
//     f0 wraps it with its own Origin, Host and bearer-token guards, and
//     sets an idle session TTL.
//   - A plain tools/call (a listed name, a plain id, no _meta beyond a
//     progress token, no task) is answered beside mcp-go (plain_calls.go:
//     one envelope scan shared by stdio and HTTP), byte for byte as mcp-go
//     answers it (TestStdioPlainCallsAnswerAsMCPGo,
//     TestHTTPPlainCallsAnswerAsMCPGo): mcp-go's request handling costs more
//     than such a call. Over HTTP only a live session's JSON request takes
//     that path (http_calls.go); mcp-go's idle-session clock moves only for
//     requests it serves, so a session whose clock is stale has its next
//     call served by mcp-go. Run those two tests first after an upgrade.
//   - The mcp-go HTTP client drops headers set with WithHTTPHeaders on its
//     closing DELETE: the bearer token goes in a RoundTripper instead
//     (cmd/f0/remote.go).
//
// Over stdio a cancelled call's answer is withheld (stdio_requests.go).
// The full soak is F0_SOAK_CALLS=100000 go test ./mcp -run TestSoak -v (CI
// runs 2,000 calls); F0_SLOW_CONNS=15000 go test ./mcp -run
// TestSlowConnections -v is the slow-connection attack at full size.
package mcp
