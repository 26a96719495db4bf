package engine

import (
	"context"
	"errors"
	"fmt"
	iofs "io/fs"
	"strings"

	"f0/engine/internal/repair"
	"f0/tool"
)

// argError explains invalid arguments.
func (c *callState) argError(problems []repair.Problem) tool.Result {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: invalid arguments.\n", c.name())
	for _, pr := range problems {
		b.WriteString("- ")
		b.WriteString(pr.String())
		b.WriteByte('\n')
	}
	for _, n := range c.notes {
		b.WriteString(n)
		b.WriteByte('\n')
	}
	c.writeFooter(&b)
	return tool.Result{IsError: true, Text: b.String()}
}

// inputError explains a problem the tool found in otherwise valid arguments;
// when its cause is not the arguments, without the schema and example.
func (c *callState) inputError(ie *tool.InputError) tool.Result {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", c.name(), ie.Error())
	if notAboutArguments(ie) {
		fmt.Fprintf(&b, "You passed: %s", c.passed())
		return tool.Result{IsError: true, Text: b.String()}
	}
	c.writeFooter(&b)
	return tool.Result{IsError: true, Text: b.String()}
}

// failure reports a tool that could not do what was asked: the cause and,
// in the tool's message, the fix. The arguments were understood, so the
// input schema and an example would only be noise.
func (c *callState) failure(err error) tool.Result {
	return tool.Result{IsError: true, Text: fmt.Sprintf("%s failed: %v\nYou passed: %s", c.name(), err, c.passed())}
}

// notAboutArguments reports whether an error's cause is the server's
// configuration or the system rather than the shape of the call: a path
// outside the roots, a permission. Errors say so by having a method
// Refused() bool that returns true, or by wrapping fs.ErrPermission.
func notAboutArguments(err error) bool {
	var r interface{ Refused() bool }
	return errors.As(err, &r) && r.Refused() || errors.Is(err, iofs.ErrPermission)
}

// canceled reports a call stopped by its context.
func (c *callState) canceled(ctx context.Context, err error) tool.Result {
	why := "the call was cancelled by the client"
	switch {
	case errors.Is(context.Cause(ctx), tool.ErrShutdown):
		why = "the server is shutting down and could not wait for the call to finish; call again once it is back"
	case errors.Is(err, context.DeadlineExceeded):
		why = "the call ran out of time (request deadline)"
	}
	return tool.Result{IsError: true, Text: fmt.Sprintf("%s: %s.\nYou passed: %s", c.name(), why, c.passed())}
}

func (c *callState) writeFooter(b *strings.Builder) {
	fmt.Fprintf(b, "You passed: %s\n", c.passed())
	fmt.Fprintf(b, "Expected: %s\n", signature(c.p.reg.published(c.tool), c.describe()))
	example := c.fixedCall()
	if example == "" {
		example = c.example()
	}
	fmt.Fprintf(b, "Example: %s", example)
}
