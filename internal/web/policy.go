package web

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"

	"f0/internal/setting"
)

// Policy is the operator's allow and deny rules (the net-allow and
// net-deny settings) and the built-in ones. They are enforced when a connection is made, on
// the address it really goes to, so neither redirects nor DNS answers get
// around them. A deny rule always wins; with allow rules, a destination
// must match one. Addresses are compared without their zone (fe80::1%eth0
// is fe80::1).
type Policy struct {
	allow, deny []rule
	// builtin are denied unless an allow rule names them: cloud metadata
	// first (the most specific), then link-local.
	builtin []rule
	// exclusive is set when an allow rule does more than open a built-in
	// range: then a destination must match an allow rule.
	exclusive bool
}

// builtinDeny are the words denied when the operator has not allowed them.
var builtinDeny = []string{"metadata", "link-local"}

// rule is one allow or deny rule.
type rule struct {
	text   string         // as the operator wrote it
	host   string         // an exact host name
	suffix string         // "*.example.com" → ".example.com"
	nets   []netip.Prefix // addresses (CIDR, IP, or a word's ranges)
	names  []string       // host names a word covers (metadata)
	what   string         // how a word's addresses are described
	word   string         // the word the rule was written as, if any
}

// words are the named address groups rules may use.
var ruleWords = map[string]struct {
	nets  []string
	names []string
	what  string
}{
	"loopback":   {nets: []string{"127.0.0.0/8", "::1/128", "0.0.0.0/32", "::/128"}, names: []string{"localhost"}, what: "a loopback address"},
	"private":    {nets: []string{"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7"}, what: "a private address"},
	"link-local": {nets: []string{"169.254.0.0/16", "fe80::/10"}, what: "a link-local address"},
	"metadata": {nets: []string{"169.254.169.254/32", "169.254.170.2/32", "100.100.100.200/32", "fd00:ec2::254/128"},
		names: []string{"metadata.google.internal", "metadata.goog", "metadata"}, what: "a cloud metadata address"},
}

// NewPolicy parses the operator's allow and deny rules; a malformed rule
// is a tools.SettingError naming its setting.
func NewPolicy(allow, deny []string) (*Policy, error) {
	p := &Policy{}
	for _, w := range builtinDeny {
		r, _ := parseRule(w)
		p.builtin = append(p.builtin, r)
	}
	for _, list := range []struct {
		setting setting.Setting
		in      []string
		rules   *[]rule
	}{{setting.NetAllowSetting, allow, &p.allow}, {setting.NetDenySetting, deny, &p.deny}} {
		for _, s := range list.in {
			if strings.TrimSpace(s) == "" {
				continue
			}
			r, err := parseRule(s)
			if err != nil {
				return nil, &setting.SettingError{Setting: list.setting, Value: s, Err: err}
			}
			*list.rules = append(*list.rules, r)
		}
	}
	for _, a := range p.allow {
		p.exclusive = p.exclusive || !p.opens(a)
	}
	return p, nil
}

// opens reports whether allow rule a names only addresses the built-in
// rules deny (metadata, link-local, an address or block inside them, a
// metadata host name): such a rule opens them without making the allow
// list exclusive.
func (p *Policy) opens(a rule) bool {
	for _, b := range p.builtin {
		if a.word == b.word || a.host != "" && slices.Contains(b.names, a.host) {
			return true
		}
	}
	if len(a.nets) == 0 || a.word != "" {
		return false
	}
	for _, n := range a.nets {
		if !slices.ContainsFunc(p.builtin, func(b rule) bool {
			w := b.narrowest(n.Addr())
			return w.IsValid() && w.Bits() <= n.Bits()
		}) {
			return false
		}
	}
	return true
}

