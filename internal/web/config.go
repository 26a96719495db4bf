package web

import "time"

// Defaults of the operator's limits for the network tools.
const (
	// DefaultMaxTime is the server's cap on both timeouts (--net-max-time).
	DefaultMaxTime = 5 * time.Minute
	// DefaultMaxDownload is the largest body a call reads or saves, and the
	// largest file it sends (--net-max-download).
	DefaultMaxDownload = 100 << 20
)

// Config is what the operator chose for the network tools.
type Config struct {
	// Version goes into the default User-Agent (f0/<version>).
	Version string
	// MaxTime caps the total and connect timeouts a call may ask for
	// (default DefaultMaxTime).
	MaxTime time.Duration
	// MaxDownload caps the bytes of a response body, and of a file sent
	// (default DefaultMaxDownload).
	MaxDownload int64
	// Allow, when not empty, lists the only destinations calls may connect
	// to; Deny lists destinations they may not. Rules are host names (with
	// a leading "*." for subdomains), IP addresses, CIDR blocks, and the
	// words loopback, private, link-local and metadata. They are checked
	// when connecting, on the resolved address. Metadata and link-local
	// addresses are denied unless an allow rule names them.
	Allow, Deny []string
	// Robots makes net.curl check each URL it requests, redirects
	// included, against its site's robots.txt (serve's --net-robots): for
	// a server whose calls are a model's autonomous fetches.
	Robots bool
	// Proxies are the operator's proxies (--proxy, --noproxy, or curl's
	// environment variables); the zero value connects directly.
	Proxies Proxies
}

// WithDefaults fills the zero values.
func (c Config) WithDefaults() Config {
	if c.Version == "" {
		c.Version = "dev"
	}
	if c.MaxTime <= 0 {
		c.MaxTime = DefaultMaxTime
	}
	if c.MaxDownload <= 0 {
		c.MaxDownload = DefaultMaxDownload
	}
	return c
}
