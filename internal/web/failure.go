package web

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"syscall"
)

// Remedies are what only the calling tool can say about a failure: its
// name, and how a call of it skips certificate verification.
type Remedies struct {
	// Tool names the tool in prose ("net.curl"): the operator's rules decide
	// which addresses it may reach.
	Tool string
	// TrustHost completes "If you trust this host, …": the argument that
	// skips verification and the call that sets it.
	TrustHost func() string
}

// Failure is a request that failed on the network, told as the kind of
// failure first, then Go's error, then what to try.
type Failure struct {
	Prefix string // the request, "GET https://example.com/"
	Kind   string // the kind of failure, when Err does not say it plainly
	Advice string // what to try
	Err    error
}

func (e *Failure) Error() string {
	if e.Kind == "" {
		return fmt.Sprintf("%s: %v. %s", e.Prefix, e.Err, e.Advice)
	}
	return fmt.Sprintf("%s: %s (%v). %s", e.Prefix, e.Kind, e.Err, e.Advice)
}

func (e *Failure) Unwrap() error { return e.Err }

// ExplainFailure says which failure the request named by prefix met — an
// untrusted certificate, a refused connection, a host name DNS does not
// know, the operator's rules — and what to try; other errors are named as
// they are, after prefix.
func ExplainFailure(prefix string, err error, fix Remedies) error {
	f := &Failure{Prefix: prefix, Err: err}
	var (
		be  *BlockedError
		dns *net.DNSError
		op  *net.OpError
		cv  *tls.CertificateVerificationError
		ua  x509.UnknownAuthorityError
		he  x509.HostnameError
		ci  x509.CertificateInvalidError
	)
	switch {
	case errors.As(err, &be):
		f.Advice = "The operator's rules (" + be.Rules() + ") decide which addresses " + fix.Tool + " may reach; use another host, or ask the operator to change them."
	case errors.As(err, &cv) || errors.As(err, &ua) || errors.As(err, &he) || errors.As(err, &ci):
		f.Kind = "TLS certificate verification failed"
		f.Advice = "If you trust this host, " + fix.TrustHost()
	case errors.Is(err, syscall.ECONNREFUSED):
		addr := "the host and port"
		if errors.As(err, &op) && op.Addr != nil {
			addr = op.Addr.String()
		}
		f.Kind = "connection refused: nothing is listening on " + addr
		f.Advice = "Check the host and port (and http:// against https://), or start the server first."
	case errors.As(err, &dns):
		if dns.IsNotFound {
			f.Kind = fmt.Sprintf("unknown host: DNS has no address for %q", dns.Name)
			f.Advice = "Check the spelling of the host name, or use an IP address."
		} else {
			f.Kind = fmt.Sprintf("DNS lookup of %q failed", dns.Name)
			f.Advice = "The resolver did not answer; call again later, or use an IP address."
		}
	default:
		return fmt.Errorf("%s: %w", prefix, err)
	}
	return f
}
