#!/usr/bin/env bash
# flank-bench from the command line: counts on stdout, bad options get one
# error line on stderr and a non-zero exit.
set -u
bench="$1"
fail=0
check() {  # check NAME CONDITION...
  local name="$1"; shift
  if "$@"; then echo "ok: $name"; else echo "FAIL: $name"; fail=1; fi
}

suite="$(dirname "$0")/../data/ffo1-79.txt"
out="$("$bench" perft --depth 4)"
check "perft prints one line per depth" test "$(echo "$out" | head -4 | tr '\n' ' ')" = "1 4 2 12 3 56 4 244 "
check "perft reports its speed" grep -q "million leaves/s" <<<"$out"
out="$("$bench" perft --depth 5 --size 6 --last-only)"
check "6x6 depth 5 alone" test "$(echo "$out" | head -1)" = "5 1364"
check "--help explains perft" bash -c "'$bench' perft --help | grep -q 'a finished game is one leaf'"
check "top-level --help lists perft" bash -c "'$bench' --help | grep -q perft"

out="$("$bench" sizes --size 10 -d 2 -n 2)"
check "sizes searches the positions asked for" grep -q "^total: 2 positions" <<<"$out"
out="$("$bench" sizes --size 4 --plies 0 -n 1 --solve)"
check "sizes --solve solves 4x4 from the start: -10 for black" grep -q "^1 .* 12  *-10 " <<<"$out"
check "one position is counted in the singular" grep -q "^total: 1 position, " <<<"$out"
out="$("$bench" sizes --size 6 --games 2 --level 1)"
check "sizes --games plays whole games" test "$(grep -c '^game [12]: ' <<<"$out")" = 2
check "sizes --games reports the median and 95th percentile per move" \
  grep -qE "^6x6 level 1: [0-9]+ moves, cpu s per move: median [0-9.]+, 95th percentile [0-9.]+," <<<"$out"
check "sizes --games ends on the whole games' line" \
  grep -qE "^6x6 level 1: " <<<"$(tail -1 <<<"$out")"
# 6x6: 32 empties after the start, bands of 5; the last move is played at 1 empty.
check "sizes --games breaks the times down by bands of empties, first and last" \
  grep -qE "^32-28 empties: [0-9]+ moves, cpu s per move: median [0-9.]+," <<<"$out"
check "sizes --games ends its bands with the last moves" grep -qE "^2-1 empties: [0-9]+ moves" <<<"$out"

# f5 d6 played from the start, written out by hand as board text.
after_f5d6="------------------------ ---OX--- ---OXX-- ---O---- ---------------- X"
by_moves="$("$bench" perft --depth 3 --moves f5d6 | head -3)"
by_text="$("$bench" perft --depth 3 --position "$after_f5d6" | head -3)"
check "--moves and --position give the same tree" test "$by_moves" = "$by_text"
check "after f5 d6 black has 5 moves (c3 c4 c5 c6 c7)" test "$(echo "$by_text" | head -1)" = "1 5"
for args in "perft --depth x" "perft" "perft --depth 3 --size 7" "perft --depth 3 --size 28" \
            "perft --depth 0" "perft --bogus" "perft stray --depth 1" "nosuchcommand" "perft -d 2 --moves f5f5" \
            "perft -d 2 --moves f5q9" "perft -d 2 --position XOXO" "perft -d 2 --position ZZZ_X" \
            "endgame $suite --threads 0" "midgame --threads 257" "midgame --threads x" \
            "sizes --size 7" "sizes --size 28" "sizes --level 11" "sizes --plies 999 --size 10" \
            "midgame --mpc /nonexistent.mpc" "midgame --mpc $0" "midgame --eval /nonexistent.bin" \
            "midgame --eval $0" "endgame $suite --eval bogus" \
            "midgame --mpc on --mpc-confidence -0.5" "midgame --mpc off --mpc-confidence 1" \
            "midgame --eval hand --net off" "endgame $suite --eval hand --net on" \
            "endgame $suite --depth 61" "endgame $suite --depth 2 --wld" "endgame $suite --empties 30-20" \
            "endgame $suite --empties 61" "endgame $suite --empties 20-30x" \
            "endgame $suite --empties 2x" "endgame $suite --empties -3" \
            "endgame $suite --seconds -1" "endgame $suite --seconds 0.1 --depth 2" \
            "endgame $suite --seconds 0.1 --wld" "endgame $suite --seconds x"; do
  err="$("$bench" $args 2>&1 >/dev/null)"
  status=$?
  check "'$args' exits non-zero" test "$status" -ne 0
  check "'$args' gives one error line" test "$(printf '%s\n' "$err" | wc -l)" -eq 1
