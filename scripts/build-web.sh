#!/usr/bin/env bash
# Builds the browser playground into web/dist/files (embedded by
# `flinkplay serve`): the CodeMirror bundle, the Vugu code, both wasm
# programs, the static files, the zone files engine.wasm fetches, and
# precompressed .gz/.br copies of the wasm and JavaScript (.br only where
# brotli is installed and FLINKPLAY_NO_BROTLI is unset; the server falls
# back to .gz), and last the
# manifest's icons and the service worker (scripts/offline), whose precache
# list and version come from the files built before it. Idempotent: files are replaced, and recompressed, only
# when their content changed, so a second run takes a few seconds.
set -euo pipefail
# WebAssembly 2.0's sign-extension and non-trapping float-to-int
# instructions, which every current browser, Node and workerd run: smaller
# and faster wasm (docs/benchmarks.md, step 25).
export GOWASM=${GOWASM-satconv,signext}
cd "$(dirname "$0")/.."

GO=${GO:-go}
out=web/dist/files
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# install copies $1 to $2 unless $2 already has the same bytes.
install_file() {
  if ! cmp -s "$1" "$2"; then
    cp "$1" "$2"
    echo "  wrote $2"
  fi
}

# compress writes $1.gz and $1.br when missing or older than $1.
compress() {
  if [ ! -e "$1.gz" ] || [ "$1" -nt "$1.gz" ]; then
    gzip -9 -n -c "$1" > "$1.gz"
    echo "  wrote $1.gz"
  fi
  if [ -z "${FLINKPLAY_NO_BROTLI:-}" ] && command -v brotli >/dev/null; then
    if [ ! -e "$1.br" ] || [ "$1" -nt "$1.br" ]; then
      brotli -q 11 -f -o "$1.br" "$1"
      touch "$1.br" # brotli copies the source's mtime, truncated to seconds
      echo "  wrote $1.br"
    fi
  else
    rm -f "$1.br"
  fi
}

echo "editor (CodeMirror 6, esbuild)"
if [ ! -d web/editor/node_modules ]; then
  command -v npm >/dev/null || { echo "build-web: npm (Node.js) is needed to bundle the editor" >&2; exit 1; }
  (cd web/editor && npm ci --no-audit --no-fund)
