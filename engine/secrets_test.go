package engine

import (
	"context"
	"strings"
	"testing"
)

// TestPassedMasksSecrets: the "You passed:" echo of an error answer
// repeated an Authorization header or a token in full, even where the
// repair note above it masked it. The echo masks them too.
func TestPassedMasksSecrets(t *testing.T) {
	p := newTestPipeline(t, Config{})
	cases := []map[string]any{
		{"url": "https://example.com", "method": "BOGUS", "headers": []any{"Authorization: Bearer sekrit-1"}},
		{"url": "https://example.com", "method": "BOGUS", "headers": "Authorization: Bearer sekrit-1\nX-Api-Key: sekrit-2"},
		{"url": "https://example.com", "method": "BOGUS", "query": map[string]any{"access_token": "sekrit-1", "page": "2"}},
		{"url": "https://example.com", "method": "BOGUS", "data": `{"password":"sekrit-1"}`},
		{"url": "https://example.com/?access_token=sekrit-1&page=2", "method": "BOGUS"},
		{"url": "https://example.com", "method": "BOGUS", "headers": []any{"-u", "admin:sekrit-1"}},
	}
	for _, args := range cases {
		res := p.Call(context.Background(), "test.echo", args)
		_, passed, ok := strings.Cut(res.Text, "You passed: ")
		if !res.IsError || !ok {
			t.Fatalf("no echo in:\n%s", res.Text)
		}
		if strings.Contains(passed, "sekrit") {
			t.Errorf("the echo repeats a secret:\n%s", res.Text)
		}
		if !strings.Contains(passed, "***") || !strings.Contains(passed, "BOGUS") {
			t.Errorf("the echo lost what it must show:\n%s", passed)
		}
	}
}
