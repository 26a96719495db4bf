#!/usr/bin/env bash
# Peak memory of an f0 HTTP server while it downloads 16 endless bodies at
# once: one batch of 16 net.curl calls, all running together, against a
# loopback server whose bodies never end (bench/endless).
#   bench/memory.sh [F0_BINARY]
# Prints the batch's first answer lines, and the server's peak RSS (VmHWM).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp="$(mktemp -d)"
bin="${1:-}"
if [ -z "$bin" ]; then
	bin="$tmp/f0"
	go build -o "$bin" ./cmd/f0
fi
go build -o "$tmp/endless" ./bench/endless
"$tmp/endless" >"$tmp/url" &
pids=$!
"$bin" serve --http 127.0.0.1:0 --root "$tmp" 2>"$tmp/log" &
pids="$pids $!"
f0pid=$!
trap 'kill $pids' EXIT
for _ in $(seq 100); do
	[ -s "$tmp/url" ] && grep -q "serving MCP" "$tmp/log" && break
	sleep 0.1
done
url="$(cat "$tmp/url")"
addr="$(grep -o 'http://127.0.0.1:[0-9]*/mcp' "$tmp/log" | head -1)"
calls=""
for i in $(seq 16); do
	calls="$calls${calls:+,}{\"tool\":\"net_curl\",\"args\":{\"url\":\"${url}body$i\"}}"
done
start=$(date +%s.%N)
"$bin" call --server "$addr" batch "{\"maxConcurrency\":16,\"calls\":[$calls]}" 2>&1 | head -3 || true
echo "elapsed: $(echo "$(date +%s.%N) - $start" | bc) s"
grep -E "VmHWM" "/proc/$f0pid/status"