fi
# editor.js, editor-python.js (Python, loaded with the first program),
# chart.js and graph.js (the chart and graph views, loaded when first shown)
# and, minified, the page's own scripts and stylesheet and Go's
# wasm_exec.js (5.8 KB less brotli on a cold load when measured); sw.js is
# a template, which scripts/offline writes last.
mkdir -p "$tmp/min"
minify=("$($GO env GOROOT)/lib/wasm/wasm_exec.js" "$tmp/min/wasm_exec.js")
for f in static/*.js static/*.css; do
  [ "$f" = static/sw.js ] && continue
  minify+=("$PWD/$f" "$tmp/min/$(basename "$f")")
done
(cd web/editor && node build.mjs "$tmp" "${minify[@]}")
install_file "$tmp/editor.js" "$out/editor.js"
install_file "$tmp/editor-python.js" "$out/editor-python.js"
install_file "$tmp/chart.js" "$out/chart.js"
install_file "$tmp/graph.js" "$out/graph.js"

echo "vugu components (vugugen)"
# A failed vugugen run can leave a stale *_gen.go behind that breaks every
# later run, so start from none.
rm -f web/app/*_gen.go
$GO generate ./web/app

echo "wasm programs"
# app.wasm without inlining outside the Go runtime: the page's code runs at
# a person's pace (a frame of rows at a time), and the file compresses
# better without the copies inlining makes (1.08 MB instead of 1.16 MB
# brotli when measured; make bench-browser checks the long-task budget).
GOOS=js GOARCH=wasm $GO build -trimpath -ldflags='-s -w' \
  -gcflags='all=-l' -gcflags='runtime=' -gcflags='internal/runtime/...=' \
  -o "$tmp/app.wasm" ./wasm/app
# No inlining in the SQL parser (vitess) and in the packages that run once
# per statement, never per row (our parser front end, the planner, the
# catalog, the function docs, the exporters, the session that builds jobs,
# connector options, errors, the file systems, the physical planner, DDL,
# the function registry, the result printer): inlining there only grows
# engine.wasm (by 164 KB brotli when measured, 29 KB more for the file
# systems and the three before them, 32 KB for the physical planner and
# DDL, and 13 KB for the registry and the printer). And none in the faker
# connector, whose rows come at the rate its table sets (10,000 a second
# by default), not as fast as they can: 6 KB. Nor in the engine's worker,
# which hands the page at most a batch of rows per flush (its
# BenchmarkSeedRows under wasm runs at the same median either way): 3 KB.
# Nor in the values connector (a VALUES table's few rows), MATCH_RECOGNIZE
# (no benchmark runs it) and the print connector (a line of output per
# row): 3 KB together, which kept the cold load under its budget when the
# Nexmark generator's WebAssembly loops came in. (Brotli's size moves by
# a kilobyte or two with code layout alone: measure, do not guess.)
# And vitess from the copy scripts/yyoutline makes of it:
#  - the parser's grammar actions split out of Parse: as one 1.3 MB wasm
#    function, the browser's optimizing compiler spent seconds and ~400 MB
#    on it during the first query;
#  - its generated protobuf packages as plain Go: the parser only uses their
#    types and enums, but they linked the whole protobuf runtime in (without
#    it engine.wasm is 15.5 MB instead of 21.9 MB raw, 2.49 MB instead of
#    3.17 MB brotli).
modfile=$($GO run ./scripts/yyoutline .cache/yyoutline)
GOOS=js GOARCH=wasm $GO build -modfile="$modfile" -trimpath -ldflags='-s -w' \
  -gcflags='github.com/dolthub/...=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/sql=-l' -gcflags='github.com/flinkplay/flinkplay/engine/plan=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/catalog=-l' -gcflags='github.com/flinkplay/flinkplay/engine/funcs=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/export=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine=-l' -gcflags='github.com/flinkplay/flinkplay/engine/connector=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/diag=-l' -gcflags='github.com/flinkplay/flinkplay/engine/vfs=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/physical=-l' -gcflags='github.com/flinkplay/flinkplay/engine/ddl=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/library=-l' -gcflags='github.com/flinkplay/flinkplay/engine/client=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/connector/faker=-l' \
  -gcflags='github.com/flinkplay/flinkplay/wasm/engine/worker=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/connector/values=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/cep=-l' -gcflags='github.com/flinkplay/flinkplay/engine/connector/print=-l' \
  -o "$tmp/engine.wasm" ./wasm/engine
# python.wasm: the same engine with the PyFlink interpreter (engine/pyflink,
# gpython), which the page loads only for the first Python program.
GOOS=js GOARCH=wasm $GO build -modfile="$modfile" -trimpath -ldflags='-s -w' -tags pyflink \
  -gcflags='github.com/dolthub/...=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/sql=-l' -gcflags='github.com/flinkplay/flinkplay/engine/plan=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/catalog=-l' -gcflags='github.com/flinkplay/flinkplay/engine/funcs=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/export=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine=-l' -gcflags='github.com/flinkplay/flinkplay/engine/connector=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/diag=-l' -gcflags='github.com/flinkplay/flinkplay/engine/vfs=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/physical=-l' -gcflags='github.com/flinkplay/flinkplay/engine/ddl=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/library=-l' -gcflags='github.com/flinkplay/flinkplay/engine/client=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/connector/faker=-l' \
  -gcflags='github.com/flinkplay/flinkplay/wasm/engine/worker=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/connector/values=-l' \
  -gcflags='github.com/flinkplay/flinkplay/engine/cep=-l' -gcflags='github.com/flinkplay/flinkplay/engine/connector/print=-l' \
  -o "$tmp/python.wasm" ./wasm/engine
install_file "$tmp/app.wasm" "$out/app.wasm"
install_file "$tmp/engine.wasm" "$out/engine.wasm"
install_file "$tmp/python.wasm" "$out/python.wasm"

echo "static files"
for f in static/*; do
  [ "$f" = static/sw.js ] && continue # a template: scripts/offline writes sw.js last
  if [ -e "$tmp/min/$(basename "$f")" ]; then
    install_file "$tmp/min/$(basename "$f")" "$out/$(basename "$f")"
  else
    install_file "$f" "$out/$(basename "$f")"
  fi
done
install_file "$tmp/min/wasm_exec.js" "$out/wasm_exec.js"

echo "zone files (fetched by engine.wasm on demand)"
$GO run ./scripts/zoneinfo "$($GO env GOROOT)/lib/time/zoneinfo.zip" "$out/zoneinfo"

echo "faker data families (fetched by engine.wasm on first use, precached for offline use)"
# Ruby Faker's word lists (scripts/fakerdata); without them the playground's
# own families still work and a data family fails as unknown.
rm -rf "$out/faker"
if ! $GO run ./scripts/fakerdata -out "$out/faker" -cache .cache/fakerdata; then
  echo "build-web: warning: no faker data families (see above); #{harry_potter.spells} and the like will not resolve" >&2
fi

echo "precompressed copies"
for f in "$out/app.wasm" "$out/engine.wasm" "$out/python.wasm" "$out/editor.js" "$out/editor-python.js" "$out/chart.js" "$out/graph.js" "$out/wasm_exec.js" \
  "$out/engine-worker.js" "$out/index.html" "$out/embed.html" "$out/docs-sample.html" "$out/component-sample.html" "$out/flink-sql-playground.js" \
  "$out/sw-register.js" "$out/dom.js" "$out/app.css"; do
  compress "$f"
done
# The faker families: the service worker precaches them all (1.7 MB raw,
# about 0.4 MB as brotli).
for f in "$out"/faker/*.json; do
  [ -e "$f" ] && compress "$f" >/dev/null
done

echo "offline: icons, and sw.js with the version and precache list of the files above"
$GO run ./scripts/offline static/sw.js "$out"

size() { wc -c < "$1" | tr -d ' '; }
for f in app.wasm engine.wasm python.wasm editor.js; do
  line="  $f: $(size "$out/$f") raw, $(size "$out/$f.gz") gzip"
  [ -e "$out/$f.br" ] && line="$line, $(size "$out/$f.br") brotli"
  echo "$line"
done
