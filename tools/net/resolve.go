package net

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"

	"f0/internal/web"
	"f0/tool"
)

// parseResolve reads --resolve [+]HOST:PORT:ADDR[,ADDR]…; a leading "-"
// (which removes an entry from curl's DNS cache) adds nothing.
func parseResolve(v, from string) ([]web.Route, error) {
	want := "HOST:PORT:ADDRESS, e.g. --resolve example.com:443:127.0.0.1"
	s := strings.TrimPrefix(strings.TrimSpace(v), "+")
	if strings.HasPrefix(s, "-") {
		return nil, nil
	}
	host, rest, ok := strings.Cut(s, ":")
	port, addrs, ok2 := strings.Cut(rest, ":")
	if !ok || !ok2 || host == "" || !validPort(port) || addrs == "" {
		return nil, badValue(from, want)
	}
	o := web.Route{Host: strings.ToLower(host), Port: port, Resolve: true}
	if o.Host == "*" {
		o.Host = ""
	}
	for _, a := range strings.Split(addrs, ",") {
		ip, err := netip.ParseAddr(strings.Trim(strings.TrimSpace(a), "[]"))
		if err != nil {
			return nil, &tool.InputError{Field: "args", Problem: fmt.Sprintf("%s: %q is not an IP address", from, a),
				Hint: "Write " + want + "."}
		}
		o.To = append(o.To, ip.String())
	}
	return []web.Route{o}, nil
}

// parseConnectTo reads --connect-to HOST1:PORT1:HOST2:PORT2, where each
// part may be empty and a host may be an [IPv6] literal.
func parseConnectTo(v, from string) (*web.Route, error) {
	parts, err := splitHostPorts(strings.TrimSpace(v))
	if err != nil || len(parts) != 4 || parts[1] != "" && !validPort(parts[1]) || parts[3] != "" && !validPort(parts[3]) {
		return nil, badValue(from, "HOST1:PORT1:HOST2:PORT2, e.g. --connect-to example.com:443:127.0.0.1:8443")
	}
	o := &web.Route{Host: strings.ToLower(parts[0]), Port: parts[1], ToPort: parts[3]}
	if parts[2] != "" {
		o.To = []string{parts[2]}
	}
	return o, nil
}

// splitHostPorts splits on colons outside [brackets], dropping the
// brackets.
func splitHostPorts(s string) ([]string, error) {
	var parts []string
	for s != "" || len(parts) < 4 {
		if strings.HasPrefix(s, "[") {
			end := strings.Index(s, "]")
			if end < 0 {
				return nil, fmt.Errorf("unclosed [")
			}
			parts = append(parts, s[1:end])
			s = s[end+1:]
			if s != "" && !strings.HasPrefix(s, ":") {
				return nil, fmt.Errorf("text after ]")
			}
			s = strings.TrimPrefix(s, ":")
			continue
		}
		part, rest, found := strings.Cut(s, ":")
		parts = append(parts, part)
		s = rest
		if !found {
			break
		}
	}
	return parts, nil
}

func validPort(p string) bool {
	n, err := strconv.Atoi(p)
	return err == nil && n > 0 && n < 65536
}
