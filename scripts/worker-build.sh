#!/usr/bin/env bash
# Builds the Cloudflare Worker into wasm/worker/build (see docs/worker.md):
#   worker.mjs, runtime.mjs, wasm_exec.js  the JS glue of workers-assets-gen -mode=go
#   app.wasm                                the Go Worker (wasm/worker), GOOS=js GOARCH=wasm
#   assets/                                 the playground (web/dist/files) and its _headers
# Run `make web` first (make worker does). workers-assets-gen deletes its
# output folder, so it runs before everything else.
set -euo pipefail
export GOWASM=${GOWASM-satconv,signext} # as scripts/build-web.sh builds the page
cd "$(dirname "$0")/.."

GO=${GO:-go}
out=wasm/worker/build

echo "worker glue (workers-assets-gen -mode=go)"
$GO tool workers-assets-gen -mode=go -o "$out" >/dev/null

echo "worker wasm (GOOS=js GOARCH=wasm)"
# As for engine.wasm: no inlining in the SQL parser, which runs once per
# statement; it keeps the wasm smaller. And vitess from scripts/yyoutline's
# copy: the outlined parser, and the proto packages without the protobuf
# runtime (app.wasm 17.5 MB instead of 25.5 MB; see build-web.sh).
modfile=$($GO run ./scripts/yyoutline .cache/yyoutline)
GOOS=js GOARCH=wasm $GO build -modfile="$modfile" -trimpath -ldflags='-s -w' \
  -gcflags='github.com/dolthub/...=-l' \
  -o "$out/app.wasm" ./wasm/worker

echo "static assets"
$GO run ./wasm/worker/stage web/dist/files "$out/assets"

raw=$(wc -c < "$out/app.wasm" | tr -d ' ')
gz=$(gzip -9 -c "$out/app.wasm" | wc -c | tr -d ' ')
echo "  app.wasm: $raw raw, $gz gzip"
# Cloudflare's Worker size limit is 64 MiB uncompressed since May 2026 (it
# was 3 MB gzip on the free plan and 10 MB on paid plans before).
if [ "$raw" -gt $((64 << 20)) ]; then
  echo "worker-build: app.wasm exceeds Cloudflare's 64 MiB Worker size limit" >&2
  exit 1
fi
