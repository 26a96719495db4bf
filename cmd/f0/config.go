package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"f0/engine"
	"f0/internal/kept/redisstore"
	"f0/internal/setting"
	"f0/tool"

	"github.com/spf13/pflag"

	"f0/catalog"
	"f0/internal/roots"
	"f0/internal/web"
	"f0/upstream"
)

// globalFlags are the flags every command shares; each can also be set
// through an F0_… environment variable.
type globalFlags struct {
	roots       []string
	rootsMode   string
	access      string
	toolsPrefix string
	toolNames   string
	namespaces  []string
	include     []string
	exclude     []string
	maxOutput   int
	maxCalls    int
	maxHeld     string
	logLevel    string
	logFormat   string
	net         netFlags
	clients     clientFlags
	upstreams   []string
	configFile  string
	upAccess    []string
	upTimeout   string
	// started are the upstream servers this invocation started, and built
	// the pipelines it made (their kept copies); closed when it ends.
	started *upstream.Set
	built   []*engine.Host
	// observer, when set, is told of every call of the pipelines built
	// (serve's metrics and traces).
	observer engine.CallObserver
	// oneShot is set for a command that ends with its answer (anything but
	// serve): it keeps no copies of long answers, which would go with it.
	oneShot bool
	// store is serve's shared store of kept copies (--store), and shared
	// the connection to it, opened with the first pipeline.
	store  storeFlags
	shared *redisstore.Store
}

// storeFlags name the Valkey or Redis server several instances of f0
// share the copies of long answers through, and its bounds.
type storeFlags struct {
	url, ttl, max string
}

// register adds serve's --store flags.
func (s *storeFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&s.url, "store", "", "keep the copies of long answers (the rest of a cut answer) in this Valkey or Redis server, shared by every f0 behind one load balancer: redis://[user:password@]host:port/db, rediss://…, unix:///path?db=N")
	fs.StringVar(&s.ttl, "store-ttl", "10m", "how long --store keeps a copy after its last use")
	fs.StringVar(&s.max, "store-max", "1GiB", "most bytes of copies --store holds together (the least recently used go first)")
}

// open connects to the --store server; nil without one.
func (s storeFlags) open(ctx context.Context, logger *slog.Logger) (*redisstore.Store, error) {
	if s.url == "" {
		return nil, nil
	}
	ttl, err := parseDuration("--store-ttl", s.ttl)
	if err != nil {
		return nil, err
	}
	maxBytes, err := parseSizeFlag("--store-max", s.max)
	if err != nil {
		return nil, err
	}
	redisstore.RouteLogs(logger)
	return redisstore.Open(ctx, redisstore.Options{URL: s.url, TTL: ttl, MaxBytes: maxBytes})
}

// clientFlags are what the operator tells f0 about MCP clients.
type clientFlags struct {
	limits     []string
	serverName string
	piDirect   []string
}

// netFlags are the operator's limits and rules for net.curl.
type netFlags struct {
	maxTime, maxDownload string
	allow, deny          []string
	robots               bool // serve's --net-robots
	// proxy, noProxy and proxyUser are the operator's proxy; without
	// proxy, curl's environment variables are read (see proxies).
	proxy, noProxy, proxyUser string
}

