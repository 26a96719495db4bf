#!/usr/bin/env bash
# bench/fs.sh — the file tools against the official filesystem MCP server
# and against ripgrep.
#
#  (a) The same tree is served by f0 (`f0 serve --root TREE`) and by
#      @modelcontextprotocol/server-filesystem (`node …/dist/index.js TREE`),
#      both over stdio and driven by the same client (bench/fsbench), which
#      reports the server process's CPU time per call (user + system, from
#      /proc), the client's wall time per call, and the bytes of each answer:
#        - a 1 KiB read:          fs_read      vs read_text_file
#        - name search, 2,000 files: fs_find   vs search_files (same glob)
#        - a 1 MiB text file:     bytes one fs_read returns vs read_text_file
#  (b) fs_search against ripgrep on $(go env GOROOT)/src, same patterns,
#      hit counts checked equal; median wall time of several runs, both as
#      command lines (f0 fs.search … vs rg …) and as a warm server call.
#
# Goals (issue 4): ≥ 15× less server CPU per read, ≥ 20× faster name search,
# fs_search ≤ 1.5× ripgrep's time.
#
# Needs Go, Node ≥ 20 with npm (the registry), and ripgrep (installed with
# apt-get when missing and running as root). Linux only (/proc).
# Usage: bench/fs.sh [WORKDIR]   (default: a temporary directory)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
work="${1:-$(mktemp -d -t f0-fsbench.XXXXXX)}"
mkdir -p "$work"
server_pkg="@modelcontextprotocol/server-filesystem@2026.8.31"
reads="${FSBENCH_READS:-2000}"
finds="${FSBENCH_FINDS:-100}"
runs="${FSBENCH_RUNS:-7}"

echo "== building f0 and the client (in $work)"
go build -o "$work/f0" ./cmd/f0
go build -o "$work/fsbench" ./bench/fsbench

if ! command -v rg >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [[ "$(id -u)" == 0 ]]; then
    echo "== installing ripgrep"
    apt-get install -y -qq ripgrep >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq ripgrep >/dev/null; }
  else
    echo "bench/fs.sh: ripgrep (rg) is needed: apt-get install ripgrep" >&2
    exit 1
  fi
fi

official="$work/npm/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js"
if [[ ! -f "$official" ]]; then
  echo "== installing $server_pkg"
  mkdir -p "$work/npm"
  npm install --silent --no-audit --no-fund --prefix "$work/npm" "$server_pkg" >/dev/null
fi

echo "== building the tree"
tree="$work/tree"
rm -rf "$tree"
mkdir -p "$tree/files"
head -c 768 /dev/urandom | base64 -w 64 | head -c 1024 > "$tree/k1.txt"
node -e '
  const fs = require("fs");
  let s = "";
  for (let i = 0; s.length < 1 << 20; i++) s += `line ${i} of a one mebibyte text file, with some words to fill it up\n`;
  fs.writeFileSync(process.argv[1], s.slice(0, 1 << 20));
  for (let i = 0; i < 2000; i++) {
    const d = `${process.argv[2]}/d${i % 20}/s${i % 5}`;
    fs.mkdirSync(d, { recursive: true });
    fs.writeFileSync(`${d}/file_${i}.txt`, `file ${i}\n`);
  }' "$tree/m1.txt" "$tree/files"

f0_server=("$work/f0" serve --root "$tree")
node_server=(node "$official" "$tree")