// parseRule reads a host name (*.example.com for subdomains), an IP, a
// CIDR block, or a word (loopback, private, link-local, metadata).
func parseRule(s string) (rule, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	r := rule{text: strings.TrimSpace(s)}
	if w, ok := ruleWords[t]; ok {
		for _, n := range w.nets {
			r.nets = append(r.nets, netip.MustParsePrefix(n))
		}
		r.names, r.what, r.word = w.names, w.what, t
		return r, nil
	}
	if strings.Contains(t, "/") {
		pfx, err := netip.ParsePrefix(t)
		if err != nil {
			return rule{}, fmt.Errorf("not a CIDR block (%v)", err)
		}
		r.nets = []netip.Prefix{pfx.Masked()}
		return r, nil
	}
	if ip, err := netip.ParseAddr(strings.Trim(t, "[]")); err == nil {
		ip = bare(ip)
		r.nets = []netip.Prefix{netip.PrefixFrom(ip, ip.BitLen())}
		return r, nil
	}
	host := strings.TrimSuffix(t, ".")
	if rest, ok := strings.CutPrefix(host, "*."); ok {
		if !validHost(rest) {
			return rule{}, fmt.Errorf("want *.domain, a host name, an IP, a CIDR block, or one of loopback, private, link-local, metadata")
		}
		r.suffix = "." + rest
		return r, nil
	}
	if !validHost(host) {
		return rule{}, fmt.Errorf("want a host name, *.domain, an IP, a CIDR block, or one of loopback, private, link-local, metadata")
	}
	r.host = host
	return r, nil
}

func validHost(h string) bool {
	if h == "" || len(h) > 253 || strings.HasPrefix(h, ".") || strings.Contains(h, "..") {
		return false
	}
	for _, c := range h {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_') {
			return false
		}
	}
	return true
}

func (r rule) matchName(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	switch {
	case r.host != "":
		return host == r.host
	case r.suffix != "":
		return strings.HasSuffix(host, r.suffix)
	}
	return slices.Contains(r.names, host)
}

func (r rule) matchIP(ip netip.Addr) bool {
	return r.narrowest(ip).IsValid()
}

// narrowest returns the smallest of the rule's blocks that holds ip (an
// invalid prefix when none does).
func (r rule) narrowest(ip netip.Addr) netip.Prefix {
	var best netip.Prefix
	for _, n := range r.nets {
		if n.Contains(ip) && (!best.IsValid() || n.Bits() > best.Bits()) {
			best = n
		}
	}
	return best
}

// bare is ip without its zone, IPv4-mapped addresses as IPv4: the form
// every rule is compared with. A zone never changes which host an address
// names, so it must not change what the rules say about it.
func bare(ip netip.Addr) netip.Addr {
	return ip.WithZone("").Unmap()
}

// lifts reports whether allow rule a lets through ip, which built-in rule
// b denies: a names b's word, or a is an address or block at least as
// narrow as b's block holding ip. "private" or 0.0.0.0/0 do not open the
// metadata service; "metadata" or 169.254.169.254/32 do.
func (a rule) lifts(b rule, ip netip.Addr) bool {
	if a.word != "" {
		return a.word == b.word
	}
	n := a.narrowest(ip)
	return n.IsValid() && n.Bits() >= b.narrowest(ip).Bits()
}

// checkName runs before a host is resolved: a denied name stops the
// connection; an allowed one lets every address it resolves to pass the
// allow list (deny rules still apply to the addresses).
func (p *Policy) checkName(host string) (allowedByName bool, err error) {
	for _, r := range p.deny {
		if r.matchName(host) {
			return false, &BlockedError{Host: host, By: setting.NetDenySetting, Rule: r.text}
		}
	}
	for _, b := range p.builtin {
		if b.matchName(host) && !p.allowsName(host, b) {
			return false, &BlockedError{Host: host, Rule: b.text}
		}
	}
	for _, r := range p.allow {
		if r.matchName(host) {
			return true, nil
		}
	}
	return false, nil
}

// allowsName reports whether an allow rule names host outright (its exact
// name, or built-in rule b's word), which lifts b for that name.
func (p *Policy) allowsName(host string, b rule) bool {
	for _, a := range p.allow {
		if a.word == b.word || a.host != "" && a.matchName(host) {
			return true
		}
	}
	return false
}

// checkBuiltin applies the built-in rules to ip: the first (most specific)
// one that holds it decides, so allowing link-local does not open the
// metadata service, while allowing metadata does not need link-local too.
func (p *Policy) checkBuiltin(host string, ip netip.Addr) error {
	for _, b := range p.builtin {
		if !b.matchIP(ip) {
			continue
		}
		for _, a := range p.allow {
			if a.lifts(b, ip) {
				return nil
			}
		}
		return &BlockedError{Host: host, IP: ip, Rule: b.text, What: b.what}
	}
	return nil
}