func (g *globalFlags) register(fs *pflag.FlagSet) {
	fs.StringArrayVar(&g.roots, "root", nil, "directory the file tools may use (repeatable; default: the working directory)")
	fs.StringVar(&g.rootsMode, "roots", "", "where serve's file tools get their roots: client (the MCP client's workspace roots, kept inside --root when given) or fixed (--root, or the working directory); default client without --root, fixed with it")
	fs.StringVar(&g.access, "access", "write", "highest access level a call may use: read, write or admin")
	fs.StringVar(&g.toolsPrefix, "tools-prefix", "", "prefix listed tool names with PREFIX_ (do not combine with a client that already prefixes by server name)")
	fs.StringVar(&g.toolNames, "tool-names", "underscore", "how tool names are listed: underscore (net_curl) or dotted (net.curl)")
	fs.StringSliceVar(&g.namespaces, "namespaces", nil, "expose only these namespaces, e.g. net,fs (--allowed-root-endpoints is another name for it)")
	fs.StringSliceVar(&g.include, "tools", nil, "expose only these tools")
	fs.StringSliceVar(&g.exclude, "exclude-tools", nil, "hide these tools")
	fs.IntVar(&g.maxOutput, "max-output", tool.DefaultMaxOutput, "default output budget of a call in bytes")
	fs.IntVar(&g.maxCalls, "max-calls", engine.DefaultMaxCalls, "most tool calls running at once (MCP, HTTP, batch items together); more are answered busy, retry")
	fs.StringVar(&g.maxHeld, "max-call-memory", "128MiB", "most memory the running calls may hold for response bodies together; over it a call is answered busy, retry (or, when it alone needs more, told to ask for a part)")
	fs.StringVar(&g.logLevel, "log-level", "", "log level on stderr: debug, info, warn, error (default info for serve, warn otherwise)")
	fs.StringVar(&g.logFormat, "log-format", "text", "log line format on stderr: text (key=value) or json (one JSON object a line)")
	fs.StringVar(&g.net.maxTime, "net-max-time", "5m", "longest time limit a net.curl call may ask for, total and connect (default limits: 30s and 10s)")
	fs.StringVar(&g.net.maxDownload, "net-max-download", "100MiB", "largest response body net.curl reads or saves, and largest file it sends")
	fs.StringSliceVar(&g.net.allow, "net-allow", nil, "net.curl connects only to these: host names (*.example.com for subdomains), IPs, CIDR blocks, or loopback, private, link-local, metadata (metadata and link-local are refused unless allowed; allowing them opens only those)")
	fs.StringArrayVar(&g.clients.limits, "client-limits", nil, "where a client cuts results, by its clientInfo name: NAME=BYTES[,LINES] (repeatable; NAME may end in *); f0 keeps its results below; the clients of engine/clients.json are known, any other gets 11,264 bytes (NAME * sets every client)")
	fs.StringVar(&g.clients.serverName, "server-name", "f0", "the name clients are configured to call this server by, for the tool names f0 suggests in clients that prefix it (Claude Code, Codex and pi 1.x mcp__NAME__tool, gemini-cli mcp_NAME_tool)")
	fs.StringSliceVar(&g.clients.piDirect, "pi-direct-tools", nil, "the tools pi is configured to make direct (its directTools), so hints name them as direct tools (default: guess net_curl, fs_read, batch)")
	fs.StringArrayVar(&g.upstreams, "upstream", nil, "serve the tools of another MCP server too, under NAME: NAME='COMMAND ARGS…' (started by f0, over stdio) or NAME=URL (streamable HTTP; bearer token from $F0_UPSTREAM_NAME_TOKEN) (repeatable)")
	fs.StringArrayVar(&g.upAccess, "upstream-access", nil, "the access level an upstream tool needs, instead of the one its annotations give: TOOL=read|write|admin (repeatable)")
	fs.StringVar(&g.upTimeout, "upstream-timeout", "5m", "how long a call waits for its upstream server before f0 cancels it and frees its --max-calls slot")
	fs.StringVar(&g.configFile, "config", "", "serve the tools of the MCP servers of an mcpServers file too (Claude Desktop, Cursor, pi-mcp-adapter), each under its name")
	fs.StringVar(&g.net.proxy, "proxy", "", "net.curl's requests go through this proxy: [SCHEME://][USER:PASSWORD@]HOST[:PORT], scheme http, https, socks5 or socks5h (default: curl's environment variables http_proxy, HTTPS_PROXY, ALL_PROXY, NO_PROXY); the --net-allow/--net-deny rules apply to the proxy and to every target")
	fs.StringVar(&g.net.noProxy, "noproxy", "", "hosts reached without the proxy: names (with their subdomains), IPs, CIDR blocks, * for all, comma-separated (default: $NO_PROXY)")
	fs.StringVar(&g.net.proxyUser, "proxy-user", "", "the proxy's credentials, NAME:PASSWORD (default: those in the proxy's address)")
	fs.StringSliceVar(&g.net.deny, "net-deny", nil, "net.curl never connects to these (same forms as --net-allow; deny wins); checked on the resolved address, redirects included")
}

// config turns the net flags into net.curl's configuration.
func (n netFlags) config() (web.Config, error) {
	maxTime, err := parseDuration("--net-max-time", n.maxTime)
	if err != nil {
		return web.Config{}, err
	}
	maxDownload, err := parseSizeFlag("--net-max-download", n.maxDownload)
	if err != nil {
		return web.Config{}, err
	}
	proxies, err := n.proxies(os.Getenv)
	if err != nil {
		return web.Config{}, err
	}
	return web.Config{Version: version(), MaxTime: maxTime, MaxDownload: maxDownload, Allow: n.allow, Deny: n.deny, Proxies: proxies, Robots: n.robots}, nil
}

