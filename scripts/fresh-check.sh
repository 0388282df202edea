#!/usr/bin/env bash
# What a newcomer meets: a clone of the committed tree, an empty Go module
# cache, no node_modules, no .cache and no brotli, then `make run`. This
# builds the page there (make web) and starts the playground's server as
# `make run` does, on a loopback port, and checks that it serves the page
# and both wasm programs. The build cache stays: its entries are keyed by
# content, so it cannot hide a missing download, only save the compiling.
#
# usage: scripts/fresh-check.sh   (make fresh-check; .ci/run runs it)
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
work=$(mktemp -d "${TMPDIR:-/tmp}/flinkplay-fresh-XXXXXX")
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  # Module caches are read-only unless written with -modcacherw.
  chmod -R u+w "$work" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "fresh-check: cloning HEAD into $work/clone"
git clone -q --no-local "$PWD" "$work/clone"
cd "$work/clone"
mkdir -p "$work/gomod"
export GOMODCACHE="$work/gomod" GOFLAGS="${GOFLAGS:+$GOFLAGS }-modcacherw"
# No brotli: the build must fall back to gzip (build-web.sh reads this).
export FLINKPLAY_NO_BROTLI=1

echo "fresh-check: make web with an empty module cache ($GOMODCACHE)"
start=$(date +%s)
make web GO="$GO" > "$work/web.log" 2>&1 || { cat "$work/web.log" >&2; echo "fresh-check: make web failed on a fresh clone" >&2; exit 1; }
echo "fresh-check: make web took $(( $(date +%s) - start )) s"

# make run's server, on a port the system picks (it prints its URL).
"$GO" build -o "$work/flinkplay" ./cmd/flinkplay
"$work/flinkplay" serve --addr 127.0.0.1:0 > "$work/serve.log" 2>&1 &
server_pid=$!
base=
for _ in $(seq 1 100); do
  base=$(sed -n 's|^Serving the Flink SQL Playground on \(http://[^/]*\)/.*|\1|p' "$work/serve.log")
  [ -n "$base" ] && break
  sleep 0.1
done
[ -n "$base" ] || { cat "$work/serve.log" >&2; echo "fresh-check: flinkplay serve did not start" >&2; exit 1; }
for path in / /app.wasm /engine.wasm /editor.js; do
  code=$(curl -s -o "$work/body" -w '%{http_code} %{content_type}' -H 'Accept-Encoding: gzip' "$base$path" || true)
  case "$code" in
    "200 "*) echo "fresh-check: GET $path -> $code, $(wc -c < "$work/body") bytes" ;;
    *) cat "$work/serve.log" >&2; echo "fresh-check: GET $path -> '$code'" >&2; exit 1 ;;
  esac
done
if ls "$work/clone/web/dist/files/"*.br >/dev/null 2>&1; then
  echo "fresh-check: brotli files were written although FLINKPLAY_NO_BROTLI is set" >&2
  exit 1
fi
echo "fresh-check: ok"
