package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestReadBuild(t *testing.T) {
	vcs := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123abcd"}, {Key: "vcs.time", Value: "2026-12-02T03:20:40Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	tests := []struct {
		name    string
		stamped buildInfo
		info    *debug.BuildInfo
		want    string
	}{
		{"stamped by the release build", buildInfo{version: "1.2.3", commit: "feed", date: "2026-12-01T00:00:00Z"}, vcs,
			"f0 version 1.2.3\ncommit feed\nbuilt 2026-12-01T00:00:00Z\n"},
		{"stamped without a commit", buildInfo{version: "0.0.1-snapshot+none", commit: "none", date: "0001-01-01T00:00:00Z"}, nil,
			"f0 version 0.0.1-snapshot+none\n"},
		{"go build in a checkout", buildInfo{}, vcs,
			"f0 version dev\ncommit 0123abcd (modified)\nbuilt 2026-12-02T03:20:40Z\n"},
		{"go install of a module version", buildInfo{}, &debug.BuildInfo{Main: debug.Module{Version: "v0.4.0"}},
			"f0 version v0.4.0\n"},
		{"no build info", buildInfo{}, nil, "f0 version dev\n"},
	}
	goLine := runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := readBuild(tt.stamped, tt.info).String(); got != tt.want+goLine {
				t.Errorf("got\n%s\nwant\n%s%s", got, tt.want, goLine)
			}
		})
	}
}

// TestVersionStamped builds f0 with the linker flags of .goreleaser.yaml
// and checks that both ways of asking print the stamped values.
func TestVersionStamped(t *testing.T) {
	if testing.Short() {
		t.Skip("builds f0")
	}
	bin := filepath.Join(t.TempDir(), "f0")
	ldflags := "-X main.stampedVersion=9.8.7 -X main.stampedCommit=c0ffee -X main.stampedDate=2026-12-02T00:00:00Z"
	build := exec.Command("go", "build", "-ldflags", ldflags, "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	want := "f0 version 9.8.7\ncommit c0ffee\nbuilt 2026-12-02T00:00:00Z\n"
	for _, arg := range []string{"version", "--version"} {
		out, err := exec.Command(bin, arg).Output()
		if err != nil || !strings.HasPrefix(string(out), want) {
			t.Errorf("f0 %s: %v\n%s\nwant it to start with\n%s", arg, err, out, want)
		}
	}
}
