package fs

import (
	"bytes"
	"mime"
	"net/http"
	"path"
	"strings"
)

// content is what the first bytes of a file say about it.
type content struct {
	mime   string
	binary bool
}

// imageTypes are the image types MCP clients display.
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

// sniff classifies a file by its name and first bytes (up to binaryProbe):
// binary when it holds a NUL byte or starts with the signature of a binary
// format; text otherwise, even with invalid UTF-8.
func sniff(name string, head []byte) content {
	probe := head[:min(len(head), binaryProbe)]
	detected := http.DetectContentType(probe)
	c := content{mime: detected, binary: bytes.IndexByte(probe, 0) >= 0 || binaryType(detected)}
	if byExt := mime.TypeByExtension(path.Ext(name)); byExt != "" {
		kind, _, _ := strings.Cut(byExt, ";")
		// The extension names text formats better (text/markdown for
		// text/plain); content signatures win for binary data.
		switch {
		case c.binary && binaryType(kind):
			c.mime = byExt
		case !c.binary && textual(kind):
			c.mime = byExt
			if !strings.Contains(byExt, "charset") {
				c.mime = kind + "; charset=utf-8"
			}
		}
	}
	if !c.binary && c.mime == "application/octet-stream" {
		c.mime = "text/plain; charset=utf-8"
	}
	return c
}

// binaryType reports whether a MIME type is a binary format.
func binaryType(t string) bool {
	t, _, _ = strings.Cut(t, ";")
	switch {
	case strings.HasPrefix(t, "image/"):
		return t != "image/svg+xml"
	case strings.HasPrefix(t, "audio/"), strings.HasPrefix(t, "video/"), strings.HasPrefix(t, "font/"):
		return true
	}
	switch t {
	case "application/pdf", "application/zip", "application/x-gzip", "application/gzip", "application/wasm",
		"application/x-rar-compressed", "application/vnd.ms-fontobject", "application/ogg", "application/x-7z-compressed",
		"application/x-tar", "application/x-bzip2", "application/x-xz", "application/zstd":
		return true
	}
	return false
}

// textual reports whether a MIME type is text of some kind.
func textual(t string) bool {
	if strings.HasPrefix(t, "text/") {
		return true
	}
	switch t {
	case "application/json", "application/javascript", "application/xml", "image/svg+xml", "application/x-sh",
		"application/toml", "application/yaml", "application/x-yaml":
		return true
	}
	return strings.HasSuffix(t, "+json") || strings.HasSuffix(t, "+xml")
}
