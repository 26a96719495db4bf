package net

import (
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"f0/internal/web"
)

// keptResponse is what the store keeps beside a response's body, as JSON
// (a store several instances share holds bytes, and any of them reads
// them): the exchange as it was received (status, headers, redirects,
// timing), and the request it answers.
type keptResponse struct {
	Key    string // requestKey of the request
	Method string
	URL    string
	Ex     keptExchange // without its body
}

// keptExchange is an exchange as the answer shows it again: its
// response, heads, redirects, timing, sizes, notes and earlier attempts
// (with their bodies, which the answer shows before this one's).
type keptExchange struct {
	Method   string
	Resp     *keptHTTP `json:",omitempty"`
	Heads    [][]byte  `json:",omitempty"`
	Hops     []keptHop `json:",omitempty"`
	Timing   web.Timing
	Elapsed  time.Duration
	Size     int64
	Wire     int64
	Sha256   string
	Saved    bool           `json:",omitempty"`
	Streamed bool           `json:",omitempty"`
	Notes    []string       `json:",omitempty"`
	Retried  []keptExchange `json:",omitempty"`
	Data     []byte         `json:",omitempty"`
}

// keptHTTP is a response with the request that got it.
type keptHTTP struct {
	Status        string
	StatusCode    int
	Proto         string
	ProtoMajor    int
	ProtoMinor    int
	Header        http.Header
	ContentLength int64
	Request       *keptRequest `json:",omitempty"`
}

// keptRequest is a request as -v shows it; credentials are kept masked.
type keptRequest struct {
	Method        string
	URL           string
	Host          string
	Header        http.Header
	ContentLength int64
}

// keptHop is a redirect followed.
type keptHop struct {
	Req   *keptRequest `json:",omitempty"`
	Resp  *keptHTTP    `json:",omitempty"`
	Heads [][]byte     `json:",omitempty"`
}

func (m keptResponse) encode() []byte {
	data, _ := json.Marshal(m) // plain data: it always encodes
	return data
}

// decodeKeptResponse reads what encode wrote; false for the kept answer
// of another tool.
func decodeKeptResponse(data []byte) (keptResponse, bool) {
	var m keptResponse
	if err := json.Unmarshal(data, &m); err != nil || m.Key == "" {
		return keptResponse{}, false
	}
	return m, true
}

// savedExchange is what an answer read from the copy shows of ex; the
// body goes too (withData) for an earlier attempt.
func savedExchange(ex *exchange, withData bool) keptExchange {
	k := keptExchange{Method: ex.method, Resp: savedResponse(ex.resp), Heads: ex.heads, Timing: ex.timing, Elapsed: ex.elapsed,
		Size: ex.size, Wire: ex.wire, Sha256: ex.sha256, Saved: ex.saved, Streamed: ex.streamed, Notes: ex.notes}
	for _, h := range ex.hops {
		k.Hops = append(k.Hops, keptHop{Req: savedRequest(h.req), Resp: savedResponse(h.resp), Heads: h.heads})
	}
	for _, e := range ex.retried {
		k.Retried = append(k.Retried, savedExchange(e, true))
	}
	if withData {
		k.Data = ex.data
	}
	return k
}

// exchange rebuilds the exchange for target t (the same request's).
func (k keptExchange) exchange(t *target) exchange {
	ex := exchange{target: t, method: k.Method, resp: k.Resp.response(), heads: k.Heads, timing: k.Timing, elapsed: k.Elapsed,
		size: k.Size, wire: k.Wire, sha256: k.Sha256, saved: k.Saved, streamed: k.Streamed, notes: k.Notes, data: k.Data}
	for _, h := range k.Hops {
		ex.hops = append(ex.hops, hop{req: h.Req.request(), resp: h.Resp.response(), heads: h.Heads})
	}
	for _, e := range k.Retried {
		old := e.exchange(t)
		ex.retried = append(ex.retried, &old)
	}
	return ex
}

func savedResponse(resp *http.Response) *keptHTTP {
	if resp == nil {
		return nil
	}
	return &keptHTTP{Status: resp.Status, StatusCode: resp.StatusCode, Proto: resp.Proto, ProtoMajor: resp.ProtoMajor, ProtoMinor: resp.ProtoMinor,
		Header: resp.Header, ContentLength: resp.ContentLength, Request: savedRequest(resp.Request)}
}

func (k *keptHTTP) response() *http.Response {
	if k == nil {
		return nil
	}
	return &http.Response{Status: k.Status, StatusCode: k.StatusCode, Proto: k.Proto, ProtoMajor: k.ProtoMajor, ProtoMinor: k.ProtoMinor,
		Header: k.Header, ContentLength: k.ContentLength, Request: k.Request.request()}
}

// savedRequest keeps a request's credentials masked as -v shows them, so
// that a shared store never holds a token.
func savedRequest(req *http.Request) *keptRequest {
	if req == nil {
		return nil
	}
	h := make(http.Header, len(req.Header))
	for name, vs := range req.Header {
		for _, v := range vs {
			h[name] = append(h[name], maskSecret(name, v))
		}
	}
	return &keptRequest{Method: req.Method, URL: req.URL.Redacted(), Host: req.Host, Header: h, ContentLength: req.ContentLength}
}

func (k *keptRequest) request() *http.Request {
	if k == nil {
		return nil
	}
	u, err := url.Parse(k.URL)
	if err != nil {
		u = &url.URL{}
	}
	return &http.Request{Method: k.Method, URL: u, Host: k.Host, Header: k.Header, ContentLength: k.ContentLength}
}
