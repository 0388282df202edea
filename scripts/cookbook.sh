#!/usr/bin/env bash
# Runs the recipes of the Flink SQL Cookbook (github.com/ververica/
# flink-sql-cookbook) through the CLI as a reader would: the ```sql blocks
# of each recipe's "Script" section (of the whole recipe when it has none),
# in order, as one script, for a few seconds each (most
# recipes stream forever). A recipe passes when no statement fails.
# Usage: scripts/cookbook.sh COOKBOOK_DIR [seconds]
# The Cookbook is not part of this repository; clone or fetch it first.
set -uo pipefail
cd "$(dirname "$0")/.."
book=${1:?usage: scripts/cookbook.sh COOKBOOK_DIR [seconds]}
secs=${2:-15}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/flinkplay" ./cmd/flinkplay || exit 1
export FLINKPLAY_FAKER_DATA="${FLINKPLAY_FAKER_DATA:-$PWD/.cache/fakerdata/json}"
[ -d "$FLINKPLAY_FAKER_DATA" ] || make faker-data >/dev/null

pass=0 total=0
printf '%-58s %-6s %s\n' recipe result "first error"
for md in $(cd "$book" && ls -d */[0-9]*/*.md | sort); do
  name=${md%.md}
  script="$tmp/$(echo "$name" | tr / _).sql"
  # The recipe's "## Script" section when it has one (explanations before
  # it quote fragments of the script in ```sql blocks of their own).
  from='^## Script'
  grep -q "$from" "$book/$md" || from='^'
  awk -v from="$from" '$0 ~ from { go = 1 } !go { next } /^```sql/ { on = 1; next } /^```/ { on = 0 } on' "$book/$md" > "$script"
  [ -s "$script" ] || continue
  total=$((total + 1))
  out="$script.out"
  timeout "$secs" "$tmp/flinkplay" sql -f "$script" > "$out" 2>&1
  err=$(grep -m1 -A1 '^\[ERROR\]' "$out" | tail -1 | cut -c1-110)
  if [ -z "$err" ]; then
    pass=$((pass + 1))
    printf '%-58s %-6s\n' "$name" ok
  else
    printf '%-58s %-6s %s\n' "$name" FAILED "$err"
  fi
done
echo
echo "$pass of $total recipes ran without an error for ${secs}s (or to their end)"
