#!/usr/bin/env bash
# Measures flank's 8x8 playing levels and draws their chart. For each level:
# the CPU seconds a move over whole games of the level against itself
# (flank-bench sizes --games, median and 95th percentile), and its Elo against
# level 10, from a match of each level against the next one up (flank-referee,
# XOT openings, colours alternating, one thread each) summed down from level 10.
# Keeps the measurements in OUT/times.txt ("level median p95") and
# OUT/steps.txt ("level games wins draws losses" of each level against the next)
# and writes from them OUT/levels.dat (one row per level), OUT/levels.md (the
# table of docs/search.md) and OUT/levels.svg (gnuplot).
# Usage: scripts/level-table.sh [--games N] [--match-games M] [--top L] [--out DIR] [--chart-only]
#   --games N        whole games per level for the times (default 4)
#   --match-games M  games per match of neighbouring levels (default 40)
#   --top L          measure levels 1..L only (default 10), for a quick run
#   --out DIR        where the files go (default docs/levels)
#   --chart-only     measure nothing: redo the table and chart from OUT's files
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

games=4 match_games=40 top=10 out=docs/levels chart_only=no
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games="$2"; shift 2 ;;
    --match-games) match_games="$2"; shift 2 ;;
    --top) top="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --chart-only) chart_only=yes; shift ;;
    -h | --help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "level-table.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for n in "$games" "$match_games" "$top"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "level-table.sh: '$n' is not a positive count" >&2; exit 2; }
done
[ "$top" -ge 2 ] && [ "$top" -le 10 ] || { echo "level-table.sh: --top must be 2..10" >&2; exit 2; }
[ $((match_games % 2)) -eq 0 ] || { echo "level-table.sh: --match-games must be even (colours alternate)" >&2; exit 2; }

# Times: "8x8 level L: M moves, cpu s per move: median A, 95th percentile B, ..."
# into OUT/times.txt; then matches of neighbouring levels (wins, draws and
# losses of the lower level) into OUT/steps.txt.
measure() {
  scripts/setup.sh > /dev/null 2>&1 || scripts/setup.sh
  : > "$work/times"
  : > "$work/steps"
  local level line median p95 up row n w d l
  for level in $(seq 1 "$top"); do
    line="$(build/flank-bench sizes --size 8 --level "$level" --games "$games" | tail -1)"
    median="$(sed -n 's/.*median \([0-9.]*\),.*/\1/p' <<<"$line")"
    p95="$(sed -n 's/.*95th percentile \([0-9.]*\),.*/\1/p' <<<"$line")"
    [ -n "$median" ] && [ -n "$p95" ] || { echo "level-table.sh: no times in: $line" >&2; exit 1; }
    echo "$level $median $p95" >> "$work/times"
    echo "level $level: median $median s, 95th percentile $p95 s a move" >&2
  done
  for level in $(seq 1 $((top - 1))); do
    up=$((level + 1))
    build/flank-referee --black "build/flank --level $level --threads 1" \
      --white "build/flank --level $up --threads 1" --black-name "level$level" \
      --white-name "level$up" --games "$match_games" --seed "$level" > "$work/match" 2>&1
    row="$(grep -E "^level$level " "$work/match")" ||
      { echo "level-table.sh: the match of level $level failed:" >&2; tail -3 "$work/match" >&2; exit 1; }
    read -r _ n w d l _ <<<"$row"
    echo "$level $n $w $d $l" >> "$work/steps"
    echo "level $level against $up: +$w =$d -$l" >&2
  done
  cp "$work/times" "$out/times.txt"
  cp "$work/steps" "$out/steps.txt"
}

need_packages gnuplot-nox
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ "$chart_only" = yes ]; then
  for f in times.txt steps.txt; do
    [ -s "$out/$f" ] || { echo "level-table.sh: no measurements in $out/$f" >&2; exit 1; }
  done
  top="$(awk 'END {print $1}' "$out/times.txt")"
else
  measure
fi

# Elo of each step from the score, with half a point of prior on each side
# so that a match won or lost outright still has a finite difference; its 95%
# interval from the games' spread. Levels' Elo against the top are the sums of
# the steps above them, the intervals' half-widths added in quadrature.
awk -v top="$top" '
  function elo(s) { return -400 * log(1 / s - 1) / log(10) }
  FNR == NR { median[$1] = $2; p95[$1] = $3; next }
  {
    n = $2; w = $3; d = $4; l = $5
    s = (w + 0.5 * d + 0.5) / (n + 1)
    var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
    se = sqrt(var / n); if (se < 0.5 / (n + 1)) se = 0.5 / (n + 1)
    lo = s - 1.96 * se; hi = s + 1.96 * se
    if (lo < 0.5 / (n + 1)) lo = 0.5 / (n + 1)
    if (hi > 1 - 0.5 / (n + 1)) hi = 1 - 0.5 / (n + 1)
    step[$1] = elo(s); half[$1] = (elo(hi) - elo(lo)) / 2
  }
  END {
    total = 0; var = 0
    printf "%d %s %s %.0f %.0f\n", top, median[top], p95[top], 0, 0 > "/dev/stdout"
    for (level = top - 1; level >= 1; --level) {
      total += step[level]; var += half[level] ^ 2
      printf "%d %s %s %.0f %.0f\n", level, median[level], p95[level], total, sqrt(var)
    }
  }' "$out/times.txt" "$out/steps.txt" | sort -n > "$out/levels.dat"

{
  echo "| level | s a move, median | 95th percentile | Elo against level $top | ± (95%) |"
  echo "| --- | --- | --- | --- | --- |"
  awk '{printf "| %d | %s | %s | %+d | %d |\n", $1, $2, $3, $4, $5}' "$out/levels.dat"
} > "$out/levels.md"

gnuplot <<EOF
set terminal svg size 720,420 font "sans,12"
set output "$out/levels.svg"
set title "flank's 8x8 levels: strength and time (one core)"
set xlabel "level"
set ylabel "Elo against level $top"
set y2label "CPU seconds a move (median)"
set logscale y2
set ytics nomirror
set y2tics
set format y2 "%g"
set xtics 1
set key right bottom
set grid
plot "$out/levels.dat" using 1:4:5 with yerrorlines lw 2 title "Elo (95% interval)", \
     "$out/levels.dat" using 1:(\$2 > 0 ? \$2 : 0.00005) axes x1y2 with linespoints dt 2 title "seconds a move"
EOF
echo "wrote $out/levels.dat, $out/levels.md and $out/levels.svg" >&2
