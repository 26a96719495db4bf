package net

// Input is net.curl's arguments. Both modes are always accepted: the
// structured fields, and curl words in Args; fields given beside Args add
// to or override them.
//
// Optional switches are pointers so that "not given" differs from false:
// a field that disagrees with a curl flag is an error naming both.
type Input struct {
	URL  string   `json:"url,omitempty" jsonschema_description:"URL to request (http or https; without a scheme, http:// is assumed, as in curl)."`
	URLs []string `json:"urls,omitempty" jsonschema_description:"Several URLs, requested in order; one section each, sharing the output budget."`
	Args any      `json:"args,omitempty" jsonschema_description:"Curl-style arguments: a list of words, or one string split like a POSIX shell (a leading \"curl\" is fine), e.g. \"-sL -H 'Accept: application/json' https://example.com\". Only -L follows redirects here. Fields given beside args add to them or override them; -h lists the flags."`

	Method  string         `json:"method,omitempty" jsonschema_description:"HTTP method in any case (default GET, or POST when a body is given)."`
	Headers any            `json:"headers,omitempty" jsonschema_description:"Request headers: an object {\"Name\": \"value\"}, a list of \"Name: value\" strings, or one such string."`
	Data    any            `json:"data,omitempty" jsonschema_description:"Request body. A string is sent as is (Content-Type application/json when it is JSON, else application/x-www-form-urlencoded, unless headers set one); an object or array is sent as JSON."`
	JSON    any            `json:"json,omitempty" jsonschema_description:"Body sent as JSON, with Content-Type and Accept application/json (a string is sent as is)."`
	Form    map[string]any `json:"form,omitempty" jsonschema_description:"Fields sent URL-encoded as an application/x-www-form-urlencoded body."`
	Query   map[string]any `json:"query,omitempty" jsonschema_description:"Query parameters added to the URL (a list value repeats the parameter)."`

	FollowRedirects *bool  `json:"followRedirects,omitempty" jsonschema_description:"Follow redirects (default true; with curl-style args only -L follows, as in curl)."`
	MaxRedirects    *int   `json:"maxRedirects,omitempty" jsonschema:"minimum=0" jsonschema_description:"Most redirects to follow (default 50)."`
	IncludeHeaders  *bool  `json:"includeHeaders,omitempty" jsonschema_description:"Show the response headers before the body (curl -i)."`
	Fail            *bool  `json:"fail,omitempty" jsonschema_description:"Treat an HTTP status of 400 or more as a failed call, with a short excerpt of the body (curl -f)."`
	Silent          *bool  `json:"silent,omitempty" jsonschema_description:"Accepted for curl parity (-s); f0 never prints a progress meter into the answer."`
	Verbose         *bool  `json:"verbose,omitempty" jsonschema_description:"Also show the request line and headers sent (Authorization masked) and every response's headers (curl -v)."`
	WriteOut        string `json:"writeOut,omitempty" jsonschema_description:"curl -w format printed after the body, e.g. \"%{http_code} %{time_total}\\n\"; variables: http_code, response_code, time_total, time_connect, time_namelookup, time_starttransfer, size_download, content_type, url_effective, redirect_url, num_redirects, method, http_version, remote_ip, json, header{Name}."`

	TimeoutMs        *int     `json:"timeoutMs,omitempty" jsonschema:"minimum=1" jsonschema_description:"Total time limit in milliseconds (default 30000; the server caps it)."`
	MaxTimeSeconds   *float64 `json:"maxTimeSeconds,omitempty" jsonschema:"minimum=0.001" jsonschema_description:"Total time limit in seconds (curl -m); the same limit as timeoutMs."`
	ConnectTimeoutMs *int     `json:"connectTimeoutMs,omitempty" jsonschema:"minimum=1" jsonschema_description:"Time limit for connecting (TCP and TLS) in milliseconds (default 10000)."`

	Output     string `json:"output,omitempty" jsonschema_description:"Save the body to this file inside the server's roots (atomic; parent directories created) instead of returning it; needs write access. \"/dev/null\" discards it."`
	RemoteName *bool  `json:"remoteName,omitempty" jsonschema_description:"Save the body to a file named after the URL's last path segment (curl -O); needs write access."`

	User       string `json:"user,omitempty" jsonschema_description:"Basic authentication as \"name:password\" (curl -u)."`
	UserAgent  string `json:"userAgent,omitempty" jsonschema_description:"User-Agent header (default f0/<version>)."`
	Referer    string `json:"referer,omitempty" jsonschema_description:"Referer header (curl -e)."`
	Cookie     any    `json:"cookie,omitempty" jsonschema_description:"Cookies to send: \"name=value; other=value\" or an object {\"name\": \"value\"} (curl -b)."`
	Compressed *bool  `json:"compressed,omitempty" jsonschema_description:"Ask for a gzip, deflate or brotli response and decode it (default true; with curl-style args only --compressed asks)."`
	Insecure   *bool  `json:"insecure,omitempty" jsonschema_description:"Skip TLS certificate verification (curl -k); needs admin access."`

	Offset int    `json:"offset,omitempty" jsonschema:"minimum=0" jsonschema_description:"Byte offset into the body as shown (after format conversion), to read the next page of a long body."`
	Format string `json:"format,omitempty" jsonschema:"enum=raw,enum=text,enum=markdown" jsonschema_description:"How to show the body: raw (default), or for HTML pages markdown (readable, links kept) or text (plain text)."`
	Base64 *bool  `json:"base64,omitempty" jsonschema_description:"Return a binary body as base64 instead of omitting it (refused when it would not fit the output budget; use output then)."`
}
