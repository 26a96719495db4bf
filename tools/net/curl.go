// Package net holds the tools of the net namespace: net.curl, an HTTP(S)
// client with curl's flags and semantics whose answers fit a model's context.
// The client, dialing and the operator's rules it shares with other network
// tools live in f0/internal/web.
package net

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	"f0/internal/roots"
	"f0/internal/web"
	"f0/tool"
)

// Defaults and limits of net.curl.
const (
	// DefaultTimeout bounds a whole request (connect, send, receive).
	DefaultTimeout = 30 * time.Second
	// DefaultMaxRedirects is how many redirects are followed, as in curl.
	DefaultMaxRedirects = 50
	// maxURLs is the most URLs one call requests.
	maxURLs = 20
	// maxHeaders is the most request headers one call sends.
	maxHeaders = 100
)

// schemaFiles are the documents of the package's tools, one
// schema/<name>.json each (see tool.Spec.Docs).
//
//go:embed schema/*.json
var schemaFiles embed.FS

// Tools returns the network tools over client, which dials through the
// operator's rules (the caller builds both from cfg: see web.NewPolicy).
// Files they read or write (curl's -o, --data-binary @file) stay inside
// files.
func Tools(cfg web.Config, client *web.Client, files *roots.Set) []*tool.Tool {
	return []*tool.Tool{newCurl(cfg, client, files, realClock{}).tool()}
}

// newCurl is net.curl whose --retry waits on clk (tests give one that
// does not wait).
func newCurl(cfg web.Config, client *web.Client, files *roots.Set, clk clock) *curl {
	c := &curl{cfg: cfg.WithDefaults(), files: files, client: client, clock: clk}
	if cfg.Robots {
		c.robots = web.NewRobots("f0", "f0/"+c.cfg.Version, web.RobotsTTL, time.Now)
	}
	return c
}

// curl is the net.curl tool with its transports and rules.
type curl struct {
	cfg    web.Config
	files  *roots.Set
	client *web.Client
	clock  clock // what --retry waits on
	// robots, when the operator asked for it, checks every URL requested
	// against its site's robots.txt, keeping each site's file a while.
	robots *web.Robots
	// noFiles says why a call has no roots (its session's client has sent
	// none yet); files is then nil, and only calls that touch files fail.
	noFiles error
	// call is the running call, in the copy of curl a call works with (see
	// inRoots).
	call tool.Call
}

func (c *curl) tool() *tool.Tool {
	return tool.Def[Input]{
		Spec: tool.Spec{
			Name:        "net.curl",
			Title:       "HTTP request (curl)",
			Summary:     "Make an HTTP(S) request like curl, with fields or curl args; long bodies come back in pages.",
			Access:      tool.Read,
			Annotations: tool.Annotations{Destructive: true, OpenWorld: true},
			Docs:        schemaFiles,
			Names: tool.Names{
				Keywords: []string{"http", "https", "fetch", "get", "post", "put", "delete", "download", "upload", "web", "url",
					"api", "rest", "request", "wget", "curl", "html", "markdown", "page"},
				ShellTimeout: "maxTimeSeconds",
				Shell:        []string{"curl", "curl.exe", "wget", "wget.exe", "http", "https", "xh", "xhs", "curlie", "invoke-restmethod", "invoke-webrequest", "irm", "iwr"},
			},
			Fields: tool.Fields{
				Synonyms: synonyms,
				MaxItems: map[string]int{"urls": maxURLs, "headers": maxHeaders},
				Forms: map[string]tool.FieldForm{
					"url": tool.URLKind, "urls": tool.URLKind, "output": tool.PathKind,
					"timeoutMs": tool.Millis, "connectTimeoutMs": tool.Millis, "maxTimeSeconds": tool.Seconds,
				},
				Shapes: map[string]tool.Shape{
					"args": tool.CommandLine, "headers": tool.HeaderLines, "data": tool.JSONText, "json": tool.JSONText,
					"form": tool.URLEncoded, "query": tool.URLEncoded, "cookie": tool.CookiePairs, "user": tool.UserPass,
				},
				Unlisted: []string{"urls", "cookie", "fail", "silent", "verbose", "writeOut", "maxRedirects", "maxTimeSeconds", "connectTimeoutMs",
					"remoteName", "userAgent", "referer", "compressed", "insecure", "base64", "startIndex", "response", "page"},
			},
			CLI: tool.CLI{
				RawArgsField: "args",
				RawFlag:      flagWord,
				RawWords:     rawWords,
				Verbatim:     true,
			},
		},
		Run:       c.run,
		AccessFor: c.access,
		Prepare:   withPlan,
	}.Erase()
}

