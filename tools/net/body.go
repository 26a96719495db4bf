package net

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime/multipart"
	"net/textproto"
	"net/url"
	"os"
	"path"
	"strings"

	"f0/internal/setting"
	"f0/internal/text"
	"f0/tool"
)

// body is a request body ready to send.
type body struct {
	data        []byte
	contentType string // the default Content-Type; a header given by the caller wins
	json        bool   // also send Accept: application/json by default
	boundary    string // a multipart body's boundary
	// chunked sends the body without a Content-Length, as curl does for
	// "-T -" (standard input, whose size it does not know).
	chunked bool
}

// buildBody reads the files a body refers to (inside the roots) and
// encodes the body as curl would.
func (c *curl) buildBody(ctx context.Context, p *plan) (*body, error) {
	if p.upload.set {
		return c.uploadBody(ctx, p)
	}
	if len(p.forms) > 0 {
		return c.multipartBody(ctx, p.forms)
	}
	if len(p.body) == 0 {
		return nil, nil
	}
	var pieces [][]byte
	b := &body{contentType: "application/x-www-form-urlencoded"}
	allJSON := true
	for _, d := range p.body {
		data, err := c.dataPiece(ctx, d)
		if missingDataFile(c.call, d, err) {
			// curl -d @FILE warns and sends the rest; a model is told the
			// file is missing instead (the error), before anything is sent.
			p.notes = append(p.notes, fmt.Sprintf("Warning: Couldn't read data from file %q, this makes an empty POST.", d.text))
			data, err = nil, nil
		}
		if err != nil {
			return nil, err
		}
		pieces = append(pieces, data)
		switch d.kind {
		case dataJSON, dataJSONValue:
			b.contentType, b.json = "application/json", d.kind == dataJSON
		case dataRaw:
			if len(p.body) == 1 && p.bodyFrom == `"data"` && looksLikeJSON(data) {
				b.contentType = "application/json"
			}
			allJSON = false
		default:
			allJSON = false
		}
	}
	sep := []byte("&")
	if allJSON {
		sep = nil // curl concatenates repeated --json pieces
	}
	b.data = bytes.Join(pieces, sep)
	return b, nil
}

// missingDataFile reports whether err is a -d/--data-binary/--json @FILE
// that does not exist, which curl sends as empty data (tools.Native).
func missingDataFile(call tool.Call, d dataPart, err error) bool {
	return err != nil && d.file && d.kind != dataURLEncode && call.Native() && errors.Is(err, fs.ErrNotExist)
}

// dataPiece reads one piece of the body.
func (c *curl) dataPiece(ctx context.Context, d dataPart) ([]byte, error) {
	switch d.kind {
	case dataURLEncode:
		text := d.text
		if d.file {
			data, err := c.readFile(ctx, d.text, "--data-urlencode "+d.name+"@"+d.text)
			if err != nil {
				return nil, err
			}
			text = string(data)
		}
		enc := url.QueryEscape(text)
		if d.name != "" {
			return []byte(d.name + "=" + enc), nil
		}
		return []byte(enc), nil
	case dataASCII, dataBinary, dataJSON:
		if !d.file {
			return []byte(d.text), nil
		}
		data, err := c.readFile(ctx, d.text, "@"+d.text)
		if err != nil {
			return nil, err
		}
		if d.kind == dataASCII { // curl -d @file drops carriage returns and newlines
			data = bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r"), nil), []byte("\n"), nil)
		}
		return data, nil
	}
	return []byte(d.text), nil
}

