package upstream

import (
	"context"
	"strings"
	"testing"

	"f0/engine"
)

// TestStdioServerGetsAMinimalEnvironment (F5): a stdio server sees the
// few variables the reference SDK clients pass (PATH, HOME, …) and its
// own configured env, never f0's token, another server's secrets or
// anything else of f0's environment.
func TestStdioServerGetsAMinimalEnvironment(t *testing.T) {
	t.Setenv("F0_TOKEN", "f0-own-token")
	t.Setenv("F0_UPSTREAM_OTHER_TOKEN", "other-servers-token")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "cloud-key")
	t.Setenv("HOME", "/home/someone")
	p := gateway(t, engine.Config{}, fakeUpstream(t, "up", "MINE=its own"))
	res := p.Call(context.Background(), "up_env", nil)
	if res.IsError {
		t.Fatal(res.Text)
	}
	env := "\n" + res.Text + "\n"
	for _, want := range []string{"\nMINE=its own\n", "\nHOME=/home/someone\n", "\nPATH="} {
		if !strings.Contains(env, want) {
			t.Errorf("missing %q in:\n%s", want, res.Text)
		}
	}
	for _, secret := range []string{"f0-own-token", "other-servers-token", "cloud-key"} {
		if strings.Contains(env, secret) {
			t.Errorf("the server sees %q:\n%s", secret, res.Text)
		}
	}
}
