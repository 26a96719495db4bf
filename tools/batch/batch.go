// Package batch runs several tool calls in one request. Each item goes
// through the same pipeline as a direct call: name resolution, argument
// repair, its own access check and a share of the output budget.
package batch

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	"f0/internal/roots"
	"f0/tool"
)

// schemaFiles are the documents of the package's tools, one
// schema/<name>.json each (see tool.Spec.Docs).
//
//go:embed schema/*.json
var schemaFiles embed.FS

// Concurrency limits.
const (
	DefaultConcurrency = 4
	MaxConcurrency     = 16
	MaxCalls           = 64
)

// Call is one item of a batch.
type Call struct {
	Tool string `json:"tool" jsonschema:"required"`
	Args any    `json:"args,omitempty" jsonschema_description:"The tool's arguments as JSON text."`
}

// Input is the input of batch.
type Input struct {
	Calls           []Call `json:"calls" jsonschema:"required"`
	MaxConcurrency  int    `json:"maxConcurrency,omitempty" jsonschema:"minimum=1,maximum=16" jsonschema_description:"Calls at once (default 4)."`
	ContinueOnError *bool  `json:"continueOnError,omitempty" jsonschema_description:"Keep going after a failed call (default true). With false, calls not yet started when one fails are reported as not run."`
}

// batch is the batch tool with the roots its items' paths resolve in.
type batch struct {
	// files are the operator's roots; a call with roots of its own (an
	// MCP client's) uses those (see roots.For). Nil: no roots are known,
	// and items that name a path are ordered as if they could touch any.
	files *roots.Set
}

// Tools returns the batch tool; files are the roots the fs tools use.
func Tools(files *roots.Set) []*tool.Tool {
	b := &batch{files: files}
	return []*tool.Tool{tool.Def[Input]{
		Spec: tool.Spec{
			Name:    "batch",
			Title:   "Run several calls",
			Summary: "Run several tool calls at once, in parallel but in list order on one path; results in order.",
			Access:  tool.Read,
			Annotations: tool.Annotations{
				// Items may write; the batch itself is as safe as its items.
				ReadOnly: false, Destructive: true, OpenWorld: true,
			},
			Docs: schemaFiles,
			Names: tool.Names{
				Keywords: []string{"many", "several", "parallel", "multiple", "bulk", "calls"},
			},
			Fields: tool.Fields{
				Shapes:   map[string]tool.Shape{"calls.args": tool.JSONArgs},
				Unlisted: []string{"continueOnError"},
				Synonyms: map[string]string{"requests": "calls", "items": "calls", "tool_calls": "calls", "concurrency": "maxConcurrency", "parallel": "maxConcurrency",
					// Lists of calls as model APIs return them: Gemini's
					// functionCalls and parts, Anthropic's content blocks.
					"functionCalls": "calls", "function_calls": "calls", "tool_uses": "calls", "content": "calls", "parts": "calls", "toolUses": "calls"},
				NestedSynonyms: map[string]map[string]string{"calls": {"name": "tool", "toolName": "tool", "recipient_name": "tool", "arguments": "args", "params": "args", "parameters": "args", "input": "args"}},
				MainField:      "calls",
				Forms:          map[string]tool.FieldForm{"calls": tool.CallsKind},
			},
		},
		Run: b.run,
	}.Erase()}
}

// outcome is what became of one item.
type outcome struct {
	res    tool.Result
	ran    bool
	listed string
}

func (b *batch) run(ctx context.Context, call tool.Call, in Input) (tool.Result, error) {
	p, ok := call.Catalog()
	if !ok {
		return tool.Result{}, fmt.Errorf("batch runs only inside the call pipeline")
	}
	if err := checkSize(in); err != nil {
		return tool.Result{}, err
	}
	room := call.Room()
	if most := room.Parts(); len(in.Calls) > most {
		hint := fmt.Sprintf("Split it into batches of %d.", most)
		if len(in.Calls)*tool.MinShare <= room.Most() {
			hint = fmt.Sprintf("Split it into batches of %d, or raise maxBytes.", most)
		}
		return tool.Result{}, &tool.InputError{Field: "calls", Problem: fmt.Sprintf(
			"has %d calls; with an output budget of %d bytes a batch takes at most %d, so that each gets %d bytes", len(in.Calls), call.Budget(), most, tool.MinShare),
			Hint: hint}
	}
	items := make([]tool.PreparedCall, len(in.Calls))
	for i, c := range in.Calls {
		items[i] = p.Prepare(ctx, c.Tool, c.Args)
		if t := items[i].Tool(); t != nil && t.Name == "batch" {
			return tool.Result{}, &tool.InputError{Field: fmt.Sprintf("calls[%d].tool", i), Problem: "is batch: a batch cannot contain another batch", Hint: "Put all the calls in one list."}
		}
	}
	plan := b.plan(ctx, call, items)
	start := time.Now()
	outs := execute(ctx, call, plan, in, room.Share(len(in.Calls)))
	return render(ctx, outs, in, time.Since(start)), nil
}

