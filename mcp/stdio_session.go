package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// stdioSession is the one client of a stdio transport, as mcp-go sees it:
// it keeps the client's info, log level and protocol version, carries
// notifications to the writer, and sends the server's own requests
// (roots/list) to the client, matching the answers the reader hands back.
type stdioSession struct {
	notifications chan mcpgo.JSONRPCNotification
	out           *lineWriter

	initialized  atomic.Bool
	logLevel     atomic.Value // mcpgo.LoggingLevel
	clientInfo   atomic.Value // mcpgo.Implementation
	capabilities atomic.Value // mcpgo.ClientCapabilities
	protocol     atomic.Value // string

	nextID  atomic.Int64
	mu      sync.Mutex
	waiting map[int64]chan json.RawMessage // server requests awaiting the client's answer
}

var (
	_ server.SessionWithLogging         = (*stdioSession)(nil)
	_ server.SessionWithClientInfo      = (*stdioSession)(nil)
	_ server.SessionWithRoots           = (*stdioSession)(nil)
	_ server.SessionWithProtocolVersion = (*stdioSession)(nil)
)

func newStdioSession(out *lineWriter) *stdioSession {
	return &stdioSession{
		notifications: make(chan mcpgo.JSONRPCNotification, 100),
		out:           out,
		waiting:       map[int64]chan json.RawMessage{},
	}
}

func (s *stdioSession) SessionID() string { return "stdio" }

func (s *stdioSession) NotificationChannel() chan<- mcpgo.JSONRPCNotification {
	return s.notifications
}

func (s *stdioSession) Initialize() {
	s.logLevel.Store(mcpgo.LoggingLevelError)
	s.initialized.Store(true)
}

func (s *stdioSession) Initialized() bool { return s.initialized.Load() }

func (s *stdioSession) SetLogLevel(level mcpgo.LoggingLevel) { s.logLevel.Store(level) }

func (s *stdioSession) GetLogLevel() mcpgo.LoggingLevel {
	if l, ok := s.logLevel.Load().(mcpgo.LoggingLevel); ok {
		return l
	}
	return mcpgo.LoggingLevelError
}

func (s *stdioSession) GetClientInfo() mcpgo.Implementation {
	info, _ := s.clientInfo.Load().(mcpgo.Implementation)
	return info
}

func (s *stdioSession) SetClientInfo(info mcpgo.Implementation) { s.clientInfo.Store(info) }

func (s *stdioSession) GetClientCapabilities() mcpgo.ClientCapabilities {
	c, _ := s.capabilities.Load().(mcpgo.ClientCapabilities)
	return c
}

func (s *stdioSession) SetClientCapabilities(c mcpgo.ClientCapabilities) { s.capabilities.Store(c) }

func (s *stdioSession) ProtocolVersion() string {
	v, _ := s.protocol.Load().(string)
	return v
}

func (s *stdioSession) SetProtocolVersion(v string) { s.protocol.Store(v) }

// ListRoots asks the client for its roots and waits for the answer.
func (s *stdioSession) ListRoots(ctx context.Context, req mcpgo.ListRootsRequest) (*mcpgo.ListRootsResult, error) {
	raw, err := s.request(ctx, string(mcpgo.MethodListRoots), req.Params)
	if err != nil {
		return nil, err
	}
	var res mcpgo.ListRootsResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, fmt.Errorf("read the client's roots/list answer: %w", err)
	}
	return &res, nil
}

// request sends a request to the client and returns the result of its
// answer, or the error the client answered with.
func (s *stdioSession) request(ctx context.Context, method string, params any) (json.RawMessage, error) {
	id := s.nextID.Add(1)
	answer := make(chan json.RawMessage, 1)
	s.mu.Lock()
	s.waiting[id] = answer
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.waiting, id)
		s.mu.Unlock()
	}()
	msg := struct {
		JSONRPC string `json:"jsonrpc"`
		ID      int64  `json:"id"`
		Method  string `json:"method"`
		Params  any    `json:"params,omitempty"`
	}{mcpgo.JSONRPC_VERSION, id, method, params}
	if err := s.out.send(msg); err != nil {
		return nil, fmt.Errorf("send %s: %w", method, err)
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case raw := <-answer:
		var resp struct {
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(raw, &resp); err != nil {
			return nil, fmt.Errorf("read the client's %s answer: %w", method, err)
		}
		if resp.Error != nil {
			return nil, fmt.Errorf("the client answered %s with error %d: %s", method, resp.Error.Code, resp.Error.Message)
		}
		return resp.Result, nil
	}
}

// deliver hands a response from the client to the request waiting for it,
// and reports whether one was.
func (s *stdioSession) deliver(id []byte, msg []byte) bool {
	n, err := strconv.ParseInt(string(id), 10, 64)
	if err != nil {
		return false
	}
	s.mu.Lock()
	answer, ok := s.waiting[n]
	s.mu.Unlock()
	if ok {
		answer <- msg
	}
	return ok
}