done
# refused_with PATTERN WHAT ARGS...: exit 2 and one error line matching PATTERN.
# The timeout turns a hang into a failure.
refused_with() {
  local pattern="$1" what="$2" err status
  shift 2
  err="$(timeout 20 "$bench" "$@" 2>&1 >/dev/null)"
  status=$?
  check "'$*' exits 2" test "$status" -eq 2
  check "'$*' $what" test "$(printf '%s\n' "$err" | grep -c "$pattern")" -eq 1 -a \
    "$(printf '%s\n' "$err" | wc -l)" -eq 1
}
# Negative counts are refused, not wrapped round to huge ones: --nodes -1
# searched without end.
for args in "midgame -n 1 -l 1 --threads 1 --nodes -1" "midgame -n 1 --hash -1" \
            "sizes --plies -5" "sizes --plies -1" "sizes --size 4 -n 1 -d 1 --seed -1"; do
  refused_with '^error: --[a-z]* must not be negative' "says it must not be negative" $args
done
# An option error points at the sub-command's own --help.
refused_with "^error: unrecognised option '--bogus' (try flank-bench midgame --help)$" \
  "names 'flank-bench midgame --help'" midgame --bogus
# A directory given as a file is named as one.
for args in "endgame /" "midgame --openings /"; do
  refused_with '^error: /: is a directory, not an* [a-z]* file' "says / is a directory" $args
done
# A table larger than the memory allowed (1 GB of address space here, so that
# nothing real is used) is one clear error; skipped where even a small table
# does not fit under the limit (sanitizer builds).
if (ulimit -v 1048576 && "$bench" midgame -n 1 -d 1 --hash 4 >/dev/null 2>&1); then
  err="$( (ulimit -v 1048576 && "$bench" midgame -n 1 -d 1 --hash 2048) 2>&1 >/dev/null)"
  check "--hash beyond the memory says so" test "$err" = "error: --hash 2048: cannot allocate 2048 MB (try a smaller --hash)"
fi
# Two threads: the endgame answers are still checked (exit 0 only when all are right),
# and the main thread's share of the nodes is reported.
ffo40="$(mktemp)"
grep '^40 ' "$(dirname "$0")/../data/ffo40-49.txt" >"$ffo40"
out="$("$bench" endgame "$ffo40" --threads 2)"
check "endgame --threads 2 solves FFO #40" test $? -eq 0
check "endgame --threads 2 reports the main thread" grep -q "main thread:" <<<"$out"
rm -f "$ffo40"
# Multi-ProbCut from a statistics file: the shipped one gives the same nodes as "on".
shipped="$(dirname "$0")/../../data/mpc-stats.bin"
on="$("$bench" midgame -n 2 -d 6 --threads 1 --mpc on | grep '^total:' | cut -d, -f1,2)"
file="$("$bench" midgame -n 2 -d 6 --threads 1 --mpc "$shipped" | grep '^total:' | cut -d, -f1,2)"
off="$("$bench" midgame -n 2 -d 6 --threads 1 --mpc off | grep '^total:' | cut -d, -f1,2)"
check "--mpc FILE searches as --mpc on with the shipped file" test -n "$on" -a "$on" = "$file"
check "--mpc off searches more nodes" test "$(awk '{print $4}' <<<"$off")" -gt "$(awk '{print $4}' <<<"$on")"
# --mpc-confidence: the level's (level 5: 1.2, as timed play) when 0, fewer cuts and more nodes when higher.
at12="$("$bench" midgame -n 2 -d 6 --threads 1 --mpc on --mpc-confidence 1.2 | grep '^total:' | cut -d, -f1,2)"
at3="$("$bench" midgame -n 2 -d 6 --threads 1 --mpc on --mpc-confidence 3 | grep '^total:' | cut -d, -f1,2)"
check "--mpc-confidence 1.2 searches as level 5's default" test -n "$at12" -a "$at12" = "$on"
check "--mpc-confidence 3 searches more nodes than 1.2" test "$(awk '{print $4}' <<<"$at3")" -gt "$(awk '{print $4}' <<<"$on")"
# --eval FILE: the shipped weights from their file search exactly as "pattern"
# (the default, so as the --mpc off run above); the hand evaluation (another
# evaluation) searches other nodes.
weights="$(dirname "$0")/../../data/pattern-weights.bin"
pattern="$off"
from_file="$("$bench" midgame -n 2 -d 6 --threads 1 --eval "$weights" | grep '^total:' | cut -d, -f1,2)"
hand="$("$bench" midgame -n 2 -d 6 --threads 1 --eval hand | grep '^total:' | cut -d, -f1,2)"
check "--eval FILE with the shipped weights searches as --eval pattern" test -n "$pattern" -a "$pattern" = "$from_file"
check "--eval hand searches other nodes" test -n "$hand" -a "$hand" != "$pattern"
# --depth: a search's error against the file's exact scores, on the positions
# --empties keeps (FFO #1-#79 has 44 with 20-30 empties); a deeper search is
# nearer the exact scores than a 2-ply one.
shallow="$("$bench" endgame "$suite" --depth 2 --empties 20-30 --threads 1)"
check "--depth exits 0 though its scores are not exact" test $? -eq 0
deep="$("$bench" endgame "$suite" --depth 8 --empties 20-30 --threads 1)"
error_of() { sed -n 's/^depth [0-9]*: 44 positions, mean absolute error \([0-9.]*\) discs.*/\1/p' <<<"$1"; }
check "--empties 20-30 keeps FFO's 44 positions" test -n "$(error_of "$shallow")" -a -n "$(error_of "$deep")"
check "depth 8 is nearer the exact scores than depth 2" \
  awk -v a="$(error_of "$deep")" -v b="$(error_of "$shallow")" 'BEGIN { exit !(a < b) }'
