package upstream

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"f0/internal/text"
	"f0/tool"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// convert turns an upstream result into text for the model: text blocks as
// they are, embedded text resources with their URI, structured content
// when there is no text; images, audio and binary resources summarized
// (type, size, sha256) unless binary asks for them.
func convert(res *mcpgo.CallToolResult, binary bool) tool.Result {
	var out tool.Result
	var parts []string
	for _, c := range res.Content {
		switch v := c.(type) {
		case mcpgo.TextContent:
			parts = append(parts, v.Text)
		case mcpgo.ImageContent:
			if binary {
				if data, err := base64.StdEncoding.DecodeString(v.Data); err == nil {
					out.Images = append(out.Images, tool.Image{MIMEType: v.MIMEType, Data: data})
					continue
				}
			}
			parts = append(parts, blobText("image", v.MIMEType, v.Data, binary))
		case mcpgo.AudioContent:
			parts = append(parts, blobText("audio", v.MIMEType, v.Data, binary))
		case mcpgo.EmbeddedResource:
			parts = append(parts, resourceText(v.Resource, binary))
		case mcpgo.ResourceLink:
			parts = append(parts, fmt.Sprintf("[resource link: %s %s%s]", v.Name, v.URI, mimeSuffix(v.MIMEType)))
		}
	}
	if len(parts) == 0 && len(out.Images) == 0 && res.StructuredContent != nil {
		if data, err := json.Marshal(res.StructuredContent); err == nil {
			parts = append(parts, string(data))
		}
	}
	out.Text = strings.Join(parts, "\n")
	return out
}

// resourceText is an embedded resource as text: its URI, then its text, or
// a summary of its blob.
func resourceText(r mcpgo.ResourceContents, binary bool) string {
	switch v := r.(type) {
	case mcpgo.TextResourceContents:
		return fmt.Sprintf("[resource %s%s]\n%s", v.URI, mimeSuffix(v.MIMEType), v.Text)
	case mcpgo.BlobResourceContents:
		return fmt.Sprintf("[resource %s] %s", v.URI, blobText("binary resource", v.MIMEType, v.Blob, binary))
	}
	return "[resource of an unknown kind]"
}

// blobText summarizes base64 data, or shows it when binary is set.
func blobText(kind, mime, data string, binary bool) string {
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return fmt.Sprintf("[%s%s: not valid base64]", kind, mimeSuffix(mime))
	}
	if binary {
		return fmt.Sprintf("[%s%s, %s bytes, base64]\n%s", kind, mimeSuffix(mime), text.GroupDigits(int64(len(raw))), data)
	}
	sum := sha256.Sum256(raw)
	return fmt.Sprintf("[%s%s, %s bytes, sha256 %s; omitted: call again with includeBinary: true to get it]",
		kind, mimeSuffix(mime), text.GroupDigits(int64(len(raw))), hex.EncodeToString(sum[:8]))
}

func mimeSuffix(mime string) string {
	if mime == "" {
		return ""
	}
	return " " + mime
}
