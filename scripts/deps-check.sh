#!/usr/bin/env bash
# Enforces the import rules of docs/architecture.md over the whole tree:
#
#  1. Inside engine/, a package imports only from the layers above its own.
#  2. Only engine/sql imports vitess; nothing under engine/ imports
#     syscall/js; the operators, the runtime and the connectors never
#     import the parser or the planner.
#  3. A host (the CLI, the page's engine worker, the Cloudflare Worker, the
#     page) imports the engine only through its facade and the vocabulary
#     its API speaks, never the planner, the operators, the runtime or a
#     connector's internals.
#  4. A host never imports another host's packages; what two hosts share
#     lives in a shared package (the protocol and its specs, the built
#     page and its static server).
#
# Packages are listed natively and for GOOS=js GOARCH=wasm, since the
# browser's programs build only there. Each failure names the rule broken.
set -euo pipefail
cd "$(dirname "$0")/.."
mod=github.com/flinkplay/flinkplay

layer() {
  case "$1" in
    engine/types|engine/diag) echo 0 ;;
    engine/sql|engine/catalog|engine/funcs|engine/stream|engine/vfs) echo 1 ;;
    engine/format/codec) echo 2 ;;
    engine/expr|engine/cep|engine/connector|engine/connector/*|engine/format|engine/export) echo 3 ;;
    engine/library) echo 4 ;;
    engine/plan|engine/ops) echo 5 ;;
    engine/runtime) echo 6 ;;
    engine/physical|engine/ddl) echo 7 ;;
    engine) echo 8 ;;
    engine/client) echo 9 ;;
    engine/pyflink) echo 10 ;;
    *) echo 11 ;;
  esac
}

# host names the program a package belongs to; shared packages, the
# engine and the test runner belong to none.
host() {
  case "$1" in
    wasm/engine/protocol|wasm/engine/protocol/*|web/dist|web/server) echo "" ;;
    cmd/*) echo cli ;;
    wasm/engine|wasm/engine/*) echo engine-worker ;;
    wasm/worker|wasm/worker/*) echo cloudflare-worker ;;
    wasm/app|web/*) echo page ;;
    scripts/*) echo scripts ;;
    *) echo "" ;;
  esac
}

# facade: what a host may import from engine/.
facade() {
  case "$1" in
    engine|engine/client|engine/pyflink|engine/export) return 0 ;;
    engine/types|engine/diag|engine/stream|engine/sql|engine/catalog|engine/connector|engine/vfs|engine/format|engine/funcs) return 0 ;;
  esac
  return 1
}

imports() {
  { go list -f '{{.ImportPath}} {{join .Imports " "}}' ./...
    GOOS=js GOARCH=wasm go list -f '{{.ImportPath}} {{join .Imports " "}}' ./... ; } 2>/dev/null |
    awk '{ for (i = 2; i <= NF; i++) print $1, $i }' | sort -u
}

fail=0
broke() { echo "deps-check: $*"; fail=1; }
while read -r pkg dep; do
  rel=${pkg#$mod/}
  [ "$rel" = engine/enginetest ] && continue
  case "$rel" in
    engine|engine/*)
      case "$dep" in
        syscall/js) broke "$rel imports syscall/js: nothing under engine/ may (rule 2)" ;;
        github.com/dolthub/vitess*) [ "$rel" = engine/sql ] || broke "$rel imports vitess: only engine/sql may (rule 2)" ;;
      esac
      case "$dep" in $mod/*) ;; *) continue ;; esac
      d=${dep#$mod/}
      case "$d" in
        engine|engine/*) ;;
        *) broke "$rel imports $d: the engine imports no host (rule 1)"; continue ;;
      esac
      mine=$(layer "$rel")
      theirs=$(layer "$d")
      if [ "$theirs" -ge "$mine" ] && ! { [ "$rel" != "${rel#engine/connector/}" ] && [ "$d" = engine/connector ]; }; then
        broke "$rel (layer $mine) imports $d (layer $theirs): a package imports only from the layers above it (rule 1)"
      fi
      case "$rel" in engine/ops|engine/runtime|engine/connector*)
        case "$d" in engine/sql|engine/plan) broke "$rel imports $d: the runtime does not know the parser or the planner (rule 2)" ;; esac ;;
      esac
      ;;
    *)
      case "$dep" in $mod/*) ;; *) continue ;; esac
      d=${dep#$mod/}
      mine=$(host "$rel")
      case "$d" in
        engine/enginetest) broke "$rel imports engine/enginetest: only tests use the test runner (rule 3)" ;;
        engine|engine/*) facade "$d" || broke "$rel imports $d: a host uses the engine through its facade (engine, engine/client, engine/pyflink, engine/export) and the vocabulary its API speaks (rule 3)" ;;
        *)
          theirs=$(host "$d")
          if [ -n "$theirs" ] && [ "$theirs" != "$mine" ]; then
            broke "$rel ($mine) imports $d ($theirs): hosts share code only through shared packages (wasm/engine/protocol, web/dist, web/server) (rule 4)"
          fi
          if [ -z "$mine" ] && [ -n "$theirs" ]; then
            broke "$rel (shared) imports $d ($theirs): a shared package imports no host (rule 4)"
          fi ;;
      esac
      ;;
  esac
done < <(imports)
[ $fail = 0 ] && echo "deps-check: ok"
exit $fail
