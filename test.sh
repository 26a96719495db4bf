#!/usr/bin/env bash
# The full test run, as CI runs it: go vet, staticcheck, deadcode, go test -race, the release
# builds (release/ci.sh), then the end-to-end tests (e2e/run.sh).
# Needs Go (the version in go.mod), a C compiler (go test -race needs cgo), Node >= 20 with npm.
set -euo pipefail
cd "$(dirname "$0")"

# install names what to install for a missing tool, per system.
install() {
  case "$(uname -s)" in
    Darwin) echo "$2" ;;
    *) if command -v apt-get >/dev/null 2>&1; then echo "apt-get install $1"
       elif command -v dnf >/dev/null 2>&1; then echo "dnf install $3"
       elif command -v apk >/dev/null 2>&1; then echo "apk add $4"
       else echo "your system's C compiler package ($1 on Debian and Ubuntu)"; fi ;;
  esac
}

command -v go >/dev/null 2>&1 || { echo "test.sh: go not found on PATH; install Go from https://go.dev/dl/ (version: see go.mod)" >&2; exit 1; }
if [[ "${CGO_ENABLED:-}" == 0 ]]; then
  echo "test.sh: go test -race needs cgo, and CGO_ENABLED=0 turns it off; unset it" >&2
  exit 1
fi
# Without a C compiler Go turns cgo off by itself, and -race then fails with "-race requires cgo".
cc="$(go env CC)"
if ! printf '#include <stdlib.h>\nint main(void){return 0;}\n' | "$cc" -x c -o /dev/null - >/dev/null 2>&1; then
  echo "test.sh: go test -race needs a working C compiler (cgo), and '$cc' is missing or cannot build a C program." >&2
  echo "Install one: $(install "gcc libc6-dev" "xcode-select --install" "gcc glibc-devel" "build-base")" >&2
  exit 1
fi
export CGO_ENABLED=1

# stage says on stderr which step runs now, with the time the run has taken so far, so that a
# run that takes minutes is never silent: "test.sh [2/8, 0:41] staticcheck".
stages=8
stage_n=0
started=$SECONDS
stage() {
  stage_n=$((stage_n + 1))
  local t=$((SECONDS - started))
  printf 'test.sh [%d/%d, %d:%02d] %s\n' "$stage_n" "$stages" $((t / 60)) $((t % 60)) "$1" >&2
}
for tool in node npm; do
  command -v "$tool" >/dev/null 2>&1 || { echo "test.sh: $tool not found on PATH; the end-to-end tests need Node >= 20 with npm (https://nodejs.org)" >&2; exit 1; }
done

stage "go vet and gofmt"
go vet ./...
unformatted="$(gofmt -l $(git ls-files '*.go' | grep -v '^third_party/' || true))"
if [[ -n "$unformatted" ]]; then echo "test.sh: gofmt would change these files (run gofmt -w):" >&2; echo "$unformatted" >&2; exit 1; fi
# Static checks at pinned versions (fetched once through the Go module proxy, then cached):
# staticcheck's default checks, and deadcode for functions that neither a main nor a test
# reaches. Both fail the run on any finding. A deliberate exception to staticcheck is a
# //lint:ignore comment with its reason, next to the code; deadcode has none: delete what
# nothing reaches.
stage "staticcheck"
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
stage "deadcode"
dead="$(go run golang.org/x/tools/cmd/deadcode@v0.52.0 -test ./...)"
if [[ -n "$dead" ]]; then
  printf 'test.sh: deadcode: unreachable from every main and test; delete it or use it:\n%s\n' "$dead" >&2
  exit 1
fi
stage "go test -race ./... (the longest step: minutes)"
go test -race ./...
stage "release builds (release/ci.sh: vet and build per GOOS/GOARCH, goreleaser)"
release/ci.sh
stage "fuzz FuzzJSONRPCLine (15 s)"
# Fuzz targets, briefly: a smoke run that finds the shallow crashes.
go test -run '^$' -fuzz '^FuzzJSONRPCLine$' -fuzztime=15s ./mcp
stage "fuzz FuzzArgumentRepair (15 s)"
go test -run '^$' -fuzz '^FuzzArgumentRepair$' -fuzztime=15s ./catalog
stage "end-to-end tests (e2e/run.sh)"
e2e/run.sh
stage "done: all passed"
