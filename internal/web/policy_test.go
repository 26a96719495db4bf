package web

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"
)

func TestParseRules(t *testing.T) {
	good := []string{"example.com", "*.example.com", "Example.COM.", "10.0.0.0/8", "::1", "[fe80::1]", "1.2.3.4",
		"loopback", "PRIVATE", "link-local", "metadata", "my_host.internal"}
	for _, r := range good {
		if _, err := parseRule(r); err != nil {
			t.Errorf("%q: %v", r, err)
		}
	}
	bad := map[string]string{
		"10.0.0.0/33":   "not a CIDR block",
		"exa mple.com":  "want a host name",
		"*.":            "want a host name",
		"*.exa mple":    "want *.domain",
		"a.*.com":       "want a host name",
		"http://x.com/": "not a CIDR block",
	}
	for r, want := range bad {
		if _, err := parseRule(r); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", r, err, want)
		}
	}
	if _, err := NewPolicy([]string{"ok.com", "bad host"}, nil); err == nil || !strings.HasPrefix(err.Error(), `--net-allow "bad host": `) {
		t.Errorf("NewPolicy error %v", err)
	}
}

func TestPolicyMatching(t *testing.T) {
	cases := []struct {
		allow, deny []string
		host, ip    string
		want        string // "" allowed, else part of the error
	}{
		{nil, nil, "example.com", "93.184.216.34", ""},
		{nil, []string{"loopback"}, "localhost", "127.0.0.1", `connection to localhost blocked by this server's rule --net-deny loopback`},
		{nil, []string{"loopback"}, "sneaky.example", "127.0.0.1", `connection to sneaky.example (127.0.0.1) blocked by this server's rule --net-deny loopback (127.0.0.1 is a loopback address)`},
		{nil, []string{"loopback"}, "::ffff:127.0.0.1", "::ffff:127.0.0.1", `blocked by this server's rule --net-deny loopback`},
		{nil, []string{"loopback"}, "0.0.0.0", "0.0.0.0", `--net-deny loopback`},
		{nil, []string{"private"}, "db", "10.1.2.3", `--net-deny private (10.1.2.3 is a private address)`},
		{nil, []string{"private"}, "db", "fd12::1", `--net-deny private`},
		{nil, []string{"link-local"}, "x", "169.254.1.1", `--net-deny link-local`},
		{nil, []string{"metadata"}, "x", "169.254.169.254", `--net-deny metadata (169.254.169.254 is a cloud metadata address)`},
		{nil, []string{"metadata"}, "metadata.google.internal", "10.0.0.1", `--net-deny metadata`},
		{nil, []string{"*.internal"}, "db.corp.internal", "10.0.0.1", `--net-deny *.internal`},
		{nil, []string{"*.internal"}, "internal", "10.0.0.1", ""},
		{nil, []string{"192.168.0.0/16"}, "router", "192.168.1.1", `--net-deny 192.168.0.0/16`},
		{[]string{"*.example.com"}, nil, "api.example.com", "1.2.3.4", ""},
		{[]string{"*.example.com"}, nil, "example.com", "1.2.3.4", `it matches none of this server's --net-allow rules (*.example.com)`},
		{[]string{"*.example.com"}, []string{"private"}, "api.example.com", "10.0.0.1", `--net-deny private`},
		{[]string{"1.2.3.0/24", "loopback"}, nil, "anything", "1.2.3.9", ""},
		{[]string{"1.2.3.0/24"}, nil, "other", "5.6.7.8", `connection to other (5.6.7.8) blocked: it matches none of this server's --net-allow rules (1.2.3.0/24)`},
		// An unspecified address reaches the local host: rules for the
		// loopback addresses cover it, in both families and mapped forms.
		{nil, []string{"127.0.0.0/8"}, "0.0.0.0", "0.0.0.0", `connection to 0.0.0.0 blocked by this server's rule --net-deny 127.0.0.0/8 (0.0.0.0 is the unspecified address, which reaches this host like 127.0.0.1)`},
		{nil, []string{"127.0.0.1"}, "[::]", "::", `connection to [::] blocked by this server's rule --net-deny 127.0.0.1 (:: is the unspecified address, which reaches this host like 127.0.0.1)`},
		{nil, []string{"::1"}, "0.0.0.0", "0.0.0.0", `--net-deny ::1 (0.0.0.0 is the unspecified address, which reaches this host like ::1)`},
		{nil, []string{"::1"}, "[::]", "::", `--net-deny ::1`},
		{nil, []string{"127.0.0.0/8"}, "::ffff:0.0.0.0", "::ffff:0.0.0.0", `--net-deny 127.0.0.0/8`},
		{nil, []string{"127.0.0.0/8"}, "zero.example", "0.0.0.0", `connection to zero.example (0.0.0.0) blocked by this server's rule --net-deny 127.0.0.0/8`},
		{nil, []string{"10.0.0.0/8"}, "0.0.0.0", "0.0.0.0", ""},
		{[]string{"10.0.0.0/8"}, nil, "0.0.0.0", "0.0.0.0", `connection to 0.0.0.0 blocked: it matches none of this server's --net-allow rules (10.0.0.0/8)`},
		{[]string{"0.0.0.0"}, nil, "0.0.0.0", "0.0.0.0", `it matches none of this server's --net-allow rules (0.0.0.0)`},
		{[]string{"127.0.0.1"}, nil, "0.0.0.0", "0.0.0.0", ""},
		{[]string{"127.0.0.1"}, nil, "[::]", "::", `connection to [::] blocked: it matches none of this server's --net-allow rules (127.0.0.1)`},
		{[]string{"::1"}, nil, "[::]", "::", ""},
		{[]string{"loopback"}, nil, "zero.example", "0.0.0.0", ""},
		// A zone never changes what the rules say about an address.
		{nil, []string{"loopback"}, "::1%lo", "::1%lo", `--net-deny loopback (::1 is a loopback address)`},
		{nil, []string{"loopback"}, "::%lo", "::%lo", `--net-deny loopback (:: is a loopback address)`},
		{nil, []string{"127.0.0.1"}, "::%lo", "::%lo", `--net-deny 127.0.0.1 (:: is the unspecified address`},
		{nil, []string{"loopback"}, "::ffff:127.0.0.1%lo", "::ffff:127.0.0.1%lo", `--net-deny loopback (127.0.0.1 is a loopback address)`},
		{nil, []string{"fe80::/10"}, "fe80::1%eth0", "fe80::1%eth0", `--net-deny fe80::/10`},
		{nil, []string{"fe80::1%eth0"}, "x", "fe80::1%eth1", `--net-deny fe80::1%eth0`},
		{[]string{"::1"}, nil, "::1%lo", "::1%lo", ""},
		{[]string{"10.0.0.0/8"}, nil, "::1%lo", "::1%lo", `matches none of this server's --net-allow rules (10.0.0.0/8)`},
		// Built in: metadata and link-local are denied until allowed.
		{nil, nil, "x", "169.254.169.254", `connection to x (169.254.169.254) blocked: f0 does not connect to metadata addresses unless the operator allows them (169.254.169.254 is a cloud metadata address); to allow it, start f0 with --net-allow metadata`},
		{nil, nil, "metadata.google.internal", "169.254.169.254", `connection to metadata.google.internal blocked: f0 does not connect to metadata addresses`},
		{nil, nil, "x", "fd00:ec2::254", `(fd00:ec2::254 is a cloud metadata address)`},
		{nil, nil, "x", "fd00:ec2::254%eth0", `(fd00:ec2::254 is a cloud metadata address)`},
		{nil, nil, "x", "::ffff:169.254.169.254", `blocked: f0 does not connect to metadata addresses`},
		{nil, nil, "x", "169.254.1.1", `blocked: f0 does not connect to link-local addresses unless the operator allows them (169.254.1.1 is a link-local address); to allow it, start f0 with --net-allow link-local`},
		{nil, nil, "x", "fe80::1%eth0", `(fe80::1 is a link-local address)`},
		{nil, nil, "x", "127.0.0.1", ""},
		{nil, nil, "x", "10.0.0.1", ""},
		{[]string{"metadata"}, nil, "metadata.google.internal", "169.254.169.254", ""},
		{[]string{"metadata"}, nil, "x", "169.254.1.1", `--net-allow link-local`},
		{[]string{"metadata"}, nil, "example.com", "93.184.216.34", ""}, // opening a range does not restrict others
		{[]string{"link-local"}, nil, "x", "169.254.1.1", ""},
		{[]string{"link-local"}, nil, "x", "fe80::1%eth0", ""},
		{[]string{"link-local"}, nil, "x", "169.254.169.254", `--net-allow metadata`},
		{[]string{"169.254.169.254"}, nil, "x", "169.254.169.254", ""},
		{[]string{"169.254.0.0/16"}, nil, "x", "169.254.169.254", `--net-allow metadata`},
		{[]string{"169.254.0.0/16"}, nil, "x", "169.254.3.3", ""},
		{[]string{"0.0.0.0/0"}, nil, "x", "169.254.169.254", `--net-allow metadata`},
		{[]string{"0.0.0.0/0"}, nil, "x", "169.254.3.3", `--net-allow link-local`},
		{[]string{"private"}, nil, "x", "fd00:ec2::254", `--net-allow metadata`},
		{[]string{"private"}, nil, "x", "10.0.0.1", ""},
		{[]string{"private"}, nil, "x", "8.8.8.8", `matches none of this server's --net-allow rules (private)`},
		{[]string{"*.internal"}, nil, "metadata.google.internal", "169.254.169.254", `f0 does not connect to metadata addresses`},
		{[]string{"metadata"}, []string{"169.254.169.254"}, "x", "169.254.169.254", `--net-deny 169.254.169.254`},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v-%v-%s-%s", c.allow, c.deny, c.host, c.ip), func(t *testing.T) {
			p, err := NewPolicy(c.allow, c.deny)
			if err != nil {
				t.Fatal(err)
			}
			byName, err := p.checkName(c.host)
			if err == nil {
				err = p.checkIP(c.host, netip.MustParseAddr(c.ip), byName)
			}
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("blocked: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v, want %q", err, c.want)
			}
		})
	}
}
