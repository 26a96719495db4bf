package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// The release build stamps these through the linker (.goreleaser.yaml:
// -X main.stampedVersion=… and so on); a plain go build or go install
// leaves them empty, and f0 then reads what the Go toolchain recorded.
// They are set at link time only and never written at run time.
var (
	stampedVersion string
	stampedCommit  string
	stampedDate    string
)

// buildInfo is what f0 was built from: a version, the commit and its date.
type buildInfo struct {
	version  string
	commit   string
	date     string
	modified bool
}

// currentBuild returns what this binary was built from.
func currentBuild() buildInfo {
	info, _ := debug.ReadBuildInfo()
	return readBuild(buildInfo{version: stampedVersion, commit: stampedCommit, date: stampedDate}, info)
}

// readBuild returns the stamped build info when there is one; otherwise,
// for a plain go build or go install, the module version (go install
// f0@vX) or "dev", with the VCS revision and time that go build recorded
// from the checkout.
func readBuild(stamped buildInfo, info *debug.BuildInfo) buildInfo {
	if stamped.version != "" {
		// goreleaser stamps "none" and the zero time where it found no
		// commit (a checkout with no remote): say nothing rather than that.
		if stamped.commit == "none" {
			stamped.commit = ""
		}
		if strings.HasPrefix(stamped.date, "0001-01-01") {
			stamped.date = ""
		}
		return stamped
	}
	b := buildInfo{version: "dev"}
	if info == nil {
		return b
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		b.version = v
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.commit = s.Value
		case "vcs.time":
			b.date = s.Value
		case "vcs.modified":
			b.modified = s.Value == "true"
		}
	}
	return b
}

// version is the version f0 reports to MCP clients and servers.
func version() string { return currentBuild().version }

// String is the text of f0 version and f0 --version: the version on the
// first line, then the commit, the date and the Go toolchain.
func (b buildInfo) String() string {
	var s strings.Builder
	fmt.Fprintf(&s, "f0 version %s\n", b.version)
	if b.commit != "" {
		note := ""
		if b.modified {
			note = " (modified)"
		}
		fmt.Fprintf(&s, "commit %s%s\n", b.commit, note)
	}
	if b.date != "" {
		fmt.Fprintf(&s, "built %s\n", b.date)
	}
	fmt.Fprintf(&s, "%s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return s.String()
}