// multipartBody encodes -F fields as multipart/form-data.
func (c *curl) multipartBody(ctx context.Context, fields []formPart) (*body, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, f := range fields {
		switch {
		case f.file != "":
			data, err := c.readFile(ctx, f.file, "-F "+f.name+"=@"+f.file)
			if err != nil {
				return nil, err
			}
			name := f.filename
			if name == "" {
				name = path.Base(strings.ReplaceAll(f.file, "\\", "/"))
			}
			ctype := f.ctype
			if ctype == "" {
				ctype = cmp.Or(curlFileType(name), curlFileType(f.file), "application/octet-stream")
			}
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"; filename="%s"`, escapeQuotes(f.name), escapeQuotes(name)))
			h.Set("Content-Type", ctype)
			part, err := w.CreatePart(h)
			if err != nil {
				return nil, err
			}
			part.Write(data)
		case f.contentFile != "":
			data, err := c.readFile(ctx, f.contentFile, "-F "+f.name+"=<"+f.contentFile)
			if err != nil {
				return nil, err
			}
			if err := writeField(w, f, string(data)); err != nil {
				return nil, err
			}
		default:
			if err := writeField(w, f, f.value); err != nil {
				return nil, err
			}
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return &body{data: buf.Bytes(), contentType: w.FormDataContentType(), boundary: w.Boundary()}, nil
}

// curlFileTypes is curl's own table for the type of a file part
// (lib/mime.c Curl_mime_contenttype): curl knows these extensions, in any
// case, and sends application/octet-stream for every other file. It is not
// mime.TypeByExtension, which knows hundreds and differs for some.
var curlFileTypes = map[string]string{
	".gif": "image/gif", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png",
	".svg": "image/svg+xml", ".txt": "text/plain", ".htm": "text/html", ".html": "text/html",
	".pdf": "application/pdf", ".xml": "application/xml",
}

// curlFileType is the type curl guesses for a file part from its name,
// "" when curl's table has no entry for its extension.
func curlFileType(name string) string {
	return curlFileTypes[strings.ToLower(path.Ext(name))]
}

func writeField(w *multipart.Writer, f formPart, value string) error {
	if f.ctype == "" {
		return w.WriteField(f.name, value)
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"`, escapeQuotes(f.name)))
	h.Set("Content-Type", f.ctype)
	part, err := w.CreatePart(h)
	if err != nil {
		return err
	}
	_, err = io.WriteString(part, value)
	return err
}

func escapeQuotes(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// uploadBody reads -T's file (or standard input for "-"): sent as it is,
// with no Content-Type, and chunked when it came from standard input.
func (c *curl) uploadBody(ctx context.Context, p *plan) (*body, error) {
	name := p.upload.val
	data, err := c.readFile(ctx, name, strings.TrimSuffix(p.upload.from, " in args"))
	if err != nil {
		return nil, err
	}
	return &body{data: data, chunked: name == "-" || name == "."}, nil
}

// readFile reads a file named in the arguments, inside the roots and no
// larger than the download cap; "-" is the front end's standard input.
// Only a regular file is read, as fs.read reads (a FIFO or a device could
// block the call past -m and its cancellation), and its bytes are
// reserved against --max-call-memory before they are read.
func (c *curl) readFile(ctx context.Context, name, what string) ([]byte, error) {
	if name == "-" || name == "." && strings.HasPrefix(what, "-T") {
		return c.readStdin(ctx, what)
	}
	loc, err := c.locate("args", name)
	if err != nil {
		ie, _ := tool.AsInputError(err)
		ie.Problem = what + ": " + ie.Problem
		return nil, ie
	}
	f, err := loc.Open() // never blocks on a FIFO
	if err != nil {
		return nil, &tool.InputError{Field: "args", Problem: what + ": " + c.files.Explain("read", loc, err).Error(), Cause: err}
	}
	defer f.Close()
	size, err := c.regularSize(f, name, what)
	if err != nil {
		return nil, err
	}
	if err := c.call.Hold(size); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	data := make([]byte, size)
	n, err := io.ReadFull(f, data)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, &tool.InputError{Field: "args", Problem: what + ": " + c.files.Explain("read", loc, err).Error()}
	}
	return data[:n], nil // a file that shrank meanwhile: what it held
}

// regularSize is the size of an open file named in the arguments, which
// must be a regular file no larger than the download cap.
func (c *curl) regularSize(f *os.File, name, what string) (int64, error) {
	info, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("%s: stat %s: %w", what, name, err)
	}
	if !info.Mode().IsRegular() {
		return 0, &tool.InputError{Field: "args", Problem: fmt.Sprintf("%s: %s is not a regular file (%s)", what, name, info.Mode().Type())}
	}
	if info.Size() > c.cfg.MaxDownload {
		return 0, c.tooLarge(what)
	}
	return info.Size(), nil
}

// readStdin reads the front end's standard input for "@-" or "-T -".
// Over MCP there is none: the data goes into the call instead.
func (c *curl) readStdin(ctx context.Context, what string) ([]byte, error) {
	in := c.call.Stdin()
	if in == nil {
		return nil, &tool.InputError{Field: "args", Problem: what + ": there is no standard input to read over MCP",
			Hint: `Put the data in the call instead: "data": "name=value" for a body as it is, "json": {"key": "value"} for JSON, or a file inside the roots (@file).`}
	}
	data, err := in.Bytes(c.cfg.MaxDownload)
	if err != nil {
		return nil, fmt.Errorf("%s: read standard input: %w", what, err)
	}
	if int64(len(data)) > c.cfg.MaxDownload {
		return nil, c.tooLarge(what)
	}
	return data, nil
}

// tooLarge refuses a body larger than the download cap.
func (c *curl) tooLarge(what string) error {
	return &tool.InputError{Field: "args", Problem: fmt.Sprintf("%s: the file is larger than this server's limit of %s (%s)", what, text.HumanBytes(c.cfg.MaxDownload), c.call.Settings().Setting(setting.NetMaxDownloadSetting, ""))}
}

// looksLikeJSON reports whether data is a JSON object or array.
func looksLikeJSON(data []byte) bool {
	t := bytes.TrimSpace(data)
	if len(t) == 0 || (t[0] != '{' && t[0] != '[') {
		return false
	}
	return json.Valid(t)
}
