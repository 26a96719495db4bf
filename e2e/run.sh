#!/usr/bin/env bash
# End-to-end tests for f0: build the binary, install the pinned npm packages, run the
# TypeScript-SDK tests (node:test) and the MCP conformance suite.
#
# Usage: e2e/run.sh            (from anywhere; needs Go, Node >= 20, npm registry access)
# Env:   F0_BIN=/path/to/f0    test this binary instead of building e2e/.bin/f0
#        E2E_SKIP_CONFORMANCE=1   only the node:test suites
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"

if [[ -z "${F0_BIN:-}" ]]; then
  echo "e2e: building f0 → e2e/.bin/f0"
  mkdir -p "$here/.bin"
  (cd "$root" && go build -o "$here/.bin/f0" ./cmd/f0)
  F0_BIN="$here/.bin/f0"
fi
export F0_BIN

echo "e2e: npm ci"
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)

echo "e2e: node --test ($(node --version))"
# One file at a time: each test group already runs its own f0 processes.
(cd "$here" && node --test --test-concurrency=1 --test-reporter=spec ./*.test.mjs)

if [[ "${E2E_SKIP_CONFORMANCE:-}" != "1" ]]; then
  echo "e2e: MCP conformance suite"
  node "$here/conformance.mjs"
fi
echo "e2e: OK"
