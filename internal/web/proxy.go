package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
)

// Proxies says which proxy a request goes through, as curl decides it:
// the proxy for the URL's scheme, else the one for every scheme, unless
// the host is in the no-proxy list. The operator sets them (flags, or
// curl's environment variables); a call may set its own (-x, --noproxy).
type Proxies struct {
	// HTTP and HTTPS are the proxies for http and https URLs; All is the
	// one for any scheme without its own. Nil is none.
	HTTP, HTTPS, All *url.URL
	// NoProxy are curl's no-proxy entries: host names (matching
	// themselves and their subdomains), IP addresses, CIDR blocks, or "*"
	// for every host.
	NoProxy []string
}

// IsZero reports whether no request goes through a proxy.
func (p Proxies) IsZero() bool {
	return p.HTTP == nil && p.HTTPS == nil && p.All == nil
}

// For returns the proxy a request to u goes through, or nil for none.
func (p Proxies) For(u *url.URL) *url.URL {
	proxy := p.All
	switch strings.ToLower(u.Scheme) {
	case "http":
		if p.HTTP != nil {
			proxy = p.HTTP
		}
	case "https":
		if p.HTTPS != nil {
			proxy = p.HTTPS
		}
	}
	if proxy == nil || p.bypasses(u.Hostname()) {
		return nil
	}
	return proxy
}

// bypasses reports whether host is in the no-proxy list. As in curl, an
// entry matches the host itself and every name under it (a leading dot
// is ignored), an IP or CIDR entry matches addresses, and "*" matches all.
func (p Proxies) bypasses(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	ip, ipErr := netip.ParseAddr(host)
	for _, e := range p.NoProxy {
		e = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(e)), ".")
		switch {
		case e == "":
		case e == "*":
			return true
		case ipErr == nil && strings.Contains(e, "/"):
			if pfx, err := netip.ParsePrefix(e); err == nil && pfx.Contains(ip.Unmap()) {
				return true
			}
		case ipErr == nil:
			if a, err := netip.ParseAddr(strings.Trim(e, "[]")); err == nil && a.Unmap() == ip.Unmap() {
				return true
			}
		default:
			e = strings.TrimPrefix(e, ".")
			if host == e || strings.HasSuffix(host, "."+e) {
				return true
			}
		}
	}
	return false
}

// ParseProxy reads a proxy as curl's -x does: [SCHEME://][USER:PASSWORD@]HOST[:PORT],
// http when the scheme is missing, port 1080 when it is missing (443 for
// https). The schemes are http, https, socks5 and socks5h; Go's SOCKS
// client lets the proxy resolve the name in both, so socks5 behaves as
// socks5h (the operator's rules still check the name, and the addresses
// it has here, before the request goes to the proxy).
func ParseProxy(s string) (*url.URL, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, errors.New("empty proxy address")
	}
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("not a proxy address: %w", err)
	}
	u.Scheme = strings.ToLower(u.Scheme)
	switch u.Scheme {
	case "http", "https", "socks5", "socks5h":
	case "socks4", "socks4a":
		return nil, fmt.Errorf("%s proxies are not supported; use socks5:// or socks5h://", u.Scheme)
	default:
		return nil, fmt.Errorf("unknown proxy scheme %q; want http, https, socks5 or socks5h", u.Scheme)
	}
	if u.Hostname() == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return nil, fmt.Errorf("want [SCHEME://][USER:PASSWORD@]HOST[:PORT], e.g. http://127.0.0.1:3128")
	}
	u.Path = ""
	if u.Port() == "" {
		port := "1080"
		if u.Scheme == "https" {
			port = "443"
		}
		u.Host = net.JoinHostPort(u.Hostname(), port)
	}
	return u, nil
}

// WithUser returns proxy with user ("name:password", curl's --proxy-user)
// as its credentials; an empty user leaves it as it is.
func WithUser(proxy *url.URL, user string) *url.URL {
	if proxy == nil || user == "" {
		return proxy
	}
	u := *proxy
	name, password, hasPassword := strings.Cut(user, ":")
	if hasPassword {
		u.User = url.UserPassword(name, password)
	} else {
		u.User = url.User(name)
	}
	return &u
}

// ProxyVariable is one of curl's proxy environment variables, as read.
type ProxyVariable struct{ Name, Value string }

// ProxiesFromEnv reads curl's proxy environment variables with getenv:
// http_proxy (lower case only, as curl), https_proxy or HTTPS_PROXY,
// all_proxy or ALL_PROXY, no_proxy or NO_PROXY. It returns the variables
// it used, so a refusal can name the one that was wrong.
func ProxiesFromEnv(getenv func(string) string) (Proxies, []ProxyVariable, error) {
	var p Proxies
	var used []ProxyVariable
	for _, v := range []struct {
		names []string
		to    **url.URL
	}{{[]string{"http_proxy"}, &p.HTTP}, {[]string{"https_proxy", "HTTPS_PROXY"}, &p.HTTPS}, {[]string{"all_proxy", "ALL_PROXY"}, &p.All}} {
		name, value := firstSet(getenv, v.names)
		if value == "" {
			continue
		}
		u, err := ParseProxy(value)
		if err != nil {
			return Proxies{}, nil, fmt.Errorf("environment variable %s=%q: %w", name, value, err)
		}
		*v.to = u
		used = append(used, ProxyVariable{name, value})
	}
	if name, value := noProxyVariable(getenv); value != "" {
		p.NoProxy = SplitNoProxy(value)
		used = append(used, ProxyVariable{name, value})
	}
	return p, used, nil
}

// NoProxyFromEnv is curl's no-proxy list from the environment (no_proxy,
// else NO_PROXY), which applies to a proxy given as a flag too.
func NoProxyFromEnv(getenv func(string) string) []string {
	_, value := noProxyVariable(getenv)
	return SplitNoProxy(value)
}

func noProxyVariable(getenv func(string) string) (string, string) {
	return firstSet(getenv, []string{"no_proxy", "NO_PROXY"})
}

func firstSet(getenv func(string) string, names []string) (string, string) {
	for _, n := range names {
		if v := strings.TrimSpace(getenv(n)); v != "" {
			return n, v
		}
	}
	return "", ""
}

// SplitNoProxy splits a no-proxy list at commas and spaces.
func SplitNoProxy(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
}

// proxyFor is the Proxy function of a transport using ps: it picks the
// proxy, and before the request goes to it checks the target against
// the operator's rules — the connection f0 makes is to the proxy, so the
// dial-time check sees only the proxy's address (which it checks too).
func (c *Client) proxyFor(ps Proxies) func(*http.Request) (*url.URL, error) {
	return func(req *http.Request) (*url.URL, error) {
		proxy := ps.For(req.URL)
		if proxy == nil {
			return nil, nil
		}
		err := c.checkProxied(req.Context(), req.URL.Hostname())
		nameSettings(req.Context(), err)
		return proxy, err
	}
}

// checkProxied applies the rules to a host reached through a proxy: its
// name, then every address it has here. A name that does not resolve
// here (the proxy resolves it) is judged by its name alone, and with an
// allow list it must be allowed by name.
func (c *Client) checkProxied(ctx context.Context, host string) error {
	host = strings.Trim(host, "[]")
	byName, err := c.pol.checkName(host)
	if err != nil {
		return err
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		return c.pol.checkIP(host, ip, byName)
	}
	addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		if c.pol.exclusive && !byName {
			return c.pol.notAllowed(host, netip.Addr{})
		}
		return nil
	}
	for _, a := range addrs {
		if err := c.pol.checkIP(host, a, byName); err != nil {
			return err
		}
	}
	return nil
}
