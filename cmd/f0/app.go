package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"strings"
	"text/tabwriter"

	"f0/engine"
	"f0/tool"

	"github.com/spf13/cobra"

	"f0/internal/logline"
	"f0/internal/oauth"
	"f0/internal/shellwords"
	"f0/mcp"
)

// app holds the streams and flags of one f0 invocation.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	flags          globalFlags
	// lineFlags are f0's flags given on the command line, repeated in the
	// f0 commands that hints suggest.
	lineFlags []string
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *app {
	return &app{stdin: stdin, stdout: stdout, stderr: stderr}
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "f0 [TOOL [ARGS…]] | f0 COMMAND",
		Short: "Network and file tools for LLM agents (MCP) and for you",
		Long: `f0 serves network and file tools to LLM agents over MCP, and gives you the
same tools on the command line, with the same names, argument repair and errors.

` + commandSummary + `

` + flagsAnywhere,
		Args:          cobra.ArbitraryArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version(),
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.HasParent() {
				return nil // runShorthand reads the flags after the tool name first
			}
			a.lineFlags = lineFlagWords(cmd.Flags(), cmd.Root().PersistentFlags())
			return applyEnv(cmd.Flags())
		},
		RunE: a.runShorthand,
	}
	root.SetVersionTemplate(currentBuild().String())
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	a.flags.register(root.PersistentFlags())
	root.SetGlobalNormalizationFunc(aliasFlags)
	root.Flags().SetInterspersed(false)
	root.ValidArgsFunction = a.completeTool
	root.AddCommand(a.serveCommand(), a.toolsCommand(), a.describeCommand(), a.callCommand(), a.versionCommand())
	defaultHelp := root.HelpFunc()
	root.SetHelpFunc(func(cmd *cobra.Command, args []string) {
		defaultHelp(cmd, args)
		if cmd.Name() != "completion" && (cmd.Parent() == nil || cmd.Parent() == root) {
			printEnv(a.stdout, cmd.Flags())
		}
		if cmd == root {
			a.printToolList(cmd)
		}
	})
	return root
}

// commandSummary is the list of f0's commands, in the root help and what a
// bare f0 prints.
const commandSummary = `  f0 serve                          MCP over stdio
  f0 serve --http 127.0.0.1:8931    MCP over streamable HTTP at /mcp
  f0 tools                          list the tools
  f0 describe TOOL                  a tool's arguments and examples
  f0 call TOOL '{"key":"value"}'    call a tool with JSON arguments
  f0 TOOL key=value …               the same, shorter (f0 tools.search query=file)
  f0 fs.search PATTERN [PATH…]      rg's words and lines (-i -g GLOB -l …)
  f0 fs.find [PATTERN] [PATH…]      fd's words and paths (-e EXT -t f …)
  f0 version                        print the version
  f0 completion bash|zsh|fish|powershell   a shell completion script`

// printToolList appends the exposed tools to the root help.
func (a *app) printToolList(root *cobra.Command) {
	err := applyEnv(root.Flags())
	var p *engine.Host
	if err == nil {
		p, _, err = a.setup(slog.LevelWarn)
	}
	if err != nil {
		fmt.Fprintf(a.stdout, "\n(tool list unavailable: %v)\n", err)
		return
	}
	fmt.Fprintln(a.stdout, "\nTools (f0 TOOL --help shows one):")
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	for _, t := range p.Visible() {
		fmt.Fprintf(tw, "  %s\t%s\n", forTerminal(a.stdout, t.Name), forTerminal(a.stdout, t.Summary)) // an upstream's words
	}
	tw.Flush()
}

// setup builds the logger and pipeline for a command.
func (a *app) setup(level slog.Level) (*engine.Host, *slog.Logger, error) {
	logger, err := a.flags.logger(a.stderr, level)
	if err != nil {
		return nil, nil, err
	}
	p, err := a.flags.pipeline(logger)
	if err != nil {
		return nil, nil, err
	}
	return p, logger, nil
}