// synonyms are argument names models use for net.curl's fields.
var synonyms = map[string]string{
	"body": "data", "payload": "data",
	"header": "headers",
	"params": "query", "queryParams": "query", "searchParams": "query",
	"uri": "url", "link": "url", "endpoint": "url", "href": "url",
	"follow": "followRedirects", "followRedirect": "followRedirects", "location": "followRedirects", "redirects": "followRedirects",
	"maxRedirs": "maxRedirects",
	"include":   "includeHeaders", "showHeaders": "includeHeaders",
	"verb": "method", "httpMethod": "method",
	"outputFile": "output", "saveTo": "output", "outFile": "output", "out": "output",
	"agent": "userAgent", "ua": "userAgent",
	"cookies":  "cookie",
	"jsonBody": "json",
	"formData": "form",
	"maxTime":  "maxTimeSeconds", "timeoutSeconds": "maxTimeSeconds", "timeoutSecs": "maxTimeSeconds", "timeoutSec": "maxTimeSeconds",
	// A time without a unit in its name is read by its size (tools.Millis).
	"timeout": "timeoutMs", "connectTimeout": "connectTimeoutMs", "requestTimeout": "timeoutMs",
	"insecureSkipVerify": "insecure",
	"auth":               "user", "basicAuth": "user", "credentials": "user",
}

// access is the level a call needs: read for GET, HEAD and OPTIONS, write
// for other methods and for saving a file, admin for insecure TLS and for
// a proxy of the call's own.
func (c *curl) access(in Input) (tool.Access, string) {
	p, err := in.plan()
	if err != nil {
		return tool.Read, "" // the call fails with the plan's error
	}
	return p.access(c.client.Proxies())
}

// run executes a call.
func (c *curl) run(ctx context.Context, call tool.Call, in Input) (tool.Result, error) {
	mine, done := c.inRoots(ctx, call)
	defer done()
	res, err := mine.exec(ctx, in)
	return res, polish(err)
}

// inRoots is c for one call: with its tool.Call and the roots of its
// session (see tool.Call.Roots).
func (c *curl) inRoots(ctx context.Context, call tool.Call) (*curl, func()) {
	files, done, err := call.Roots(ctx, c.files)
	mine := *c
	mine.files, mine.noFiles, mine.call = files, err, call
	if err != nil {
		return &mine, func() {}
	}
	return &mine, done
}

// locate maps a file named in field to the roots.
func (c *curl) locate(field, name string) (roots.Loc, error) {
	if c.files == nil {
		return roots.Loc{}, &tool.InputError{Field: field, Problem: fmt.Sprintf("%q: %v", name, c.noFiles), Cause: c.noFiles}
	}
	loc, err := c.files.Locate(name)
	if err != nil {
		return loc, &tool.InputError{Field: field, Problem: err.Error(), Cause: err}
	}
	return loc, nil
}

func (c *curl) exec(ctx context.Context, in Input) (tool.Result, error) {
	p, err := in.plan()
	if err != nil {
		err = answerError(c.call, err)
		if _, ok := c.call.Console(); ok {
			return tool.Result{Console: usageConsole(nil, err)}, err
		}
		return tool.Result{}, err
	}
	v := consoleFor(c.call, p)
	res, err := c.answerPlan(ctx, p, v)
	if err != nil && v != nil && res.Console == nil {
		res.Console = usageConsole(v, err)
	}
	return res, err
}

