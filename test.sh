#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")"
go vet ./... && go test -race ./... && e2e/run.sh
