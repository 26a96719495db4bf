package web

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"strings"
	"syscall"
	"testing"

	"f0/internal/setting"
)

// TestFailureKinds checks that the first line of a network failure says
// what failed and what to try.
func TestFailureKinds(t *testing.T) {
	remedies := Remedies{Tool: "net.curl", TrustHost: func() string {
		return `insecure: true (curl -k) skips verification; it needs admin access: {"insecure":true}`
	}}
	refused := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9},
		Err: &os.SyscallError{Syscall: "connect", Err: syscall.ECONNREFUSED}}
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"refused", refused, "GET http://h/: connection refused: nothing is listening on 127.0.0.1:9 (dial tcp 127.0.0.1:9: connect: connection refused). Check the host and port"},
		{"refused after a redirect", fmt.Errorf("after a redirect to http://127.0.0.1:9/: %w", refused),
			"GET http://h/: connection refused: nothing is listening on 127.0.0.1:9 (after a redirect to http://127.0.0.1:9/: dial tcp"},
		{"unknown host", &net.DNSError{Err: "no such host", Name: "exampel.invalid", IsNotFound: true},
			`GET http://h/: unknown host: DNS has no address for "exampel.invalid" (lookup exampel.invalid: no such host). Check the spelling of the host name, or use an IP address.`},
		{"DNS down", &net.DNSError{Err: "server misbehaving", Name: "example.com", IsTemporary: true},
			`GET http://h/: DNS lookup of "example.com" failed (lookup example.com: server misbehaving). The resolver did not answer`},
		{"blocked", &BlockedError{Host: "h", IP: netip.MustParseAddr("10.0.0.1"), By: setting.NetDenySetting, Rule: "private", What: "a private address"},
			"GET http://h/: connection to h (10.0.0.1) blocked by this server's rule --net-deny private (10.0.0.1 is a private address). The operator's rules (--net-allow, --net-deny) decide"},
		{"untrusted certificate", &tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}},
			`GET http://h/: TLS certificate verification failed (tls: failed to verify certificate: x509: certificate signed by unknown authority). If you trust this host, insecure: true (curl -k) skips verification; it needs admin access: {"insecure":true}`},
		{"wrong host name", x509.HostnameError{Certificate: &x509.Certificate{}, Host: "h"}, "GET http://h/: TLS certificate verification failed ("},
		{"anything else", errors.New("unexpected EOF"), "GET http://h/: unexpected EOF"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ExplainFailure("GET http://h/", c.err, remedies).Error()
			if !strings.HasPrefix(got, c.want) {
				t.Fatalf("got:\n%s\nwant:\n%s", got, c.want)
			}
			if !errors.Is(ExplainFailure("GET http://h/", c.err, remedies), c.err) {
				t.Fatal("the cause is lost")
			}
		})
	}
}