# field FILE KEY prints one number of a fsbench report.
field() { node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(r[process.argv[2]])' "$1" "$2"; }
ratio() { node -e 'const [a, b] = process.argv.slice(1).map(Number); console.log(b > 0 ? (a / b).toFixed(1) : "n/a")' "$1" "$2"; }

echo "== (a) f0 vs $server_pkg over stdio, same client"
"$work/fsbench" -tool fs_read -args '{"path":"k1.txt"}' -n "$reads" -warmup 200 -- "${f0_server[@]}" > "$work/read.f0.json"
"$work/fsbench" -tool read_text_file -args "{\"path\":\"$tree/k1.txt\"}" -n "$reads" -warmup 200 -- "${node_server[@]}" > "$work/read.node.json"
"$work/fsbench" -tool fs_find -args '{"pattern":"**/file_7*.txt","path":"files"}' -n "$finds" -warmup 10 -- "${f0_server[@]}" > "$work/find.f0.json"
"$work/fsbench" -tool search_files -args "{\"path\":\"$tree/files\",\"pattern\":\"**/file_7*.txt\"}" -n "$finds" -warmup 10 -- "${node_server[@]}" > "$work/find.node.json"
"$work/fsbench" -tool fs_read -args '{"path":"m1.txt"}' -n 20 -warmup 2 -- "${f0_server[@]}" > "$work/big.f0.json"
"$work/fsbench" -tool read_text_file -args "{\"path\":\"$tree/m1.txt\"}" -n 20 -warmup 2 -- "${node_server[@]}" > "$work/big.node.json"

read_f0=$(field "$work/read.f0.json" cpu_us_per_call); read_node=$(field "$work/read.node.json" cpu_us_per_call)
find_f0=$(field "$work/find.f0.json" wall_us_median); find_node=$(field "$work/find.node.json" wall_us_median)
findcpu_f0=$(field "$work/find.f0.json" cpu_us_per_call); findcpu_node=$(field "$work/find.node.json" cpu_us_per_call)
big_f0=$(field "$work/big.f0.json" bytes_per_call); big_node=$(field "$work/big.node.json" bytes_per_call)
printf '%-40s %12s %12s %8s\n' "measure" "f0" "official" "ratio"
printf '%-40s %12s %12s %7sx  (goal >= 15x)\n' "1 KiB read: server CPU per call (us)" "$read_f0" "$read_node" "$(ratio "$read_node" "$read_f0")"
printf '%-40s %12s %12s %7sx  (goal >= 20x)\n' "name search, 2,000 files: median (us)" "$find_f0" "$find_node" "$(ratio "$find_node" "$find_f0")"
printf '%-40s %12s %12s %7sx\n' "name search: server CPU per call (us)" "$findcpu_f0" "$findcpu_node" "$(ratio "$findcpu_node" "$findcpu_f0")"
printf '%-40s %12s %12s %7sx\n' "1 MiB file: bytes in one answer" "$big_f0" "$big_node" "$(ratio "$big_node" "$big_f0")"

echo
echo "== (b) fs_search vs ripgrep $(rg --version 2>/dev/null | sed -n "1s/ripgrep //p") on $(go env GOROOT)/src"
src="$(go env GOROOT)/src"
search_server=("$work/f0" serve --root "$src")
# median_ms CMD… runs a command $runs times and prints the median wall time in ms.
median_ms() {
  local times=()
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f\n", a[int((NR+1)/2)]/1000}'
}
printf '%-28s %8s %8s %9s %9s %7s %9s %7s\n' "pattern" "rg hits" "f0 hits" "rg ms" "f0 ms" "ratio" "f0 call" "ratio"
for pattern in 'TODO' 'func \w+Error\(' '(?i)deadline exceeded' 'errors\.New\("[a-z]+: '; do
  rg_hits=$(rg -c --no-require-git -e "$pattern" "$src" | awk -F: '{s += $NF} END {print s + 0}')
  f0_head=$("$work/f0" --root "$src" fs.search "$pattern" filesOnly=true maxResults=1000000 maxBytes=262144 2>&1 >/dev/null | head -1)
  f0_hits=$(sed -E 's/^([0-9,]+) match.*/\1/; s/,//g' <<<"$f0_head")
  [[ "$f0_hits" =~ ^[0-9]+$ ]] || f0_hits="? ($f0_head)"
  rg_ms=$(median_ms rg -c --no-require-git -e "$pattern" "$src")
  f0_ms=$(median_ms "$work/f0" --root "$src" fs.search "$pattern" filesOnly=true maxResults=1000000 maxBytes=262144)
  args=$(node -e 'console.log(JSON.stringify({pattern: process.argv[1], filesOnly: true, maxResults: 1000000, maxBytes: 262144}))' "$pattern")
  "$work/fsbench" -tool fs_search -args "$args" -n "$runs" -warmup 1 -- "${search_server[@]}" > "$work/search.json"
  call_ms=$(node -e 'console.log((JSON.parse(require("fs").readFileSync(process.argv[1])).wall_us_median / 1000).toFixed(1))' "$work/search.json")
  same=""; [[ "$rg_hits" == "$f0_hits" ]] || same=" (hit counts differ!)"
  printf '%-28s %8s %8s %9s %9s %6sx %9s %6sx%s\n' "$pattern" "$rg_hits" "$f0_hits" "$rg_ms" "$f0_ms" "$(ratio "$f0_ms" "$rg_ms")" "$call_ms" "$(ratio "$call_ms" "$rg_ms")" "$same"
done
echo "(ratio = f0 time / ripgrep time; goal <= 1.5x. 'f0 ms' is the command line, 'f0 call' a warm server's fs_search call.)"
