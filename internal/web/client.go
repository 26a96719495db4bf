// Package web holds what f0's network tools share: the HTTP client whose
// every connection is dialled through the operator's allow and deny rules,
// the rules themselves, the timing of an exchange, and size and duration
// units. The tools themselves live in f0/tools (net.curl in f0/tools/net); it imports
// nothing of f0 but internal/setting and internal/text.
package web

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"syscall"
	"time"

	"f0/internal/setting"
)

// Client holds the two transports (verifying TLS, and not) that every call
// shares, so connections are reused between calls. Both dial through the
// operator's rules, and through the operator's proxies.
type Client struct {
	pol              *Policy
	proxies          Proxies
	secure, insecure *http.Transport
}

// NewClient returns a client whose connections follow pol and go through
// proxies (the operator's; the zero value is none).
func NewClient(pol *Policy, proxies Proxies) *Client {
	c := &Client{pol: pol, proxies: proxies}
	c.secure = c.transport(false, nil, proxies)
	c.insecure = c.transport(true, nil, proxies)
	return c
}

// Proxies returns the operator's proxies; a nil client has none.
func (c *Client) Proxies() Proxies {
	if c == nil {
		return Proxies{}
	}
	return c.proxies
}

// transport builds an HTTP transport whose every connection goes through
// dial (and dialTLS), where the rules and the connect timeout apply, to
// the address ov routes it to, and whose requests go through ps (the
// rules check a proxied request's target before it is sent: see
// proxyFor). Go's own reading of the proxy environment is not used: the
// operator's proxies come in ps, read as curl reads them. Compression is
// handled by net.curl itself (curl's --compressed).
func (c *Client) transport(insecure bool, ov Routes, ps Proxies) *http.Transport {
	conf := &tls.Config{InsecureSkipVerify: insecure, NextProtos: []string{"h2", "http/1.1"}, MinVersion: tls.VersionTLS12}
	t := &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return c.dial(ctx, network, addr, ov)
		},
		DialTLSContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return c.dialTLS(ctx, network, addr, conf, ov)
		},
		TLSClientConfig:       conf,
		ForceAttemptHTTP2:     true,
		DisableCompression:    true,
		MaxIdleConns:          64,
		MaxIdleConnsPerHost:   8,
		IdleConnTimeout:       60 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
	if !ps.IsZero() {
		t.Proxy = c.proxyFor(ps)
	}
	return t
}

// ForCall returns the transport a call uses, and whether it is the call's
// own (then the caller closes its connections when done). A call with
// --resolve or --connect-to, or with proxies of its own (own non-nil),
// gets its own transport, so that its connections never serve another
// call that meant the real address or the operator's proxies.
func (c *Client) ForCall(insecure bool, ov Routes, own *Proxies) (*http.Transport, bool) {
	switch {
	case len(ov) > 0 || own != nil:
		ps := c.proxies
		if own != nil {
			ps = *own
		}
		return c.transport(insecure, ov, ps), true
	case insecure:
		return c.insecure, false
	}
	return c.secure, false
}

// DefaultConnectTimeout bounds the TCP connect and TLS handshake when a
// call sets no connect timeout of its own.
const DefaultConnectTimeout = 10 * time.Second

type connectTimeoutKey struct{}

// WithConnectTimeout sets the connect timeout of the connections made for
// requests with ctx.
func WithConnectTimeout(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, connectTimeoutKey{}, d)
}

func connectTimeoutFrom(ctx context.Context) time.Duration {
	if d, ok := ctx.Value(connectTimeoutKey{}).(time.Duration); ok && d > 0 {
		return d
	}
	return DefaultConnectTimeout
}

// errConnectDeadline is the cause of a dial context that ran out of time.
var errConnectDeadline = errors.New("connect timeout")

// ConnectTimeoutError is a connection that was not made in time.
type ConnectTimeoutError struct {
	addr  string
	Limit time.Duration
}

func (e *ConnectTimeoutError) Error() string {
	return fmt.Sprintf("could not connect to %s within %s", e.addr, HumanDuration(e.Limit))
}

// dial connects over TCP (dialTCP) and records what the connection
// carries (see WireLog).
func (c *Client) dial(ctx context.Context, network, addr string, ov Routes) (net.Conn, error) {
	conn, err := c.dialTCP(ctx, network, addr, ov)
	if err != nil {
		return nil, err
	}
	return &wireConn{Conn: conn}, nil
}

