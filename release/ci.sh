#!/usr/bin/env bash
# The release checks CI runs (test.sh calls it): go vet for each GOOS and a static
# build of f0 for every target of .goreleaser.yaml, with its linker flags, so a Windows
# or macOS break fails here; then goreleaser validates its configuration and
# builds a snapshot of the host's target. (A goreleaser snapshot of all six
# targets is release/goreleaser.sh release --snapshot --clean; it is left out
# of CI for time: the go build loop below builds the same binaries.)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

targets=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64)
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
ldflags="-s -w -X main.stampedVersion=0.0.0-ci -X main.stampedCommit=$(git rev-parse HEAD) -X main.stampedDate=$(git log -1 --format=%cI)"
# go vet once per GOOS (the code differs by OS, not by architecture; test.sh
# has vetted linux/amd64 already), a build for every target.
for os in darwin windows; do
  start=$SECONDS
  CGO_ENABLED=0 GOOS="$os" GOARCH=arm64 go vet ./...
  echo "release/ci.sh: go vet with GOOS=$os in $((SECONDS - start))s"
done
for target in "${targets[@]}"; do
  os="${target%/*}" arch="${target#*/}"
  start=$SECONDS
  CGO_ENABLED=0 GOOS="$os" GOARCH="$arch" go build -ldflags "$ldflags" -o "$out/f0-$os-$arch" ./cmd/f0
  echo "release/ci.sh: $target build in $((SECONDS - start))s"
done
"$out/f0-$(go env GOOS)-$(go env GOARCH)" version | grep -q '^f0 version 0.0.0-ci$' || { echo "release/ci.sh: the linker flags did not stamp the version" >&2; exit 1; }

start=$SECONDS
release/goreleaser.sh check
release/goreleaser.sh build --snapshot --single-target --clean --output "$out/f0-goreleaser"
"$out/f0-goreleaser" version | grep -q '^f0 version [0-9]' || { echo "release/ci.sh: goreleaser's build does not print a stamped version:" >&2; "$out/f0-goreleaser" version >&2; exit 1; }
rm -rf dist
echo "release/ci.sh: goreleaser check and snapshot in $((SECONDS - start))s"