func (a *app) serveCommand() *cobra.Command {
	var opts struct {
		http, tokenEnv    string
		origins, hosts    []string
		stateless         bool
		maxBody           string
		maxSessions       int
		maxConns          int
		sessionTTL, grace string
		oauth             oauthFlags
		telemetry         telemetryFlags
	}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the tools over MCP (stdio by default, or streamable HTTP with --http)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// The server's log lines (one per call) are written by a
			// goroutine of their own, off the calls' path; the last ones
			// are out before serve returns, signal or not.
			lines := logline.New(a.stderr, 0)
			defer lines.Close()
			logger, err := a.flags.logger(lines, slog.LevelInfo)
			if err != nil {
				return err
			}
			maxBody, err := parseSizeFlag("--max-body", opts.maxBody)
			if err != nil {
				return err
			}
			signals, err := opts.telemetry.start(cmd.Context(), opts.http != "", opts.hosts, logger)
			if err != nil {
				return err
			}
			defer signals.close()
			a.flags.observer = signals.observer()
			p, policy, err := a.flags.build(logger)
			if err != nil {
				return err
			}
			signals.watch(p, a.flags.started)
			signals.serve(cmd.Context())
			if opts.stateless && policy.Explicit && policy.FollowsClient() {
				return errors.New("--roots client: client roots need a session, and --stateless serves without sessions; name the directories with --root DIR")
			}
			srv := mcp.NewServer(p, mcp.Options{Version: version(), Logger: logger, Roots: policy, ToolsChange: a.flags.started != nil})
			if opts.http == "" {
				logger.Info("serving MCP over stdio", "tools", len(p.Visible()))
				signals.sessions("stdio", func() int { return 1 })
				if err := mcp.ServeStdio(cmd.Context(), srv, a.stdin, a.stdout, mcp.StdioOptions{MaxMessage: maxBody, Logger: logger}); err != nil {
					return &runtimeError{err}
				}
				return nil
			}
			hopts := mcp.HTTPOptions{
				Addr: opts.http, AllowedOrigins: opts.origins, AllowedHosts: opts.hosts,
				Stateless: opts.stateless, MaxBody: maxBody, MaxSessions: opts.maxSessions, MaxConns: opts.maxConns, Logger: logger,
				Metrics: signals.onHTTPListener(),
			}
			if hopts.SessionIdleTTL, err = parseDuration("--session-ttl", opts.sessionTTL); err != nil {
				return err
			}
			if hopts.ShutdownGrace, err = parseDuration("--shutdown-grace", opts.grace); err != nil {
				return err
			}
			if hopts.Token, err = tokenFromEnv(opts.tokenEnv); err != nil {
				return err
			}
			ceiling, err := tool.ParseAccess(a.flags.access)
			if err != nil {
				return fmt.Errorf("--access: %w", err)
			}
			if hopts.OAuth, err = opts.oauth.options(cmd.Context(), p, opts.http, ceiling); err != nil {
				return err
			}
			hs, err := mcp.NewHTTPServer(srv, hopts)
			if err != nil {
				return err
			}
			signals.sessions("http", hs.OpenSessions)
			err = hs.Serve(cmd.Context(), func(addr net.Addr) {
				logger.Info("serving MCP over streamable HTTP", append([]any{"url", fmt.Sprintf("http://%s/mcp", addr), "tools", len(p.Visible()),
					"stateless", opts.stateless, "auth", hopts.Token != "" || hopts.OAuth != nil}, oauthLog(hopts)...)...)
			})
			if err != nil {
				return &runtimeError{err}
			}
			return nil
		},
	}
	cmd.SetFlagErrorFunc(serveFlagError)
	f := cmd.Flags()
	f.StringVar(&opts.http, "http", "", "serve streamable HTTP on ADDR (host:port) at /mcp instead of stdio")
	f.StringVar(&opts.tokenEnv, "auth-token-env", "", "name of the environment variable holding the bearer token HTTP clients must send")
	f.StringSliceVar(&opts.origins, "allowed-origins", nil, "browser origins allowed besides loopback ones")
	f.StringSliceVar(&opts.hosts, "allowed-hosts", nil, "Host header values allowed besides loopback names")
	f.BoolVar(&opts.stateless, "stateless", false, "no sessions: every request stands alone (for several instances behind a load balancer)")
	f.StringVar(&opts.maxBody, "max-body", fmt.Sprintf("%dMiB", mcp.DefaultMaxBody>>20), "largest message (4MiB, 512K, 5000000): an HTTP request body, or one line over stdio")
	f.IntVar(&opts.maxSessions, "max-sessions", mcp.DefaultMaxSessions, "most live HTTP sessions")
	f.IntVar(&opts.maxConns, "max-conns", mcp.DefaultMaxConns, "most open HTTP connections; over it the oldest connection not serving a request is closed for the newcomer")
	f.StringVar(&opts.sessionTTL, "session-ttl", mcp.DefaultSessionIdleTTL.String(), "end HTTP sessions idle for this long")
	f.StringVar(&opts.oauth.issuer, "oauth-issuer", "", "accept OAuth access tokens (JWTs) from this authorization server's issuer URL, instead of a static token")
	f.StringVar(&opts.oauth.audience, "oauth-audience", "", "with --oauth-issuer: this server's resource URL, the audience tokens must name (default http://ADDR/mcp of --http)")
	f.StringVar(&opts.oauth.scopes, "oauth-scopes", oauth.DefaultScopes, "with --oauth-issuer: the access level each scope grants, SCOPE=LEVEL,…")
	opts.telemetry.register(f)
	f.StringVar(&opts.grace, "shutdown-grace", mcp.DefaultShutdownGrace.String(), "how long in-flight calls may finish on shutdown")
	f.BoolVar(&a.flags.net.robots, "net-robots", false, "net.curl checks every URL a model asks for, redirects included, against its site's robots.txt (kept an hour), and refuses what it disallows for f0")
	a.flags.store.register(f)
	return cmd
}

