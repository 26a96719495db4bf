package mcp

import (
	"encoding/json"
	"net/http"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// The 2026-07-28 protocol puts the protocol version, client info and
// capabilities in every request's _meta, and mcp-go's streamable HTTP
// transport refuses any message of that era without them (400 "missing or
// invalid _meta field …protocolVersion"). The specification and the
// reference SDKs define that triple for requests only: the Go SDK sends
// notifications/cancelled (on every per-call timeout) and the TypeScript v2
// SDK sends its notifications without it, and the Go SDK closes its session
// on the 400. So an envelope-less notification of that era is handed to
// mcp-go with the version its Mcp-Protocol-Version header names, as if the
// client had written it: mcp-go then treats it like any notification.
// Over stdio mcp-go accepts notifications of every era as they come.

// envelopedNotification returns a notification of the 2026-07-28 era that
// names its version only in the header rewritten with that version in its
// params' _meta, or nil when the message needs no rewrite.
func envelopedNotification(h http.Header, e *envelope, body []byte) []byte {
	version := h.Get(mcpgo.HeaderProtocolVersion)
	if !mcpgo.IsModernProtocol(version) || e.hasID() || e.response || len(e.method) == 0 || !e.object {
		return nil
	}
	var msg map[string]json.RawMessage
	if json.Unmarshal(body, &msg) != nil {
		return nil
	}
	params := map[string]json.RawMessage{}
	if raw := msg["params"]; len(raw) > 0 && string(raw) != "null" && json.Unmarshal(raw, &params) != nil {
		return nil // not an object: mcp-go answers it
	}
	meta := map[string]json.RawMessage{}
	if raw := params["_meta"]; len(raw) > 0 && string(raw) != "null" && json.Unmarshal(raw, &meta) != nil {
		return nil
	}
	if _, ok := meta[mcpgo.MetaKeyProtocolVersion]; ok {
		return nil // stated: mcp-go checks it against the header
	}
	meta[mcpgo.MetaKeyProtocolVersion], _ = json.Marshal(version)
	var err error
	if params["_meta"], err = json.Marshal(meta); err != nil {
		return nil
	}
	if msg["params"], err = json.Marshal(params); err != nil {
		return nil
	}
	out, err := json.Marshal(msg)
	if err != nil {
		return nil
	}
	return out
}