// proxies is the operator's proxy: --proxy for every scheme when given
// (curl's -x: the environment is not read then), else curl's environment
// variables; --noproxy replaces the environment's list.
func (n netFlags) proxies(getenv func(string) string) (web.Proxies, error) {
	var ps web.Proxies
	if n.proxy != "" {
		u, err := web.ParseProxy(n.proxy)
		if err != nil {
			return web.Proxies{}, fmt.Errorf("--proxy %q: %w", n.proxy, err)
		}
		ps.All = u
		ps.NoProxy = web.NoProxyFromEnv(getenv)
	} else {
		var err error
		if ps, _, err = web.ProxiesFromEnv(getenv); err != nil {
			return web.Proxies{}, err
		}
	}
	if n.noProxy != "" {
		ps.NoProxy = web.SplitNoProxy(n.noProxy)
	}
	if n.proxyUser != "" {
		if ps.IsZero() {
			return web.Proxies{}, fmt.Errorf("--proxy-user is set but no proxy is: give --proxy too (or set https_proxy)")
		}
		ps.HTTP, ps.HTTPS, ps.All = web.WithUser(ps.HTTP, n.proxyUser), web.WithUser(ps.HTTPS, n.proxyUser), web.WithUser(ps.All, n.proxyUser)
	}
	return ps, nil
}

// envName is the environment variable of a flag: --max-output → F0_MAX_OUTPUT.
func envName(flag string) string {
	return setting.Setting(flag).Env()
}

// flagAliases are the other names f0's flags are still taken by: the old
// spelling of a flag renamed for clarity, on the command line and as an
// F0_ variable.
var flagAliases = map[string]string{"allowed-root-endpoints": "namespaces"}

// aliasFlags reads a flag's other name as the flag (see flagAliases).
func aliasFlags(_ *pflag.FlagSet, name string) pflag.NormalizedName {
	if to, ok := flagAliases[name]; ok {
		return pflag.NormalizedName(to)
	}
	return pflag.NormalizedName(name)
}

// lookupEnv returns the F0_ variable that sets a flag and its value: the
// flag's own, else the one of an other name for it (F0_ALLOWED_ROOT_ENDPOINTS
// for --namespaces).
func lookupEnv(flag string) (name, value string, ok bool) {
	if v, ok := os.LookupEnv(envName(flag)); ok {
		return envName(flag), v, true
	}
	for old, to := range flagAliases {
		if to == flag {
			if v, ok := os.LookupEnv(envName(old)); ok {
				return envName(old), v, true
			}
		}
	}
	return "", "", false
}

// applyEnv fills every flag not given on the command line from its F0_…
// environment variable.
func applyEnv(fs *pflag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *pflag.Flag) {
		if err != nil || f.Changed {
			return
		}
		env, v, ok := lookupEnv(f.Name)
		if !ok {
			return
		}
		values := []string{v}
		if f.Value.Type() == "stringArray" {
			values = envList(f.Name, v)
		}
		for _, item := range values {
			if e := fs.Set(f.Name, item); e != nil {
				err = fmt.Errorf("%s=%q: %w", env, v, e)
				return
			}
		}
	})
	return err
}

// errorText writes err, naming a setting the core refused as the operator
// gave it: its F0_ variable when the value came from the environment
// (F0_NET_ALLOW "bad host": …), its flag otherwise.
func (a *app) errorText(err error) string {
	var se *setting.SettingError
	if !errors.As(err, &se) || slices.Contains(a.lineFlags, "--"+string(se.Setting)) {
		return err.Error()
	}
	env, _, fromEnv := lookupEnv(string(se.Setting))
	if !fromEnv {
		return err.Error()
	}
	return strings.Replace(err.Error(), se.Error(), se.Text(env), 1)
}

// logger builds the stderr logger for a command.
func (g *globalFlags) logger(stderr io.Writer, fallback slog.Level) (*slog.Logger, error) {
	level := fallback
	if g.logLevel != "" {
		if err := level.UnmarshalText([]byte(g.logLevel)); err != nil {
			return nil, fmt.Errorf("--log-level %q: want debug, info, warn or error", g.logLevel)
		}
	}
	return newLogger(stderr, g.logFormat, level)
}

