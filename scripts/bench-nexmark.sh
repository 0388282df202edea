#!/usr/bin/env bash
# Runs Nexmark's Flink SQL queries (../shared/nexmark/queries, as Nexmark
# submits them) natively and as WebAssembly under Node in one go, and
# writes the "## Nexmark" section of docs/benchmarks.md: events per second
# per query on one core, beside the per-core figures Nexmark and Flink
# published. Usage: scripts/bench-nexmark.sh [events [count]]
# (default 200000 events, the median of 3 runs).
set -euo pipefail
export GOWASM=${GOWASM-satconv,signext} # as scripts/build-web.sh builds the page
cd "$(dirname "$0")/.."
events=${1:-200000}
count=${2:-3}
warmup=2s # each query runs unmeasured for this long first
wasmexec="$(go env GOROOT)/lib/wasm"
if [ ! -d ../shared/nexmark/queries ]; then
  echo "bench-nexmark: no ../shared/nexmark/queries" >&2
  exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
go test -run='^$' -bench='^BenchmarkNexmark$' -benchtime=1x -count="$count" -timeout 60m \
  ./engine/enginetest -args -nexmark-events="$events" -nexmark-warmup="$warmup" | tee "$tmp/native.txt"
modfile=$(go run ./scripts/yyoutline .cache/yyoutline)
PATH="$wasmexec:$PATH" GOOS=js GOARCH=wasm go test -modfile="$modfile" -run='^$' -bench='^BenchmarkNexmark$' \
  -benchtime=1x -count="$count" -timeout 60m ./engine/enginetest -args -nexmark-events="$events" -nexmark-warmup="$warmup" | tee "$tmp/wasm.txt"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# query -> median events/s over the runs
rate() {
  awk '/events\/s/ { for (i = 1; i <= NF; i++) if ($(i) == "events/s") { n = $1; sub(/^BenchmarkNexmark\//, "", n); sub(/-[0-9]+$/, "", n); print n, $(i-1) } }' "$1" |
    sort -k1,1 -k2,2g |
    awk '{ v[$1] = v[$1] " " $2 } END { for (n in v) { k = split(v[n], a, " "); print n, a[int((k + 1) / 2)] } }'
}
rate "$tmp/native.txt" | sort > "$tmp/n"
rate "$tmp/wasm.txt" | sort > "$tmp/w"
# query -> events/s of its first, unmeasured run under wasm
awk '/first-events\/s/ { for (i = 1; i <= NF; i++) if ($(i) == "first-events/s") { n = $1; sub(/^BenchmarkNexmark\//, "", n); sub(/-[0-9]+$/, "", n); print n, $(i-1) } }' "$tmp/wasm.txt" |
  sort -k1,1 -u > "$tmp/f"

# Published events/s per core (../shared/nexmark/README.md): Flink on
# Nexmark's GUIDE_V1 cluster (3 workers x 8 cores) and Flink 2.0 (GUIDE_V2).
published() {
  case "$1" in
    q0) echo "155K 379K" ;;
    q1) echo "158K -" ;;
    q5) echo "22K 75K" ;;
    q7) echo "12K 23K" ;;
    q8) echo "146K 162K" ;;
    *) echo "- -" ;;
  esac
}
kilo() { case "$1" in -) echo 0 ;; *) echo "${1%K}000" ;; esac; }

section="$tmp/section.md"
{
  echo "## Nexmark"
  echo
  echo "Written by \`scripts/bench-nexmark.sh\` (\`make bench-nexmark\`) on $(date -u +%Y-%m-%d): $(nproc) cores, load average"
  echo "$load_before before and $load_after after, $(go version | cut -d' ' -f3), Node $(node --version). Each query of"
  echo "\`../shared/nexmark/queries\` runs as Nexmark submits it (after \`ddl_gen.sql\` and \`ddl_views.sql\`, placeholders"
  echo "filled with Nexmark's defaults: 10 M events/s, proportions 1:3:46) over $events events into its sink, on one"
  echo "core, natively and as WebAssembly under Node in the same invocation; a figure is the median of $count runs of events"
  echo "per second from the INSERT's submission to its job's end, planning included, after the query has run unmeasured for"
  echo "$warmup: V8 compiles a wasm module's hot functions again as they warm up, in the background, so a query's first runs are"
  echo "slower (the first one's figure is the \"wasm, first run\" column; the page meets it too, on the first query of a kind)."
  echo "The published figures are events/s per core of Flink on Nexmark's 3 x 8-core cluster (GUIDE_V1) and of Flink"
  echo "2.0 (2025). q6 and q14 fail in Flink as here (\`go test ./engine/enginetest -run TestNexmarkQueries\`)."
  echo
  echo "| query | native events/s | wasm (Node) events/s | wasm, first run | native / wasm | Flink (V1) per core | Flink 2.0 per core | native / Flink 2.0 | wasm / Flink 2.0 |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  join "$tmp/n" "$tmp/w" | join - "$tmp/f" | sort -k1.2n | while read -r q nat was fst; do
    read -r v1 v2 <<<"$(published "$q")"
    ratio=$(awk -v a="$nat" -v b="$was" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "-" }')
    f2=$(kilo "$v2")
    rn=$(awk -v a="$nat" -v b="$f2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    rw=$(awk -v a="$was" -v b="$f2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    printf '| %s | %.0f | %.0f | %.0f | %s | %s | %s | %s | %s |\n' "$q" "$nat" "$was" "$fst" "$ratio" "$v1" "$v2" "$rn" "$rw"
  done
} > "$section"

# Replace the section in docs/benchmarks.md, keeping the others.
doc=docs/benchmarks.md
awk -v sec="$section" '
  /^## Nexmark/ { skip = 1; while ((getline line < sec) > 0) print line; print ""; next }
  /^## / && skip { skip = 0 }
  !skip { print }
  END { }
' "$doc" > "$tmp/doc"
if ! grep -q '^## Nexmark' "$doc"; then
  # No section yet: put it before the Cloudflare Worker's, or at the end.
  awk -v sec="$section" '
    /^## Cloudflare Worker/ && !done { while ((getline line < sec) > 0) print line; print ""; done = 1 }
    { print }
    END { if (!done) { print ""; while ((getline line < sec) > 0) print line } }
  ' "$doc" > "$tmp/doc"
fi
cp "$tmp/doc" "$doc"
cat "$section"
