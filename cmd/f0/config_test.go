package main

import (
	"os"
	"testing"
)

func TestEnvName(t *testing.T) {
	for flag, want := range map[string]string{
		"max-output": "F0_MAX_OUTPUT", "root": "F0_ROOT", "tools-prefix": "F0_TOOLS_PREFIX",
		"allowed-root-endpoints": "F0_ALLOWED_ROOT_ENDPOINTS",
	} {
		if got := envName(flag); got != want {
			t.Errorf("envName(%q) = %q, want %q", flag, got, want)
		}
	}
}

func TestRootEnvIsAPathList(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	t.Setenv("F0_ROOT", a+string(os.PathListSeparator)+b)
	expect{code: exitOK, stdout: []string{"tools_search"}}.check(t, f0(t, "", "tools"))
}
