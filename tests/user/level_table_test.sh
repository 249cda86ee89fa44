#!/usr/bin/env bash
# scripts/level-table.sh: from known measurements, the Elo sums, the table and
# the chart it writes, and its clear errors for bad options.
# Usage: level_table_test.sh SOURCE_DIR
set -uo pipefail
script="$1/scripts/level-table.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failures=0
check() {
  local what="$1"
  shift
  if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; failures=$((failures + 1)); fi
}

printf '%s\n' "1 0.001 0.002" "2 0.010 0.020" "3 0.200 0.250" > "$tmp/times.txt"
# Level 1 wins 15 of 20 against level 2 (with the half-point prior 15.5/21:
# +180 Elo); levels 2 and 3 draw all 10 (an even score: 0).
printf '%s\n' "1 20 15 0 5" "2 10 0 10 0" > "$tmp/steps.txt"
"$script" --chart-only --out "$tmp" 2> "$tmp/err"
check "--chart-only succeeds" test $? -eq 0
check "one row a level, Elo summed down from the top" \
  test "$(cut -d' ' -f1-4 "$tmp/levels.dat" | tr '\n' ';')" = "1 0.001 0.002 180;2 0.010 0.020 0;3 0.200 0.250 0;"
check "the top level has no interval, the lower ones a positive one" \
  test "$(awk '$1 == 3 {print $5} $1 < 3 && $5 > 0 {n++} END {print n}' "$tmp/levels.dat" | tr '\n' ' ')" = "0 2 "
check "the table has a row a level" grep -q '^| 1 | 0.001 | 0.002 | +180 |' "$tmp/levels.md"
check "the chart is an SVG" grep -q '<svg' "$tmp/levels.svg"

for args in "--games 0" "--match-games 3" "--top 11" "--bogus"; do
  # shellcheck disable=SC2086
  "$script" $args --out "$tmp/bad" > /dev/null 2> "$tmp/err"
  code=$?
  check "'$args' exits 2 with one error line" test "$code" -eq 2 -a "$(wc -l < "$tmp/err")" -eq 1
done
mkdir -p "$tmp/empty"
"$script" --chart-only --out "$tmp/empty" > /dev/null 2> "$tmp/err"
check "--chart-only without measurements fails with one line" test $? -eq 1 -a "$(wc -l < "$tmp/err")" -eq 1
[ "$failures" -eq 0 ]
