#!/usr/bin/env bash
# bench/side.sh — issue 13's one benchmark command: f0 side by side with the official
# filesystem MCP server (@modelcontextprotocol/server-filesystem), ripgrep and curl, in
# interleaved rounds, printing min and median of every measure and of its ratio:
#   spawn → initialize answered (f0 vs the filesystem server; goal ≥ 20× faster)
#   server CPU per 1 KiB read over stdio (goal ≥ 5× less)
#   fs_search on Go's source tree: the CLI and a warm server call vs ripgrep, same hits
#     (a literal, a regex, a case-insensitive word, a rare string; goal ≤ 1.2× and ≤ 1.1×),
#     in wall time and in CPU time (user + system), which a loaded machine disturbs less
#   streamable HTTP: 16 sessions making a trivial call (goal ≥ 8,000 calls/s, p99 < 10 ms;
#     also the server's and the load generator's CPU per call, which load disturbs less),
#     and the memory 1,000 idle sessions take (goal < 40 MiB)
#   a loopback GET: a warm net_curl call vs the curl binary
#
# Benchmarks are not tests: nothing here fails on a number. CI runs it as a smoke check only
# (BENCH_SMOKE=1: one short round).
# Needs Go, Node ≥ 20 with npm (the registry), ripgrep and curl (installed with apt-get
# when missing and running as root). Linux only (/proc).
# Usage: bench/side.sh [WORKDIR]      Env: F0_BIN (default: built here), ROUNDS (5),
#   ONLY (some of startup,read,search,http,net,idle; default all)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
work="${1:-$(mktemp -d -t f0-side.XXXXXX)}"
mkdir -p "$work"
server_pkg="@modelcontextprotocol/server-filesystem@2026.8.31"

for tool in rg curl; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    pkg=$tool; [[ $tool == rg ]] && pkg=ripgrep
    if command -v apt-get >/dev/null 2>&1 && [[ "$(id -u)" == 0 ]]; then
      apt-get install -y -qq "$pkg" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "$pkg" >/dev/null; }
    else
      echo "bench/side.sh: $tool is needed: apt-get install $pkg" >&2; exit 1
    fi
  fi
done

f0="${F0_BIN:-$work/f0}"
[[ -n "${F0_BIN:-}" ]] || go build -o "$f0" ./cmd/f0
go build -o "$work/fsbench" ./bench/fsbench

official="$work/npm/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js"
if [[ ! -f "$official" ]]; then
  mkdir -p "$work/npm"
  npm install --silent --no-audit --no-fund --prefix "$work/npm" "$server_pkg" >/dev/null
fi

mkdir -p "$work/tree"
head -c 768 /dev/urandom | base64 -w 64 | head -c 1024 > "$work/tree/k1.txt"

args=(-rounds "${ROUNDS:-5}" -only "${ONLY:-}")
if [[ -n "${BENCH_SMOKE:-}" ]]; then
  args=(-rounds 1 -reads 50 -net 5 -http-for 300ms -idle 20 -only "${ONLY:-}")
fi
"$work/fsbench" side -f0 "$f0" -official "node $official" -tree "$work/tree" -src "$(go env GOROOT)/src" "${args[@]}"
