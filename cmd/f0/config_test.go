package main

import (
	"os"
	"strings"
	"testing"
)

func TestEnvName(t *testing.T) {
	for flag, want := range map[string]string{
		"max-output": "F0_MAX_OUTPUT", "root": "F0_ROOT", "tools-prefix": "F0_TOOLS_PREFIX",
		"namespaces": "F0_NAMESPACES", "allowed-root-endpoints": "F0_ALLOWED_ROOT_ENDPOINTS",
	} {
		if got := envName(flag); got != want {
			t.Errorf("envName(%q) = %q, want %q", flag, got, want)
		}
	}
}

func TestRootEnvIsAPathList(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	t.Setenv("F0_ROOT", a+string(os.PathListSeparator)+b)
	expect{code: exitOK, stdout: []string{"tools.search"}}.check(t, f0(t, "", "tools"))
}

// TestSettingErrorsNameTheirSource: a value the core refuses is named the
// way the operator gave it, its F0_ variable or its flag.
func TestSettingErrorsNameTheirSource(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"rule from the environment", map[string]string{"F0_NET_ALLOW": "bad host"}, nil, `f0: F0_NET_ALLOW "bad host": want a host name`},
		{"rule from a flag", nil, []string{"--net-allow", "bad host"}, `f0: --net-allow "bad host": want a host name`},
		{"tool from the environment", map[string]string{"F0_TOOLS": "fs.raed"}, nil, `f0: F0_TOOLS: unknown tool "fs.raed"`},
		{"roots mode from the environment", map[string]string{"F0_ROOTS": "sometimes"}, nil, `f0: F0_ROOTS "sometimes": want client`},
		{"client limits from the environment", map[string]string{"F0_CLIENT_LIMITS": "pi"}, nil, `f0: F0_CLIENT_LIMITS "pi": expected NAME=BYTES[,LINES]`},
		{"client limits from a flag", nil, []string{"--client-limits", "pi"}, `f0: --client-limits "pi": expected NAME=BYTES[,LINES]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			r := f0(t, "", append([]string{"tools"}, c.args...)...)
			if r.code != exitUsage || !strings.HasPrefix(r.stderr, c.want) {
				t.Fatalf("want exit %d and stderr starting %q\n%s", exitUsage, c.want, r)
			}
		})
	}
}
