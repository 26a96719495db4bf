package main

import (
	"slices"
	"testing"
)

// TestUnknownToolSuggestsNetCurl: once net.curl is in the catalogue, a
// misspelling of it gets it suggested, on every way of calling.
func TestUnknownToolSuggestsNetCurl(t *testing.T) {
	if !slices.Contains(listedNames(t, f0(t, "", "tools").stdout), "net_curl") {
		t.Skip("net_curl is not in the catalogue yet")
	}
	for _, args := range [][]string{
		{"call", "net_crul", "{}"},
		{"net_crul", "https://example.com"},
		{"describe", "net_crul"},
	} {
		expect{code: exitToolError, stderr: []string{`unknown tool "net_crul"`, "- net.curl"}}.check(t, f0(t, "", args...))
	}
}

func TestVersionAndHelp(t *testing.T) {
	expect{code: exitOK, stdout: []string{"f0 version"}}.check(t, f0(t, "", "--version"))
	expect{code: exitOK, stdout: []string{"serve", "tools", "describe", "call"}}.check(t, f0(t, "", "--help"))
	expect{code: exitOK, stdout: []string{"--server", "--auth-token-env"}}.check(t, f0(t, "", "call", "--help"))
	expect{code: exitOK, stdout: []string{"--http", "--stateless", "--max-sessions"}}.check(t, f0(t, "", "serve", "--help"))
}
