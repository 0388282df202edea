#!/usr/bin/env bash
# Runs the anchor benchmarks (engine/anchor_bench_test.go) natively and as
# WebAssembly under Node, and DuckDB-Wasm (scripts/anchors, pinned) on the
# same queries over the same data, in one go, and writes the "## Anchors"
# section of docs/benchmarks.md: medians, min-max, the machine's load and
# the ratios. Usage: scripts/bench-anchors.sh [count]   (default 3 runs)
set -euo pipefail
export GOWASM=${GOWASM-satconv,signext} # as scripts/build-web.sh builds the page
cd "$(dirname "$0")/.."
count=${1:-3}
wasmexec="$(go env GOROOT)/lib/wasm"
command -v node >/dev/null || { echo "bench-anchors: Node.js is needed for DuckDB-Wasm" >&2; exit 1; }
if [ ! -d scripts/anchors/node_modules ]; then
  (cd scripts/anchors && npm ci --no-audit --no-fund)
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
node scripts/anchors/data.mjs "$tmp/anchor.csv" "$tmp/anchor.json"
export FLINKPLAY_ANCHOR_CSV="$tmp/anchor.csv" FLINKPLAY_ANCHOR_JSON="$tmp/anchor.json"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
go test -run='^$' -bench='^BenchmarkAnchor' -benchtime=1x -count="$count" -benchmem -timeout 60m ./engine | tee "$tmp/native.txt"
modfile=$(go run ./scripts/yyoutline .cache/yyoutline)
PATH="$wasmexec:$PATH" GOOS=js GOARCH=wasm go test -modfile="$modfile" -run='^$' -bench='^BenchmarkAnchor' \
  -benchtime=1x -count="$count" -benchmem -timeout 60m ./engine | tee "$tmp/wasm.txt"
node scripts/anchors/duckdb.mjs "$tmp/anchor.csv" "$count" | tee "$tmp/duckdb.txt"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# name -> "median min max" rows/s over the runs
stats() {
  awk '/rows\/s/ { for (i = 1; i <= NF; i++) if ($(i) == "rows/s") { n = $1; sub(/-[0-9]+$/, "", n); print n, $(i-1) } }' "$1" |
    sort -k1,1 -k2,2g |
    awk '{ v[$1] = v[$1] " " $2 } END { for (n in v) { k = split(v[n], a, " "); print n, a[int((k + 1) / 2)], a[1], a[k] } }' | sort
}
# name -> allocs/op of the first run
allocs() {
  awk '/allocs\/op/ { n = $1; sub(/-[0-9]+$/, "", n); if (!(n in seen)) { seen[n] = 1; for (i = 1; i <= NF; i++) if ($(i) == "allocs/op") print n, $(i-1) } }' "$1" | sort
}
stats "$tmp/native.txt" > "$tmp/n"
stats "$tmp/wasm.txt" > "$tmp/w"
stats "$tmp/duckdb.txt" > "$tmp/d"
allocs "$tmp/native.txt" > "$tmp/a"
duck=$(sed -n 's/^# //p' "$tmp/duckdb.txt")

section="$tmp/section.md"
{
  echo "## Anchors: DuckDB-Wasm beside the engine"
  echo
  echo "Written by \`scripts/bench-anchors.sh\` (\`make bench-anchors\`) on $(date -u +%Y-%m-%d): $(nproc) cores, load average"
  echo "$load_before before and $load_after after, $(go version | cut -d' ' -f3), Node $(node --version), $duck. The engine's"
  echo "queries (\`engine/anchor_bench_test.go\`) and DuckDB's (\`scripts/anchors/duckdb.mjs\`) read the same data: the"
  echo "sequence 0..4,999,999 (datagen \`sequence\`, DuckDB \`range\`) and a 1,000,000-row CSV file of 1,000 names"
  echo "(\`scripts/anchors/data.mjs\`), which the engine also reads as JSON lines (DuckDB-Wasm reads JSON through an"
  echo "extension it would download, so it has no figure there). Input rows per second on one core, the median of"
  echo "$count runs (min–max); each run is the whole query, planning included. allocs/row is the engine's, natively"
  echo "(\`-benchmem\`)."
  echo
  echo "| query | native rows/s | wasm (Node) rows/s | DuckDB-Wasm rows/s | wasm / DuckDB-Wasm | allocs/row |"
  echo "|---|---:|---:|---:|---:|---:|"
  join "$tmp/n" "$tmp/w" | while read -r name nmed nmin nmax wmed wmin wmax; do
    read -r _ dmed dmin dmax <<<"$(grep "^$name " "$tmp/d" || echo "- - - -")"
    rows=5000000
    case "$name" in
      BenchmarkAnchorGroupByBatch) what="batch \`GROUP BY id % 1000\`: COUNT, SUM, MAX" ;;
      BenchmarkAnchorGroupByStreaming) what="the same, streaming (a -U/+U pair per row)" ;;
      BenchmarkAnchorTumble) what="1-second TUMBLE COUNT over the sequence as ms of event time" ;;
      BenchmarkAnchorCSV) what="CSV file \`GROUP BY name\`: COUNT, AVG"; rows=1000000 ;;
      BenchmarkAnchorJSON) what="JSON lines file (the CSV file's rows) \`GROUP BY name\`: COUNT, AVG"; rows=1000000 ;;
      *) what="$name" ;;
    esac
    a=$(grep "^$name " "$tmp/a" | awk -v r="$rows" '{ printf "%.1f", $2 / r }')
    fmt() { awk -v m="$1" -v lo="$2" -v hi="$3" 'BEGIN { if (m == "-") print "—"; else printf "%.2f M (%.2f–%.2f)", m / 1e6, lo / 1e6, hi / 1e6 }'; }
    ratio=$(awk -v a="$wmed" -v b="$dmed" 'BEGIN { if (b != "-" && b > 0) printf "%.3f×", a / b; else print "—" }')
    printf '| %s | %s | %s | %s | %s | %s |\n' "$what" "$(fmt "$nmed" "$nmin" "$nmax")" "$(fmt "$wmed" "$wmin" "$wmax")" \
      "$(fmt "$dmed" "$dmin" "$dmax")" "$ratio" "$a"
  done
  echo
  echo "Targets (issue \"Stateful queries 10× faster\"), under wasm: batch GROUP BY ≥ 5 M rows/s and ≥ 0.3× DuckDB-Wasm;"
  echo "streaming GROUP BY ≥ 2 M rows/s; TUMBLE ≥ 5 M rows/s; the CSV query ≥ 2 M rows/s and ≥ 0.5× DuckDB-Wasm."
  # what each optimization gained, kept by hand beside the script
  if [ -f scripts/anchors/steps.md ]; then
    echo
    cat scripts/anchors/steps.md
  fi
} > "$section"

# Replace the section in docs/benchmarks.md, keeping the others; a new
# one goes before the Nexmark section.
doc=docs/benchmarks.md
if grep -q '^## Anchors' "$doc"; then
  awk -v sec="$section" '
    /^## Anchors/ { skip = 1; while ((getline line < sec) > 0) print line; print ""; next }
    /^## / && skip { skip = 0 }
    !skip { print }
  ' "$doc" > "$tmp/doc"
else
  awk -v sec="$section" '
    /^## (Nexmark|Cloudflare Worker)/ && !done { while ((getline line < sec) > 0) print line; print ""; done = 1 }
    { print }
    END { if (!done) { print ""; while ((getline line < sec) > 0) print line } }
  ' "$doc" > "$tmp/doc"
fi
cp "$tmp/doc" "$doc"
cat "$section"
