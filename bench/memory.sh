#!/usr/bin/env bash
# Peak memory of an f0 HTTP server while it downloads 16 endless bodies at
# once: one batch of 16 net.curl calls, all running together, against a
# loopback server whose bodies never end (bench/endless).
#   [BATCHES=4] [OFFSET=N] bench/memory.sh [F0_BINARY]
# BATCHES sends that many such batches at once (4: 64 downloads, the
# default --max-calls); OFFSET asks each call for a window that far into
# its body. Prints each batch's first answer line, how many items answered
# "busy", and the server's peak RSS (VmHWM).
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
batches="${BATCHES:-1}"
offset="${OFFSET:-0}"
calls=""
for i in $(seq 16); do
	calls="$calls${calls:+,}{\"tool\":\"net_curl\",\"args\":{\"url\":\"${url}body$i\",\"offset\":$offset}}"
done
start=$(date +%s.%N)
bpids=""
for b in $(seq "$batches"); do
	"$bin" call --server "$addr" batch "{\"maxConcurrency\":16,\"calls\":[$calls]}" >"$tmp/batch$b" 2>&1 &
	bpids="$bpids $!"
done
wait $bpids || true # a batch whose items failed exits 1
echo "elapsed: $(echo "$(date +%s.%N) - $start" | bc) s"
for b in $(seq "$batches"); do
	echo "batch $b: $(head -1 "$tmp/batch$b"); busy items: $(grep -c "the server is busy" "$tmp/batch$b" || true)"
done
grep -E "VmHWM" "/proc/$f0pid/status"