// answerPlan requests every URL of the plan and answers with the model's
// view, and with curl's console output when v asks for it: both from the
// same exchanges.
func (c *curl) answerPlan(ctx context.Context, p *plan, v *consoleView) (tool.Result, error) {
	if p.help {
		return c.help(ctx, v), nil
	}
	if len(p.urls) == 0 {
		return tool.Result{}, &tool.InputError{Field: "url", Problem: "is missing: there is no URL to request",
			Hint: "Give \"url\", \"urls\", or a URL inside \"args\"."}
	}
	req, notes, err := c.prepare(ctx, p)
	if err != nil {
		return tool.Result{}, err
	}
	if req.own != nil {
		defer req.own.CloseIdleConnections()
	}
	if most := c.mostURLs(v); len(req.targets) > most {
		return tool.Result{}, &tool.InputError{Field: "urls", Problem: fmt.Sprintf("%d URLs in one call; the most is %d", len(req.targets), most),
			Hint: "Split them over several calls."}
	}
	if req.continues != nil && len(req.targets) > 1 {
		return tool.Result{}, &tool.InputError{Field: responseField, Problem: fmt.Sprintf("names one kept response, and this call has %d URLs", len(req.targets)),
			Hint: "Continue each URL with the call its section's last line names."}
	}
	req.console = v != nil
	req.pipe = pipeFor(ctx, req)
	o := c.consoleOut(ctx, v, req)
	exs, errs := c.doAllInTime(ctx, req, o)
	var res tool.Result
	if len(req.targets) == 1 {
		res, err = c.single(ctx, req, exs[0], errs[0])
	} else {
		res, err = c.several(ctx, req, exs, errs)
	}
	res.Notes = append(notes, res.Notes...)
	ferr := c.writeFiles(req, &res)
	if o != nil && ctx.Err() == nil {
		res.Console = o.finish(ferr)
	}
	if ferr != nil && err == nil {
		return res, ferr
	}
	return res, err
}

// doAllInTime requests every target within --net-max-time for the whole
// call: every URL, every retry and every wait between them.
func (c *curl) doAllInTime(ctx context.Context, req *request, o *consoleOut) ([]*exchange, []error) {
	if c.cfg.MaxTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, c.cfg.MaxTime, &totalTimeoutError{limit: c.cfg.MaxTime})
		defer cancel()
		req.deadline = c.clock.Now().Add(c.cfg.MaxTime)
	}
	return c.doAll(ctx, req, o)
}

// writeFiles writes what curl writes when the transfers are over, even
// failed ones: the headers of -D FILE, and the cookie jar of -c (to its
// file, or after the output for "-").
func (c *curl) writeFiles(r *request, res *tool.Result) error {
	if r.dumpOut != nil {
		if _, err := c.files.WriteAtomic(*r.dumpOut, strings.NewReader(r.dump.String()), roots.WriteOptions{CreateDirs: true}); err != nil {
			return fmt.Errorf("-D: %w", c.files.Explain("write", *r.dumpOut, err))
		}
		res.Notes = append(res.Notes, fmt.Sprintf("note: response headers written to %s", c.files.Display(*r.dumpOut)))
	}
	if r.jar == nil || !r.plan.cookieJar.set {
		return nil
	}
	jar := r.jar.netscape()
	if r.jarOut == nil {
		res.Text += string(jar)
		return nil
	}
	if _, err := c.files.WriteAtomic(*r.jarOut, bytes.NewReader(jar), roots.WriteOptions{CreateDirs: true}); err != nil {
		return fmt.Errorf("-c: %w", c.files.Explain("write", *r.jarOut, err))
	}
	res.Notes = append(res.Notes, fmt.Sprintf("note: cookies written to %s", c.files.Display(*r.jarOut)))
	return nil
}

// mostURLs is how many URLs one call may request: a model's answer has
// room for a few; a terminal prints what curl would, globs included.
func (c *curl) mostURLs(v *consoleView) int {
	if v != nil {
		return maxGlobURLs
	}
	return maxURLs
}

// doAll requests the targets one after the other, as curl does, until the
// call is cancelled; o, when the call prints as curl, renders each URL as
// soon as it is done.
func (c *curl) doAll(ctx context.Context, r *request, o *consoleOut) ([]*exchange, []error) {
	var exs []*exchange
	var errs []error
	for _, t := range r.targets {
		fetch := c.fetch
		if r.continues != nil {
			fetch = c.continued
		}
		ex, err := fetch(ctx, r, t)
		exs, errs = append(exs, ex), append(errs, err)
		if o != nil {
			o.render(c, ex, err)
		}
		if err != nil && ctx.Err() != nil {
			break
		}
	}
	return exs, errs
}
