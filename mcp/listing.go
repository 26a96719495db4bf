package mcp

import (
	"encoding/json"

	"f0/engine"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// Listing budget of the default catalogue: every agent pays for tools/list in
// every prompt. The average is 0.8× the official filesystem server's
// (927 B a tool).
const (
	MaxListingAverage = 740
	MaxListingTool    = 1536
)

// ToolSize is what one published tool costs a client.
type ToolSize struct {
	Name string `json:"name"`
	// Bytes is the length of the tool object as tools/list sends it:
	// json.Marshal of the tool (name, title, description, inputSchema,
	// annotations), without the array's separators.
	Bytes int `json:"bytes"`
	// Tokens estimates Bytes in model tokens: one token per 4 bytes, rounded
	// up. On f0's own listing this is within 5% of OpenAI's o200k_base and
	// cl100k_base tokenizers (3.98 and 4.07 bytes a token).
	Tokens int `json:"tokens"`
}

// Sizes measures every published tool.
func Sizes(p *engine.Host) ([]ToolSize, error) {
	var out []ToolSize
	for _, t := range Published(p) {
		size, err := Size(t)
		if err != nil {
			return nil, err
		}
		out = append(out, size)
	}
	return out, nil
}

// Size measures one published tool.
func Size(t mcpgo.Tool) (ToolSize, error) {
	data, err := json.Marshal(t)
	if err != nil {
		return ToolSize{}, err
	}
	return ToolSize{Name: t.Name, Bytes: len(data), Tokens: EstimateTokens(len(data))}, nil
}

// EstimateTokens estimates the model tokens of n bytes of JSON or English.
func EstimateTokens(n int) int { return (n + 3) / 4 }