// oauthLog is what the start line says of OAuth: the issuer whose tokens
// are accepted and the audience they must name; nothing without OAuth.
func oauthLog(o mcp.HTTPOptions) []any {
	if o.OAuth == nil {
		return nil
	}
	return []any{"oauth_issuer", o.OAuth.Issuer, "oauth_audience", o.OAuth.Resource}
}

func (a *app) toolsCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "tools",
		Short: "List the tools this configuration exposes",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, _, err := a.setup(slog.LevelWarn)
			if err != nil {
				return err
			}
			if asJSON {
				enc := json.NewEncoder(a.stdout)
				enc.SetIndent("", "  ")
				enc.SetEscapeHTML(false)
				sizes, err := mcp.Sizes(p)
				if err != nil {
					return err
				}
				total := mcp.ToolSize{Name: "total"}
				for _, s := range sizes {
					total.Bytes += s.Bytes
				}
				total.Tokens = mcp.EstimateTokens(total.Bytes)
				return enc.Encode(map[string]any{"tools": mcp.Published(p), "sizes": append(sizes, total)})
			}
			tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
			for _, t := range p.Visible() {
				fmt.Fprintf(tw, "%s\t%s\t%s\n", t.Name, t.Access, t.Summary)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the tools exactly as MCP tools/list shows them, and what each costs (bytes, estimated tokens)")
	return cmd
}

func (a *app) describeCommand() *cobra.Command {
	return &cobra.Command{
		Use:               "describe TOOL",
		ValidArgsFunction: a.completeTool,
		Short:             "Show a tool's arguments, schema and examples",
		Args:              cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, _, err := a.setup(slog.LevelWarn)
			if err != nil {
				return err
			}
			// Not through the tools.describe tool: describing an exposed
			// tool must work whatever the filters do to tools.describe.
			ctx := a.withCLIRenderer(cmd.Context(), p)
			name := p.ResolveName(args[0])
			t, ok := name.Tool(p)
			if !ok {
				return a.printMiss(t, p.CallResolved(ctx, name, nil, tool.Limits{})) // not found: suggestions
			}
			fmt.Fprintln(a.stdout, forTerminal(a.stdout, p.Describe(ctx, t)))
			return nil
		},
	}
}

