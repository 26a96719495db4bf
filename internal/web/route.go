package web

import (
	"net"
	"strings"
)

// Route sends the connections for one host and port elsewhere: curl's
// --resolve (Resolve set: To are addresses, tried in order) and
// --connect-to (To holds at most one host; an empty To or ToPort keeps
// the host or port). An empty Host or Port matches any. The rules apply
// to the address actually dialled, not to the URL's host.
type Route struct {
	Host, Port string
	To         []string
	ToPort     string
	Resolve    bool
}

// Routes are a call's routes, in the order given.
type Routes []Route

// Addrs returns the addresses to dial for addr (host:port), and whether a
// route changed it. A --connect-to route applies first, then a --resolve
// route to its result, as in curl; the first match of each kind wins.
func (rs Routes) Addrs(addr string) ([]string, bool) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return []string{addr}, false
	}
	host = strings.ToLower(host)
	changed := false
	for _, r := range rs {
		if !r.Resolve && r.matches(host, port) {
			if len(r.To) > 0 {
				host = r.To[0]
			}
			if r.ToPort != "" {
				port = r.ToPort
			}
			changed = true
			break
		}
	}
	for _, r := range rs {
		if r.Resolve && r.matches(host, port) {
			out := make([]string, len(r.To))
			for i, h := range r.To {
				out[i] = net.JoinHostPort(h, port)
			}
			return out, true
		}
	}
	return []string{net.JoinHostPort(host, port)}, changed
}

func (r Route) matches(host, port string) bool {
	return (r.Host == "" || strings.EqualFold(r.Host, host)) && (r.Port == "" || r.Port == port)
}