// limitMemory asks Go's garbage collector to keep the heap near what the
// calls may hold plus room for the rest of the server, so that memory
// given back by finished calls is reused before the process grows. An
// operator's GOMEMLIMIT wins.
func limitMemory(held int64) {
	if _, ok := os.LookupEnv("GOMEMLIMIT"); !ok {
		debug.SetMemoryLimit(held + 64<<20)
	}
}

// pipeline builds the registry and the call pipeline from the flags, for a
// command that has no MCP client (anything but serve).
func (g *globalFlags) pipeline(logger *slog.Logger) (*engine.Host, error) {
	if mode, explicit, err := roots.ParseMode(g.rootsMode, len(g.roots) > 0); err != nil {
		return nil, err
	} else if explicit && mode == roots.ModeClient {
		return nil, errors.New("--roots client: only f0 serve has an MCP client to send roots; on the command line name the directories with --root DIR")
	}
	g.oneShot = true
	p, _, err := g.build(logger)
	return p, err
}

// build builds the registry, the call pipeline and the roots policy from
// the flags.
func (g *globalFlags) build(logger *slog.Logger) (*engine.Host, *roots.Policy, error) {
	policy, err := g.rootsPolicy(logger)
	if err != nil {
		return nil, nil, err
	}
	p, err := g.newPipeline(logger, policy.Fixed)
	if err != nil {
		policy.Fixed.Close()
		return nil, nil, err
	}
	return p, policy, nil
}

// rootsPolicy opens the operator's roots and reads --roots.
func (g *globalFlags) rootsPolicy(logger *slog.Logger) (*roots.Policy, error) {
	mode, explicit, err := roots.ParseMode(g.rootsMode, len(g.roots) > 0)
	if err != nil {
		return nil, err
	}
	fixed, err := roots.OpenOperator(g.roots)
	if err != nil {
		return nil, err
	}
	return &roots.Policy{Mode: mode, Explicit: explicit, Fixed: fixed, Bounded: len(g.roots) > 0, Logger: logger}, nil
}

// newPipeline builds the registry over files and the call pipeline.
func (g *globalFlags) newPipeline(logger *slog.Logger, files *roots.Set) (*engine.Host, error) {
	access, err := tool.ParseAccess(g.access)
	if err != nil {
		return nil, fmt.Errorf("--access: %w", err)
	}
	style, ok := engine.ParseNameStyle(g.toolNames)
	if !ok {
		return nil, fmt.Errorf("--tool-names %q: want underscore or dotted", g.toolNames)
	}
	if g.maxOutput <= 0 {
		return nil, fmt.Errorf("--max-output %d: want a positive number of bytes", g.maxOutput)
	}
	if g.maxCalls <= 0 {
		return nil, fmt.Errorf("--max-calls %d: want a positive number of calls", g.maxCalls)
	}
	maxHeld, err := parseSizeFlag("--max-call-memory", g.maxHeld)
	if err != nil {
		return nil, err
	}
	limitMemory(maxHeld)
	netCfg, err := g.net.config()
	if err != nil {
		return nil, err
	}
	extra, err := g.startUpstreams(logger)
	if err != nil {
		return nil, err
	}
	reg, err := catalog.New(catalog.Options{Files: files, Net: netCfg, Extra: extra})
	if err != nil {
		return nil, err
	}
	clients, err := g.clients.options()
	if err != nil {
		return nil, err
	}
	keep, err := g.keepLimits(logger, files)
	if err != nil {
		return nil, err
	}
	p, err := engine.NewHost(reg, engine.Config{
		Clients:    clients,
		Access:     access,
		NameStyle:  style,
		Prefix:     strings.TrimSuffix(g.toolsPrefix, "_"),
		Namespaces: g.namespaces,
		Include:    g.include,
		Exclude:    g.exclude,
		MaxOutput:  g.maxOutput,
		MaxCalls:   g.maxCalls,
		MaxHeld:    maxHeld,
		Keep:       keep,
		Logger:     logger,
		Observer:   g.observer,
	})
	if err != nil {
		return nil, err
	}
	g.built = append(g.built, p)
	// An upstream that starts late, or changes its tools, gets them served.
	g.started.Follow(p, g.upAccess)
	return p, nil
}

