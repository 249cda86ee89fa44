#!/usr/bin/env bash
# Regenerates the summary table at the top of BENCHMARKS.md: builds flank in
# Release (build/) and an earlier version in a git worktree, runs each row's
# command and prints the table in Markdown on stdout (progress on stderr).
#
# Usage: scripts/benchmarks.sh [--base REF] [--games N] [--test-log FILE | --run-tests]
#   --base REF       the earlier version of the strength row (default 088663c,
#                    main on 2026-11-25)
#   --games N        games of the strength match (default 200)
#   --test-log FILE  read the test suite's time from a saved scripts/test.sh output
#   --run-tests      run scripts/test.sh first and read its time (adds about 16 min)
# Every row runs on one search thread unless it says otherwise, so node counts
# are the same on every run; times depend on the machine's load.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
base=088663c
games=200
test_log=""
run_tests=0
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --test-log) test_log=$2; shift 2 ;;
    --run-tests) run_tests=1; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[ -n "$test_log" ] && [ ! -r "$test_log" ] && { echo "error: cannot read '$test_log'" >&2; exit 2; }

say() { echo "benchmarks: $*" >&2; }
started=$SECONDS

if [ "$run_tests" = 1 ]; then
  say "running scripts/test.sh (its output in build/test-run.log)"
  mkdir -p build
  scripts/test.sh > build/test-run.log 2>&1
  test_log=build/test-run.log
else
  say "Release build in build/"
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build --target flank flank-bench flank-referee >/dev/null
fi
bench=build/flank-bench

base_dir="${TMPDIR:-/tmp}/flank-benchmarks-base-$(git rev-parse --short "$base")"
if [ ! -x "$base_dir/build/flank" ]; then
  say "building the earlier version $base in $base_dir"
  [ -d "$base_dir" ] || git worktree add --detach "$base_dir" "$base" >/dev/null 2>&1
  cmake -S "$base_dir" -B "$base_dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$base_dir/build" --target flank >/dev/null
fi

rows=()
row() { rows+=("| $1 | $2 | \`$3\` |"); }
# The number of the first field of a line that matches a pattern.
grab() { grep -m1 -oE "$1" | grep -oE '[0-9][0-9.,]*' | head -1; }
thousands() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }

say "perft"
for args in "--depth 11 --last-only" "--depth 8 --size 16 --last-only" "--depth 8 --size 10x6 --last-only"; do
  out=$($bench perft $args)
  leaves=$(echo "$out" | tail -2 | head -1 | awk '{print $2}')
  speed=$(echo "$out" | tail -1 | grab '[0-9.]+ million leaves/s')
  shape=$(echo "$out" | tail -1 | grep -oE 'size [0-9x]+ depth [0-9]+')
  row "perft, ${shape#size }" "$(thousands "$leaves") leaves, $speed million leaves/s" "flank-bench perft $args"
done

say "FFO endgame"
for spec in "20-23|#40-#44" "20-26|#40-#49"; do
  empties=${spec%|*}; name=${spec#*|}
  args="tests/data/ffo40-49.txt --empties $empties --threads 1"
  total=$($bench endgame $args | grep -m1 '^total')
  wrong=$(echo "$total" | grab '[0-9]+ wrong')
  nodes=$(echo "$total" | grab '[0-9]+ nodes')
  cpu=$(echo "$total" | grab '[0-9.]+ cpu s,')
  row "FFO endgame $name, exact, 1 thread" "$wrong wrong, $(thousands "$nodes") nodes, $cpu CPU s" \
    "flank-bench endgame $args"
done
args="tests/data/ffo40-49.txt --empties 20-26 --threads 2"
total=$($bench endgame $args | grep -m1 '^total')
row "FFO endgame #40-#49, exact, 2 threads" \
  "$(echo "$total" | grab '[0-9]+ wrong') wrong, $(echo "$total" | grab '[0-9.]+ s,') s wall, $(echo "$total" | grab '[0-9.]+ cpu s,') CPU s" \
  "flank-bench endgame $args"

say "midgame"
for args in "-n 20 --depth 10 --threads 1" "-n 10 -l 5 --threads 1"; do
  total=$($bench midgame $args | grep -m1 '^total')
  row "midgame, $(echo "$args" | sed -e 's/-n \([0-9]*\)/\1 positions,/' -e 's/--depth \([0-9]*\)/depth \1/' \
    -e 's/-l \([0-9]*\)/level \1/' -e 's/ --threads 1//')" \
    "$(thousands "$(echo "$total" | grab '[0-9]+ nodes')") nodes, $(echo "$total" | grab '[0-9.]+ cpu s') CPU s" \
    "flank-bench midgame $args"
done

say "board sizes"
speeds=""
for n in 10 12 14 16 18 20 22 24 26; do
  total=$($bench sizes --size "$n" -d 4 -n 3 | grep -m1 '^total')
  rate=$(echo "$total" | grab '[0-9]+ nodes/cpu s' | awk '{printf "%.1f M", $1 / 1e6}')
  speeds+="${speeds:+, }${n}x${n} $rate"
done
row "every size 10x10-26x26, depth 4, nodes/CPU s" "$speeds" "flank-bench sizes --size N -d 4 -n 3"
for n in 10 16; do
  line=$($bench sizes --size "$n" --games 1 | grep "^${n}x${n} level")
  moves=$(echo "$line" | grab '[0-9]+ moves')
  row "whole game ${n}x${n}, default level" \
    "$moves moves, CPU s a move: median $(echo "$line" | grab 'median [0-9.]+'), max $(echo "$line" | grab 'max [0-9.]+')" \
    "flank-bench sizes --size $n --games 1"
done
args="--size 6 --plies 0 -n 1 --solve"
solve=$($bench sizes $args | grep -m1 '^1 ')
row "6x6 solved from the start" \
  "move $(echo "$solve" | awk '{print $2 ", score " $4}'), $(thousands "$(echo "$solve" | awk '{print $6}')") nodes, $(echo "$solve" | awk '{print $8}') CPU s" \
  "flank-bench sizes $args"

say "strength: $games games against $base"
cmd=(build/flank-referee --black "build/flank --level 3 --threads 1"
     --white "$base_dir/build/flank --level 3 --threads 1"
     --black-name today --white-name "$base" --games "$games" --jobs 2)
elo=$("${cmd[@]}" 2>/dev/null | grep -m1 '^Elo difference' | sed 's/^Elo difference [^:]*: //')
row "strength, level 3 against $base ($(git log -1 --format=%ad --date=short "$base")), $games XOT games" \
  "$elo Elo" "flank-referee --black 'flank -l 3 --threads 1' --white 'BASE/flank -l 3 --threads 1' --games $games --jobs 2"

# Without --test-log, the log of the last --run-tests if there is one.
[ -z "$test_log" ] && [ -r build/test-run.log ] && test_log=build/test-run.log
if [ -n "$test_log" ]; then
  seconds=$(grep -m1 -oE '== all passed \([0-9]+ s' "$test_log" | grep -oE '[0-9]+$' || true)
  row "test suite (scripts/test.sh, 2 cores)" "${seconds:+$seconds s}${seconds:-did not pass}" "scripts/test.sh"
else
  row "test suite (scripts/test.sh, 2 cores)" "not measured (--run-tests)" "scripts/test.sh"
fi

echo "Measured $(date -u '+%Y-%m-%d %H:%M') UTC at $(git rev-parse --short HEAD), $(nproc) cores," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); $((SECONDS - started)) s for the whole script."
echo
echo "| figure | today | command |"
echo "| --- | --- | --- |"
printf '%s\n' "${rows[@]}"
