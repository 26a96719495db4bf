#!/usr/bin/env bash
# Runs goreleaser at the version f0 pins, through the Go module proxy (built
# once, then taken from Go's build cache): release/goreleaser.sh ARGS…
#   release/goreleaser.sh release --snapshot --clean   every target into dist/, nothing published
#   release/goreleaser.sh check                        validate .goreleaser.yaml
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec go run github.com/goreleaser/goreleaser/v2@v2.15.1 "$@"