func (a *app) callCommand() *cobra.Command {
	var server, stdioCmd, tokenEnv string
	cmd := &cobra.Command{
		Use:   "call TOOL [JSON|-|key=value…]",
		Short: "Call a tool with JSON arguments ('-' reads them from stdin)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if server != "" && stdioCmd != "" {
				return fmt.Errorf("--server and --stdio: give one of them")
			}
			if server != "" || stdioCmd != "" {
				// The server resolves the name and repairs the arguments; a
				// bare word fills the main field of the f0 tool of that name,
				// as it does locally.
				reg, t := a.probeDefinition(args[0])
				raw, err := a.readArgs(reg, t, args[1:])
				if err != nil {
					return err
				}
				target := remoteTarget{url: server, command: stdioCmd, tokenEnv: tokenEnv}
				res, err := target.call(cmd.Context(), args[0], raw)
				if err != nil {
					return &runtimeError{err}
				}
				return a.print(res, false)
			}
			p, _, err := a.setup(slog.LevelWarn)
			if err != nil {
				return err
			}
			return a.callLocal(a.withCLIRenderer(cmd.Context(), p), p, p.ResolveName(args[0]), args[1:])
		},
	}
	cmd.Flags().StringVar(&server, "server", "", "call a running f0 at this streamable HTTP URL (e.g. http://127.0.0.1:8931/mcp)")
	cmd.Flags().StringVar(&stdioCmd, "stdio", "", "call an MCP server started with this command line over stdio (e.g. 'f0 serve --root /srv')")
	cmd.Flags().StringVar(&tokenEnv, "auth-token-env", "", "with --server: environment variable holding the bearer token")
	return cmd
}

// runShorthand handles `f0 TOOL …`: f0's own flags after the tool name are
// taken out first (see words.go), then the environment fills the rest.
func (a *app) runShorthand(cmd *cobra.Command, args []string) error {
	fs := cmd.Flags()
	if len(args) == 0 {
		// As rg and curl do: a few lines on stderr, and the usage exit.
		fmt.Fprintf(a.stderr, "Usage: %s\n\n%s\n\nf0 --help lists the flags, the environment and the tools.\n", cmd.Use, commandSummary)
		return &exitStatus{code: exitUsage}
	}
	name, words := args[0], args[1:]
	if hasF0Flag(fs, words) {
		flags, rest, err := takeF0Flags(fs, a.probeTool(name), words)
		if err != nil {
			return err
		}
		if err := setLineFlags(fs, flags); err != nil {
			return err
		}
		words = rest
	}
	a.lineFlags = lineFlagWords(fs, cmd.PersistentFlags())
	if err := applyEnv(fs); err != nil {
		return err
	}
	p, _, err := a.setup(slog.LevelWarn)
	if err != nil {
		return err
	}
	ctx := a.withCLIRenderer(cmd.Context(), p)
	resolved := p.ResolveName(name)
	t, ok := resolved.Tool(p)
	if !ok {
		if err := commandMiss(cmd, p, name); err != nil {
			return err
		}
		return a.callLocal(ctx, p, resolved, words)
	}
	// A tool that takes a program's words (net.curl) answers -h and --help
	// itself, as the program does.
	if wantsHelp(words) && (t.RawArgsField == "" || slices.Equal(words, []string{"help"})) {
		fmt.Fprintln(a.stdout, forTerminal(a.stdout, p.Describe(ctx, t)))
		return nil
	}
	if t.RawArgsField == "" && finderOf(t) == nil {
		if err := strayFlag(p, t, words); err != nil {
			return err
		}
	}
	return a.callLocal(ctx, p, resolved, words)
}