// checkSize refuses batches that cannot run as asked.
func checkSize(in Input) error {
	if len(in.Calls) == 0 {
		return &tool.InputError{Field: "calls", Problem: "is empty: give at least one {\"tool\": …, \"args\": {…}}"}
	}
	if len(in.Calls) > MaxCalls {
		return &tool.InputError{Field: "calls", Problem: fmt.Sprintf("has %d calls; a batch takes at most %d", len(in.Calls), MaxCalls), Hint: "Split it into several batches."}
	}
	return nil
}

// execute runs the items with bounded concurrency: an item starts once
// every earlier item it conflicts with is done (plan.after), and among the
// items ready to start the earliest goes first, so maxConcurrency 1 runs
// them in list order. Results keep input order.
func execute(ctx context.Context, call tool.Call, plan *plan, in Input, share tool.Room) []outcome {
	n := len(plan.items)
	workers := in.MaxConcurrency
	if workers <= 0 {
		workers = DefaultConcurrency
	}
	workers = min(workers, MaxConcurrency, n)
	stopOnError := in.ContinueOnError != nil && !*in.ContinueOnError
	if stopOnError {
		workers = 1 // "stop at the first failure" means nothing after it starts
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	outs := make([]outcome, n)
	started, finished := make([]bool, n), make([]bool, n)
	doneCh := make(chan int)
	running, done, stopped := 0, 0, false
	for {
		for i := 0; i < n && running < workers && !stopped && ctx.Err() == nil; i++ {
			if started[i] || !plan.ready(i, finished) {
				continue
			}
			started[i] = true
			running++
			go func(i int) {
				outs[i].res = plan.items[i].Run(ctx, share.Limits())
				doneCh <- i
			}(i)
		}
		if running == 0 {
			break // all ran, or the batch stopped: see plan.ready
		}
		i := <-doneCh
		running--
		done++
		finished[i], outs[i].ran = true, true
		if outs[i].res.IsError && stopOnError {
			stopped = true
		}
		if ctx.Err() == nil {
			call.Progress(float64(done), float64(n), fmt.Sprintf("%d of %d calls done", done, n))
		}
	}
	for i := range outs {
		outs[i].listed = plan.items[i].Name()
	}
	return outs
}

// render writes the header and every item in input order.
func render(ctx context.Context, outs []outcome, in Input, elapsed time.Duration) tool.Result {
	stopOnError := in.ContinueOnError != nil && !*in.ContinueOnError
	notRun := "not run (an earlier call failed and continueOnError is false)"
	if ctx.Err() != nil {
		notRun = "not run (the batch was cancelled)"
	}
	okN, failN, skipN := 0, 0, 0
	for _, o := range outs {
		switch {
		case !o.ran:
			skipN++
		case o.res.IsError:
			failN++
		default:
			okN++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "batch: %d ok, %d failed", okN, failN)
	if skipN > 0 {
		fmt.Fprintf(&b, ", %d not run", skipN)
	}
	fmt.Fprintf(&b, " · %s\n", roundDuration(elapsed))
	for i, o := range outs {
		status := "ok"
		switch {
		case !o.ran:
			status = notRun
		case o.res.IsError:
			status = "error"
		}
		fmt.Fprintf(&b, "\n── [%d] %s: %s\n", i, o.listed, status)
		if o.ran {
			b.WriteString(strings.TrimRight(o.res.Text, "\n"))
			b.WriteByte('\n')
		}
	}
	var links []tool.Link
	for _, o := range outs {
		if o.ran {
			links = append(links, o.res.Links...)
		}
	}
	return tool.Result{
		Text:    strings.TrimRight(b.String(), "\n"),
		IsError: okN == 0 || skipN > 0 || stopOnError && failN > 0,
		Links:   links,
	}
}

// roundDuration keeps three significant digits: 840µs, 12.3ms, 1.25s.
func roundDuration(d time.Duration) time.Duration {
	for unit := time.Microsecond; unit <= time.Second; unit *= 10 {
		if d < unit*1000 {
			return d.Round(unit)
		}
	}
	return d.Round(time.Second)
}