# Each row's "off" column is its score minus the file's exact score, and the
# depth line's error is their mean absolute value; no row is called wrong.
rows_agree() {
  awk 'NR == FNR { if ($1 !~ /^#/) exact[$1] = $5; next }
       $1 in exact { n++; if ($4 - 0 != $3 - exact[$1]) bad++; total += ($4 < 0 ? -$4 : $4) }
       END { exit !(n == 44 && !bad && sprintf("%.2f", total / n) == mae) }' \
    mae="$(error_of "$shallow")" "$suite" <(awk '$1 ~ /^[0-9]+$/ { print $1, $2, $3, $5 }' <<<"$shallow")
}
check "--depth's rows say how far each score is from the exact one" rows_agree
check "--depth's total counts nothing wrong" grep -q "^total: 44 positions, [0-9]* nodes" <<<"$shallow"
check "--empties 40-60 keeps none of FFO #1-#79" grep -q "^total: 0 positions" \
  <<<"$("$bench" endgame "$suite" --depth 2 --empties 40-60 --threads 1)"
# One count N is N-N: the file's own count of positions with 20 empty cells.
twenty="$(awk '$1 ~ /^[0-9]+$/ && gsub(/-/, "-", $2) == 20' "$suite" | wc -l)"
check "--empties 20 keeps the $twenty positions with 20 empties, as 20-20 does" \
  test "$twenty" -gt 0 -a \
  "$("$bench" endgame "$suite" --depth 2 --empties 20 --threads 1 | grep -c '^total: '"$twenty"' positions')" -eq 1 -a \
  "$("$bench" endgame "$suite" --depth 2 --empties 20-20 --threads 1 | grep -c '^total: '"$twenty"' positions')" -eq 1
# --seconds: each position searched as genmove at that time; a row the search
# proved (exact) must carry the file's published score, and every row says
# how sure its score is.
timed="$("$bench" endgame "$suite" --seconds 0.05 --empties 14-26 --threads 1)"
check "--seconds exits 0" test $? -eq 0
rows="$(grep -cE '^[0-9]+ ' <<<"$timed")"
check "--seconds sums up its positions (FFO's 51 with 14-26 empties)" \
  grep -qE "^0.05 s: 51 positions, mean absolute error [0-9.]+ discs, [0-9]+ best moves$" <<<"$timed"
check "--seconds rows say exact, to the end or estimate" \
  test "$(grep -cE '^[0-9]+ .*(exact|to the end|estimate)$' <<<"$timed")" = 51 -a "$rows" = 51
check "--seconds: some rows proven (14-16 empties), some not (24-26)" \
  bash -c "grep -qE ' exact$' <<<\"\$1\" && grep -qE '(to the end|estimate)$' <<<\"\$1\"" _ "$timed"
check "--seconds: every proven row has the published score" \
  bash -c "! grep -E ' exact$' <<<\"\$1\" | awk '\$5 != \"+0\"' | grep -q ." _ "$timed"
exit $fail
