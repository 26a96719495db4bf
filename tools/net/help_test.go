package net

import "testing"

func TestHelp(t *testing.T) {
	e := newEnv(t)
	for _, args := range []any{map[string]any{"args": []any{"-h"}}, map[string]any{"args": "--help"}, "-h"} {
		res := e.call(t, args)
		if res.IsError {
			t.Fatal(res.Text)
		}
		assertInOrder(t, res.Text, "Curl flags:", "-L, --location", "follow redirects [field: followRedirects]",
			"net_curl: HTTP request (curl)", "Arguments:", "Examples:", "Notes:")
	}
}