// dialTCP connects over TCP within the call's connect timeout, checking the
// host name and then the address actually dialled against the rules. With
// --resolve or --connect-to (ov), the address dialled is the one they
// give; a name given there is checked too, and an allow rule naming the
// URL's host no longer vouches for the address.
func (c *Client) dialTCP(ctx context.Context, network, addr string, ov Routes) (conn net.Conn, err error) {
	defer func() { nameSettings(ctx, err) }()
	limit := connectTimeoutFrom(ctx)
	dctx, cancel := context.WithTimeoutCause(ctx, limit, errConnectDeadline)
	defer cancel()
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	byName, err := c.pol.checkName(host)
	if err != nil {
		return nil, err
	}
	targets, routed := ov.Addrs(addr)
	if routed {
		if byName, err = c.checkRouted(host, targets[0], byName); err != nil {
			return nil, err
		}
	}
	d := net.Dialer{ControlContext: func(_ context.Context, _, address string, _ syscall.RawConn) error {
		ip, err := dialedAddr(address)
		if err != nil {
			return fmt.Errorf("connect to %s: %w", address, err)
		}
		return c.pol.checkIP(host, ip, byName)
	}}
	for _, t := range targets {
		if conn, err = d.DialContext(dctx, network, t); err == nil || dctx.Err() != nil {
			break
		}
	}
	if err != nil && errors.Is(context.Cause(dctx), errConnectDeadline) && ctx.Err() == nil {
		return nil, &ConnectTimeoutError{addr: addr, Limit: limit}
	}
	return conn, err
}

// nameSettings makes a refusal by the rules name them the way the reader
// of the call made with ctx changes them.
func nameSettings(ctx context.Context, err error) {
	var be *BlockedError
	if errors.As(err, &be) {
		be.Settings = setting.From(ctx)
	}
}

// checkRouted checks the host a --connect-to rule sends a connection to,
// when it is a name other than the URL's own (an address is checked when
// dialled). It returns whether an allow rule names the host whose
// addresses are dialled: byName for the URL's own host, never for an
// address given outright.
func (c *Client) checkRouted(host, target string, byName bool) (bool, error) {
	to, _, _ := net.SplitHostPort(target)
	switch {
	case strings.EqualFold(to, host):
		return byName, nil
	case isIP(to):
		return false, nil
	}
	return c.pol.checkName(to)
}

func isIP(s string) bool {
	_, err := netip.ParseAddr(s)
	return err == nil
}

// dialedAddr reads the address a connection is about to be made to. Go
// dials an IPv4-mapped literal with a zone as "127.0.0.1%lo", which netip
// does not parse; the zone is dropped (the rules ignore it anyway).
func dialedAddr(address string) (netip.Addr, error) {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return netip.Addr{}, err
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		return ip, nil
	}
	bare, _, _ := strings.Cut(host, "%")
	return netip.ParseAddr(bare)
}

// dialTLS connects and completes the TLS handshake, both within the
// connect timeout (as curl's --connect-timeout does). An HTTP/1
// connection records what it carries on its plaintext side (see WireLog);
// an HTTP/2 one is returned as the *tls.Conn net/http needs to speak it.
func (c *Client) dialTLS(ctx context.Context, network, addr string, conf *tls.Config, ov Routes) (net.Conn, error) {
	limit := connectTimeoutFrom(ctx)
	start := time.Now()
	raw, err := c.dialTCP(ctx, network, addr, ov)
	if err != nil {
		return nil, err
	}
	host, _, _ := net.SplitHostPort(addr)
	cfg := conf.Clone()
	cfg.ServerName = host
	tc := tls.Client(raw, cfg)
	hctx, cancel := context.WithTimeoutCause(ctx, limit-time.Since(start), errConnectDeadline)
	defer cancel()
	if err := tc.HandshakeContext(hctx); err != nil {
		raw.Close()
		if errors.Is(context.Cause(hctx), errConnectDeadline) && ctx.Err() == nil {
			return nil, &ConnectTimeoutError{addr: addr, Limit: limit}
		}
		return nil, err
	}
	if st, ok := ctx.Value(statsKey{}).(*Stats); ok {
		st.mark(&st.t.TLSDone)
	}
	if tc.ConnectionState().NegotiatedProtocol == "h2" {
		return tc, nil
	}
	return &wireConn{Conn: tc}, nil
}