// callLocal runs a call in-process through the pipeline, with its name
// resolved once (see engine.Resolution).
func (a *app) callLocal(ctx context.Context, p *engine.Host, name engine.Resolution, words []string) error {
	var raw any
	t, ok := name.Tool(p)
	if !ok {
		// A name that means several tools (another agent's view, bash)
		// is decided by its arguments: read them as JSON or key=value
		// pairs, for the engine to choose with.
		args, err := a.readArgs(p.Registry(), nil, words)
		if err != nil {
			return err
		}
		return a.printMiss(t, p.CallResolved(ctx, name, args, tool.Limits{Bytes: a.pipeBudget()}))
	}
	if f := finderOf(t); f != nil && !givesJSON(words) {
		return a.callFinder(ctx, p, name, t, f, words)
	}
	quiet, console := false, false
	if t != nil && t.RawArgsField != "" && !looksLikeJSON(words) {
		args, err := rawCall(p.Registry(), t, words)
		if err != nil {
			return err
		}
		raw = args
		quiet = silent(words)
		// Only the program's words, no field of f0's own (format=markdown,
		// maxBytes=…): print what the program would.
		_, console = args[t.RawArgsField]
		console = console && len(args) == 1 || len(args) == 0
	} else {
		args, err := a.readArgs(p.Registry(), t, words)
		if err != nil {
			return err
		}
		if args := a.everyResult(p, t, args); args != nil {
			raw = args
		}
	}
	// curl's "@-" and "-T -" read the terminal's standard input.
	ctx = engine.WithStdin(ctx, tool.NewStdin(a.stdin))
	var bar *progressBar
	if !quiet {
		ctx, bar = a.progress(ctx)
	}
	if console {
		ctx = engine.WithConsole(ctx, tool.ConsoleOptions{Terminal: isTerminal(a.stdout)})
	}
	// The whole body goes to stdout (a pipe, a file, curl's console): the
	// tool writes it there as it reads it, instead of holding it.
	var sink io.Writer
	if t != nil && t.Verbatim && (console || a.pipeBudget() == pipedBudget) {
		sink = bar.clearsFirst(a.stdout, terminalWriter(a.stdout))
		ctx = engine.WithSink(ctx, t, sink)
	}
	res := p.CallResolved(ctx, name, raw, tool.Limits{Bytes: a.pipeBudget()})
	flushSink(sink)
	bar.clear()
	if res.Console != nil {
		return a.printConsole(res.Console)
	}
	return a.print(res, t != nil && t.Verbatim)
}

// printConsole writes what the program a tool stands in for would have
// printed, and exits with its status.
func (a *app) printConsole(c *tool.Console) error {
	terminal := isTerminal(a.stdout)
	for _, b := range c.Stdout {
		if terminal {
			b = []byte(escapeControls(string(b)))
		}
		if _, err := a.stdout.Write(b); err != nil {
			return &exitStatus{code: exitWriteError}
		}
	}
	io.WriteString(a.stderr, forTerminal(a.stderr, c.Stderr))
	if c.Exit != 0 {
		return &exitStatus{code: c.Exit}
	}
	return nil
}

// everyResult lets a listing in a pipe show every entry (fs.list): its
// maxResults, when the call sets neither it nor maxBytes, is allResults,
// as the output budget is pipedBudget.
func (a *app) everyResult(p *engine.Host, t *tool.Tool, args any) any {
	if a.pipeBudget() != pipedBudget || !slices.Contains(p.Registry().Fields(t), "maxResults") {
		return args
	}
	if args == nil {
		args = map[string]any{}
	}
	m, ok := args.(map[string]any)
	if !ok {
		return args
	}
	_, counted := m["maxResults"]
	_, budgeted := m[tool.BudgetField]
	if !counted && !budgeted {
		m["maxResults"] = allResults
	}
	return m
}

// pipedBudget is the output budget when stdout is a file or a pipe: as with
// curl or cat, `f0 net.curl URL > page.html` must get the whole body, not
// the part that fits a model's context.
const pipedBudget = 1 << 30

// pipeBudget returns pipedBudget when stdout is not a terminal, and 0 (the
// server default, as a model gets) when a person reads the output.
func (a *app) pipeBudget() int {
	if isTerminal(a.stdout) {
		return 0
	}
	return pipedBudget
}

// silent reports whether curl-style words ask for silence (-s, --silent, or
// a group of short flags such as -sSL), which hides the progress bar as in
// curl.
func silent(words []string) bool {
	for _, w := range words {
		switch {
		case w == "--":
			return false
		case w == "--silent":
			return true
		case len(w) > 1 && w[0] == '-' && w[1] != '-' && shortGroupHasS(w[1:]):
			return true
		}
	}
	return false
}

// shortGroupHasS scans a group of curl short flags for -s, stopping at the
// first flag that takes the rest of the word as its value.
func shortGroupHasS(group string) bool {
	for _, c := range group {
		switch {
		case c == 's':
			return true
		case strings.ContainsRune("HdXAeubwoFmTEKrxyzYQ", c):
			return false
		}
	}
	return false
}

// givesJSON reports whether the words are the arguments as JSON: "-", a
// JSON object, or one whose quotes a shell took off ({path:README.md}); a
// brace glob ({*.go,*.md}) is none of them.
func givesJSON(words []string) bool {
	if !looksLikeJSON(words) {
		return false
	}
	_, _, unquoted := unquotedObject(words[0])
	return words[0] == "-" || unquoted || json.Valid([]byte(words[0]))
}