// options turns the client flags into the pipeline's client options; a
// MAX_MCP_OUTPUT_TOKENS in f0's environment (a server Claude Code starts
// inherits Claude Code's) sets Claude Code's limit.
func (c clientFlags) options() (engine.ClientOptions, error) {
	opts := engine.ClientOptions{ServerName: c.serverName, PiDirect: c.piDirect, Limits: map[string]tool.Limits{}}
	for _, v := range c.limits {
		name, l, err := engine.ParseClientLimits(v)
		if err != nil {
			return opts, err
		}
		opts.Limits[name] = l
	}
	// Claude Code ignores a value that is not a positive number; so does f0.
	if n, err := strconv.Atoi(strings.TrimSpace(os.Getenv("MAX_MCP_OUTPUT_TOKENS"))); err == nil && n > 0 {
		opts.ClaudeCodeTokens = n
	}
	return opts, nil
}

// parseDuration reads a duration flag such as 30m or 15s.
func parseDuration(flag, v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s %q: want a positive duration such as 30s or 15m", flag, v)
	}
	return d, nil
}

// startUpstreams starts the --upstream servers and returns their tools.
func (g *globalFlags) startUpstreams(logger *slog.Logger) ([]*tool.Tool, error) {
	g.close() // a second pipeline in one invocation starts them afresh
	var servers []upstream.Server
	if g.configFile != "" {
		var err error
		if servers, err = upstream.ReadConfig(g.configFile); err != nil {
			return nil, err
		}
	}
	for _, v := range g.upstreams {
		srv, err := upstream.ParseFlag(v)
		if err != nil {
			return nil, err
		}
		servers = append(servers, srv.WithTokenFromEnv())
	}
	if len(servers) == 0 {
		return nil, nil
	}
	timeout, err := parseDuration("--upstream-timeout", g.upTimeout)
	if err != nil {
		return nil, err
	}
	set, list, err := upstream.Start(context.Background(), servers, upstream.Options{Version: version(), Logger: logger, CallTimeout: timeout, Prefix: strings.TrimSuffix(g.toolsPrefix, "_")})
	if err != nil {
		return nil, err
	}
	g.started = set
	if err := upstream.SetAccess(list, g.upAccess); err != nil {
		return nil, err
	}
	return list, nil
}

// close stops what the flags started (upstream servers) and drops the
// copies the pipelines kept.
func (g *globalFlags) close() {
	g.started.Close()
	g.started = nil
	for _, p := range g.built {
		p.Close()
	}
	g.built = nil
}

// closeStore closes the connection to the shared store, when the last
// pipeline is done with it.
func (g *globalFlags) closeStore() {
	if g.shared != nil {
		g.shared.Close()
		g.shared = nil
	}
}

// keepLimits are keepLimitsHere with the shared store (--store), opened
// once for every pipeline of this invocation.
func (g *globalFlags) keepLimits(logger *slog.Logger, files *roots.Set) (engine.KeepLimits, error) {
	lim := keepLimitsHere(files, g.oneShot)
	if g.oneShot || g.store.url == "" {
		return lim, nil
	}
	if g.shared == nil {
		shared, err := g.store.open(context.Background(), logger)
		if err != nil {
			return lim, err
		}
		g.shared = shared
		logger.Info("kept copies go to a shared store", "store", shared.String())
	}
	lim.Shared = g.shared
	return lim, nil
}

// keepLimitsHere are the bounds of the copies a pipeline keeps of long
// answers: none for a command that ends with its answer; otherwise the
// defaults, spilling to a private directory in the system's temporary
// directory, or in the user's cache directory when that one is inside a
// root, or in memory only when both are.
func keepLimitsHere(files *roots.Set, oneShot bool) engine.KeepLimits {
	if oneShot {
		return engine.KeepLimits{Off: true}
	}
	var dirs []string
	if files != nil {
		dirs = files.Dirs()
	}
	cache, err := os.UserCacheDir()
	for _, dir := range []string{os.TempDir(), cache} {
		if dir != "" && (dir != cache || err == nil) && !insideAny(dir, dirs) {
			return engine.KeepLimits{Dir: dir}
		}
	}
	return engine.KeepLimits{NoDisk: true}
}

// insideAny reports whether dir is one of roots or inside one, links
// resolved.
func insideAny(dir string, roots []string) bool {
	real := func(p string) string {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return r
		}
		return filepath.Clean(p)
	}
	d := real(dir)
	for _, r := range roots {
		rel, err := filepath.Rel(real(r), d)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}
