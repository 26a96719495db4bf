package tool

import (
	"errors"
	"fmt"
	"mime"
	"net/url"
	"path/filepath"
	"strings"

	"f0/internal/text"
)

// Result is what a tool returns: text for the model, optional images, and
// how to page through text that did not fit.
type Result struct {
	// Head is the status part of the output (a response's status line and
	// headers). Models see it before Text; the terminal prints it on stderr
	// so that stdout carries only the body.
	Head string
	// Text is the main output. After the pipeline shaped a result, Text is
	// the complete answer for a model: head, body, footer and notes.
	Text string
	// Sections is the shaped answer split for a terminal: Head and Tail
	// (footer and notes) go to stderr, Body to stdout.
	Sections Sections
	// Images are returned as MCP image content blocks.
	Images []Image
	// Links point at what the call made: the files it wrote. MCP front
	// ends return each as a resource_link content item beside the text,
	// the command line as a line "saved: PATH".
	Links []Link
	// IsError marks a failed call.
	IsError bool
	// Notes are one-line remarks appended after the text (ignored fields,
	// repairs worth knowing about).
	Notes []string
	// Next, when set, returns the argument changes of the call that
	// continues after the first shown bytes of Text (for example
	// {"offset": 24576}). The pipeline merges them into the call's own
	// arguments to write the truncation footer; a nil value removes an
	// argument from that call. Next returns nil when there is no call for
	// the rest (Unpaged then says why). The pipeline cuts at whichever
	// limit comes first, at a line end, so Next(shown) never skips a line.
	Next func(shown int) map[string]any
	// Unpaged, when set, is what the footer of a cut answer says instead
	// of a call when there is none for the rest: a request with side
	// effects whose answer could not be kept is never sent again to page
	// it. Without it, the footer of a call that needs more than read
	// access suggests no call either.
	Unpaged string
	// Partial marks Text as only the first part of a longer output: the
	// tool stopped collecting at the budget (Call.Room). The pipeline
	// then writes the truncation footer even when Text fits.
	Partial bool
	// Total is the size in bytes of the whole output when the tool knows it
	// (a partial read of a file); 0 when unknown.
	Total int
	// Console, when set, is what the program the tool stands in for would
	// have printed (see WithConsole); it survives the tool's failure.
	Console *Console
	// Records are the findings one by one (see Record), when the call
	// asked for Console output.
	Records []Record
	// Empty says the call found nothing, as a search without a match: a
	// command line exits 1 for it, as grep, rg and fd do, and prints no
	// body. Text still says so for a model.
	Empty bool
}

// Sections is a shaped result split by destination.
type Sections struct {
	Head, Body, Tail string
}

// Image is binary image data with its MIME type.
type Image struct {
	MIMEType string
	Data     []byte
}

// Link points at a resource a call made or changed (MCP 2025-06-18's
// resource_link): its URI, its name as the text shows it, its media type
// and its size in bytes (-1 when unknown).
type Link struct {
	URI      string
	Name     string
	MIMEType string
	Size     int64
}

// FileLink is the link to a file at an absolute path, named as the
// result's text names it; a media type "" is guessed from the file's
// extension (application/octet-stream when it says nothing).
func FileLink(abs, name, mimeType string, size int64) Link {
	if mimeType == "" {
		mimeType = mime.TypeByExtension(filepath.Ext(abs))
	}
	if mimeType == "" {
		mimeType = "application/octet-stream"
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path // a Windows drive: file:///C:/dir/file
	}
	return Link{URI: u.String(), Name: name, MIMEType: mimeType, Size: size}
}

// Path is the local path a file link names, or its URI when it names no
// local file.
func (l Link) Path() string {
	u, err := url.Parse(l.URI)
	if err != nil || u.Scheme != "file" {
		return l.URI
	}
	p := u.Path
	if len(p) > 2 && p[0] == '/' && p[2] == ':' {
		p = p[1:] // file:///C:/dir/file
	}
	return filepath.FromSlash(p)
}

// Text returns a successful plain-text result. Tools build their Result
// directly; Text serves the stand-in tools of tests in other packages (mcp,
// batch), which is why no main calls it.
func Text(format string, args ...any) Result {
	if len(args) == 0 {
		return Result{Text: format}
	}
	return Result{Text: fmt.Sprintf(format, args...)}
}

// InputError is returned by a tool when its arguments are valid in shape
// but wrong in substance. The pipeline renders it with what was passed and
// an example, like the errors it finds itself. Any other error a tool
// returns is a failure, reported with its cause. An error whose cause is
// not the call's arguments (a path outside the roots, a permission, a
// refused connection) is answered with the cause and the fix, without the
// schema: return it as a plain error, or as an InputError whose Cause has
// a method Refused() bool that returns true (or wraps fs.ErrPermission).
type InputError struct {
	// Field names the argument at fault ("" for the call as a whole).
	Field string
	// Problem says what is wrong.
	Problem string
	// Hint, when set, tells how to fix it.
	Hint string
	// Cause, when set, is the error behind the problem. A cause that is not
	// about the arguments (a path outside the roots, a permission) makes
	// the answer say the cause and the fix without the input schema.
	Cause error
}

// Unwrap returns the cause.
func (e *InputError) Unwrap() error { return e.Cause }

func (e *InputError) Error() string {
	msg := e.Problem
	if e.Field != "" {
		msg = fmt.Sprintf("%q: %s", e.Field, e.Problem)
	}
	if e.Hint != "" {
		msg = text.Sentence(msg) + " " + e.Hint
	}
	return msg
}

// AsInputError reports whether err is an InputError.
func AsInputError(err error) (*InputError, bool) {
	var ie *InputError
	ok := errors.As(err, &ie)
	return ie, ok
}
