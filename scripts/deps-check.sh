#!/usr/bin/env bash
# Enforces the import arrows of DESIGN.md: a package imports only from the
# layers above it, the runtime never imports the planner or the parser, only
# engine/sql imports vitess, and nothing under engine/ imports syscall/js.
set -euo pipefail
cd "$(dirname "$0")/.."
mod=github.com/flinkplay/flinkplay

layer() {
  case "$1" in
    engine/types|engine/diag) echo 0 ;;
    engine/sql|engine/catalog|engine/funcs|engine/stream|engine/vfs|engine/format/codec) echo 1 ;;
    engine/expr|engine/cep|engine/connector|engine/connector/*|engine/format|engine/export) echo 2 ;;
    engine/plan|engine/ops) echo 3 ;;
    engine/runtime) echo 4 ;;
    engine) echo 5 ;;
    engine/client) echo 6 ;;
    engine/pyflink) echo 7 ;;
    *) echo 9 ;;
  esac
}

fail=0
for pkg in $(go list ./engine/...); do
  rel=${pkg#$mod/}
  case "$rel" in engine/enginetest|engine/client) continue ;; esac
  mine=$(layer "$rel")
  for dep in $(go list -f '{{join .Imports "\n"}}' "$pkg"); do
    case "$dep" in
      syscall/js) echo "$rel imports syscall/js"; fail=1 ;;
      github.com/dolthub/vitess*) [ "$rel" = engine/sql ] || { echo "$rel imports vitess"; fail=1; } ;;
      $mod/*)
        d=${dep#$mod/}
        theirs=$(layer "$d")
        if [ "$theirs" -ge "$mine" ] && ! { [ "$rel" = engine/connector/"${rel#engine/connector/}" ] && [ "$d" = engine/connector ]; }; then
          echo "$rel (L$mine) imports $d (L$theirs)"; fail=1
        fi
        case "$rel" in engine/ops|engine/runtime|engine/connector*)
          case "$d" in engine/sql|engine/plan) echo "$rel must not import $d"; fail=1 ;; esac ;;
        esac ;;
    esac
  done
done
[ $fail = 0 ] && echo "deps-check: ok"
exit $fail