// loopbacks are the addresses a connection to an unspecified address
// (0.0.0.0, ::) really reaches on Linux: this host.
var loopbacks = []netip.Addr{netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("::1")}

// checkIP runs on the address a connection is about to be made to. An
// unspecified address (0.0.0.0, ::) reaches the local host, so a deny rule
// for either loopback address blocks it, and an allow list must allow the
// loopback address it stands for.
func (p *Policy) checkIP(host string, ip netip.Addr, allowedByName bool) error {
	ip = bare(ip)
	denyAs, allowAs := []netip.Addr{ip}, ip
	if ip.IsUnspecified() {
		denyAs = append(denyAs, loopbacks...)
		allowAs = loopbacks[0]
		if ip.Is6() {
			allowAs = loopbacks[1]
		}
	}
	for _, r := range p.deny {
		for _, a := range denyAs {
			if r.matchIP(a) {
				what := r.what
				if a != ip {
					what = "the unspecified address, which reaches this host like " + a.String()
				}
				return &BlockedError{Host: host, IP: ip, By: setting.NetDenySetting, Rule: r.text, What: what}
			}
		}
	}
	if err := p.checkBuiltin(host, ip); err != nil {
		return err
	}
	if !p.exclusive || allowedByName {
		return nil
	}
	for _, r := range p.allow {
		if r.matchIP(ip) && !ip.IsUnspecified() || r.matchIP(allowAs) {
			return nil
		}
	}
	return p.notAllowed(host, ip)
}

// notAllowed is the refusal of a destination no allow rule matches (ip
// is invalid when only the name was known).
func (p *Policy) notAllowed(host string, ip netip.Addr) error {
	texts := make([]string, len(p.allow))
	for i, r := range p.allow {
		texts[i] = r.text
	}
	return &BlockedError{Host: host, IP: ip, By: setting.NetAllowSetting, AllowList: texts}
}

// BlockedError is a connection the operator's rules refused.
type BlockedError struct {
	Host      string          // the host name dialled
	IP        netip.Addr      // the resolved address, when the rule matched one
	By        setting.Setting // NetDenySetting, NetAllowSetting, or "" for a built-in rule
	Rule      string          // the rule as the operator wrote it
	What      string          // what the rule's word covers ("a private address")
	AllowList []string        // the allow rules, when none matched
	// Settings names the settings the way the reader of the call that
	// dialled changes them (setting.From); nil is the operator's.
	Settings setting.SettingWriter
}

func (e *BlockedError) Error() string {
	w := e.Settings
	if w == nil {
		w = setting.OperatorSettings{}
	}
	target := e.Host
	if e.IP.IsValid() && e.IP.String() != strings.Trim(e.Host, "[]") {
		target = fmt.Sprintf("%s (%s)", e.Host, e.IP)
	}
	switch e.By {
	case "":
		msg := fmt.Sprintf("connection to %s blocked: f0 does not connect to %s addresses unless the operator allows them", target, e.Rule)
		if e.What != "" && e.IP.IsValid() {
			msg += fmt.Sprintf(" (%s is %s)", e.IP, e.What)
		}
		return msg + "; to allow it, start f0 with " + w.Change(setting.NetAllowSetting, e.Rule)
	case setting.NetAllowSetting:
		return fmt.Sprintf("connection to %s blocked: it matches none of this server's %s rules (%s)", target, w.Setting(setting.NetAllowSetting, ""), strings.Join(e.AllowList, ", "))
	}
	msg := fmt.Sprintf("connection to %s blocked by this server's rule %s", target, w.Setting(e.By, e.Rule))
	if e.What != "" && e.IP.IsValid() {
		msg += fmt.Sprintf(" (%s is %s)", e.IP, e.What)
	}
	return msg
}

// Rules names the settings that hold the operator's rules, as w writes
// them: "--net-allow, --net-deny".
func (e *BlockedError) Rules() string {
	w := e.Settings
	if w == nil {
		w = setting.OperatorSettings{}
	}
	return w.Setting(setting.NetAllowSetting, "") + ", " + w.Setting(setting.NetDenySetting, "")
}
