#!/usr/bin/env bash
# Times net.curl GETs against the curl binary on a loopback URL.
#   bench/net.sh [N]        (default N=300 requests per side)
# 1. go test -bench: in-process net.curl GETs through the pipeline.
# 2. go run ./bench/net: the same GET in-process vs N runs of the curl binary,
#    against one loopback server, with the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-300}"
echo "== go test -bench (tools/net)"
go test ./tools/net -run '^$' -bench 'BenchmarkCurlGet|BenchmarkParseCurlArgs' -benchmem -benchtime "${n}x"
echo
echo "== in-process net.curl vs the curl binary (N=$n)"
go run ./bench/net -n "$n"