func looksLikeJSON(words []string) bool {
	return len(words) == 1 && (words[0] == "-" || strings.HasPrefix(strings.TrimSpace(words[0]), "{"))
}

// readArgs turns CLI words into arguments: one JSON object, '-' for JSON on
// stdin, or key=value / key:=json pairs with bare words for the main field.
func (a *app) readArgs(reg *engine.Registry, t *tool.Tool, words []string) (any, error) {
	switch {
	case len(words) == 0:
		return nil, nil
	case len(words) == 1 && words[0] == "-":
		data, err := io.ReadAll(a.stdin)
		if err != nil {
			return nil, fmt.Errorf("read arguments from stdin: %w", err)
		}
		return json.RawMessage(data), nil
	case looksLikeJSON(words):
		pairs, note, ok := unquotedObject(words[0])
		if !ok {
			return json.RawMessage(words[0]), nil
		}
		fmt.Fprintln(a.stderr, forTerminal(a.stderr, note))
		words = pairs
	}
	args, bare, err := shellwords.ReadPairs(words)
	if err != nil {
		return nil, err
	}
	main := ""
	if t != nil {
		main = t.MainField
	}
	join := reg != nil && t != nil && reg.FieldType(t, main) == "string" && t.Plurals[main] == ""
	return shellwords.PlaceBare(args, bare, main, join)
}

// print writes a result the way a terminal wants it: the body on stdout;
// status, footer and notes on stderr; with a tool error, everything on
// stderr and exit code 1. The body ends with a newline, so that a note on
// stderr starts on a line of its own, unless it is verbatim data (a file,
// an HTTP body) going to a pipe or a file, which keeps its bytes exactly.
func (a *app) print(res tool.Result, verbatim bool) error {
	images := ""
	for _, img := range res.Images {
		images += fmt.Sprintf("[image %s, %d bytes]\n", img.MIMEType, len(img.Data))
	}
	if res.IsError {
		return &toolError{text: strings.TrimRight(res.Text+"\n"+images, "\n")}
	}
	sec := res.Sections
	if sec == (tool.Sections{}) {
		sec.Body = res.Text // a result that did not come through the pipeline
	}
	if res.Empty {
		// A search that found nothing: nothing on stdout, and exit 1, as
		// grep, rg and fd; the reason on stderr.
		for _, s := range []string{sec.Head, sec.Body, sec.Tail} {
			if s != "" {
				fmt.Fprintln(a.stderr, forTerminal(a.stderr, strings.TrimRight(s, "\n")))
			}
		}
		return &exitStatus{code: exitNoMatch}
	}
	if sec.Head != "" {
		fmt.Fprintln(a.stderr, forTerminal(a.stderr, sec.Head))
	}
	if sec.Body != "" {
		fmt.Fprint(a.stdout, forTerminal(a.stdout, sec.Body))
		if !strings.HasSuffix(sec.Body, "\n") && (!verbatim || isTerminal(a.stdout)) {
			fmt.Fprintln(a.stdout)
		}
	}
	fmt.Fprint(a.stdout, images)
	if sec.Tail != "" {
		fmt.Fprintln(a.stderr, forTerminal(a.stderr, sec.Tail))
	}
	for _, l := range res.Links {
		fmt.Fprintln(a.stderr, "saved: "+forTerminal(a.stderr, l.Path()))
	}
	return nil
}

// printMiss prints the answer to a call of a tool this configuration does
// not expose: t, which --access or --exclude-tools hides (exit 1, a
// refusal), or none there is (nil: a misspelt name, its suggestions; exit
// 2, as a usage error).
func (a *app) printMiss(t *tool.Tool, res tool.Result) error {
	err := a.print(res, false)
	var te *toolError
	if errors.As(err, &te) && t == nil {
		te.usage = true
	}
	return err
}

// wantsHelp reports whether the words after a tool name ask for its help:
// --help anywhere before a "--" word, or -h / help alone.
func wantsHelp(words []string) bool {
	before := words
	if i := slices.Index(words, "--"); i >= 0 {
		before = words[:i]
	}
	if slices.Contains(before, "--help") {
		return true
	}
	return len(words) == 1 && (words[0] == "-h" || words[0] == "help")
}
