package net

// Input is net.curl's arguments. Both modes are always accepted: the
// structured fields, and curl words in Args; fields given beside Args add
// to or override them.
//
// Optional switches are pointers so that "not given" differs from false:
// a field that disagrees with a curl flag is an error naming both.
type Input struct {
	URL  string   `json:"url,omitempty"`
	URLs []string `json:"urls,omitempty"`
	Args any      `json:"args,omitempty" jsonschema_description:"curl words."`

	Method  string `json:"method,omitempty"`
	Headers any    `json:"headers,omitempty" jsonschema_description:"Any names."`
	Data    any    `json:"data,omitempty" jsonschema_description:"Body, sent as is."`
	JSON    any    `json:"json,omitempty" jsonschema_description:"JSON body text."`
	Form    any    `json:"form,omitempty" jsonschema_description:"URL-encoded form body."`
	Query   any    `json:"query,omitempty" jsonschema_description:"Query string to add, e.g. q=go."`

	FollowRedirects *bool  `json:"followRedirects,omitempty"`
	MaxRedirects    *int   `json:"maxRedirects,omitempty" jsonschema:"minimum=0" jsonschema_description:"Most redirects to follow (default 50)."`
	IncludeHeaders  *bool  `json:"includeHeaders,omitempty" jsonschema_description:"Show response headers."`
	Fail            *bool  `json:"fail,omitempty" jsonschema_description:"Fail on status >= 400."`
	Silent          *bool  `json:"silent,omitempty" jsonschema_description:"Accepted for curl parity (-s)."`
	Verbose         *bool  `json:"verbose,omitempty" jsonschema_description:"Show request and response headers (-v)."`
	WriteOut        string `json:"writeOut,omitempty" jsonschema_description:"curl -w format, e.g. \"%{http_code}\"."`

	TimeoutMs        *int     `json:"timeoutMs,omitempty" jsonschema:"minimum=1" jsonschema_description:"Default 30000."`
	MaxTimeSeconds   *float64 `json:"maxTimeSeconds,omitempty" jsonschema:"minimum=0.001" jsonschema_description:"Total time limit in seconds (-m)."`
	ConnectTimeoutMs *int     `json:"connectTimeoutMs,omitempty" jsonschema:"minimum=1" jsonschema_description:"Connect time limit in ms (default 10000)."`

	Output     string `json:"output,omitempty" jsonschema_description:"Save the body to this file."`
	RemoteName *bool  `json:"remoteName,omitempty" jsonschema_description:"Save to a file named after the URL (-O)."`

	User       string `json:"user,omitempty" jsonschema_description:"\"name:password\""`
	UserAgent  string `json:"userAgent,omitempty" jsonschema_description:"User-Agent header."`
	Referer    string `json:"referer,omitempty" jsonschema_description:"Referer header."`
	Cookie     any    `json:"cookie,omitempty" jsonschema_description:"\"a=1; b=2\""`
	Compressed *bool  `json:"compressed,omitempty" jsonschema_description:"Ask for a compressed response (default true)."`
	Insecure   *bool  `json:"insecure,omitempty" jsonschema_description:"Skip TLS verification (-k; needs admin)."`

	Offset int `json:"offset,omitempty" jsonschema:"minimum=0" jsonschema_description:"Body offset for the next page."`
	// StartIndex is the fetch server's start_index: a character index into
	// the text as shown (markdown for a page), where offset counts bytes.
	StartIndex int    `json:"startIndex,omitempty" jsonschema:"minimum=0" jsonschema_description:"Character index into the shown text to start from (offset counts bytes)."`
	Response   string `json:"response,omitempty" jsonschema_description:"The kept response a page continues (from the footer)."`
	Format     string `json:"format,omitempty" jsonschema:"enum=raw,enum=text,enum=markdown" jsonschema_description:"HTML as markdown or text."`
	Base64     *bool  `json:"base64,omitempty" jsonschema_description:"Return a binary body as base64."`
	Page       int    `json:"page,omitempty" jsonschema:"minimum=1" jsonschema_description:"A document's page (a workbook's sheet) to start at; offset then counts bytes of its text."`

	// planned is the call's plan, built once when the call is prepared
	// (see withPlan): the access check and the run both read it.
	planned *planned
}

// planned is a call's plan, or why it could not be made.
type planned struct {
	plan *plan
	err  error
}

// withPlan is the input with its plan built: the tool's Prepare.
func withPlan(in Input) Input {
	p, err := buildPlan(in)
	in.planned = &planned{plan: p, err: err}
	return in
}

// plan is the call's plan: the one built when it was prepared, or, for an
// input that was not (a test calling the tool directly), a new one.
func (in Input) plan() (*plan, error) {
	if in.planned != nil {
		return in.planned.plan, in.planned.err
	}
	return buildPlan(in)
}
