#!/usr/bin/env bash
# The command line: --help, --version, --size, --unicode, and bad options
# (one line on stderr starting "error:", exit status 2).
set -uo pipefail
flank="$1"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

out="$("$flank" --help)" || fail "--help exit status $?"
for opt in --level --size --hash --threads --time --random --seed --unicode --mpc-confidence --net --ponder --help --version; do
  grep -q -- "$opt" <<<"$out" || fail "--help does not mention $opt"
done
out="$("$flank" --version)" && [[ "$out" == flank\ * ]] || fail "--version printed '$out'"

bad() {
  local err status
  err="$("$flank" "$@" </dev/null 2>&1 >/dev/null)"
  status=$?
  [ "$status" -eq 2 ] || fail "$* exited $status, expected 2"
  [ "$(wc -l <<<"$err")" -eq 1 ] && [[ "$err" == error:* ]] || fail "$*: stderr was '$err'"
}
bad --bogus
bad --size 7
bad --size 28
bad --size x
bad --level 0
bad --level 11
bad --level maxi
bad --hash 0
# Boost reads -1 as a huge unsigned number: the unsigned options refuse negatives.
for opt in --hash --seed; do
  bad "$opt" -1
  err="$("$flank" "$opt" -1 </dev/null 2>&1 >/dev/null)"
  [[ "$err" == "error: $opt must not be negative"* ]] || fail "$opt -1: '$err'"
done
bad --threads 0
bad --threads 257
bad --threads two
bad --time -1
bad --random -2
# Boost reads nan and inf as numbers: every floating-point option refuses them.
for value in nan inf -inf; do
  for opt in --time --random --book-random --mpc-confidence; do
    bad "$opt" "$value"
    err="$("$flank" "$opt" "$value" </dev/null 2>&1 >/dev/null)"
    [[ "$err" == "error: $opt must be a finite number, not '$value'"* ]] || fail "$opt $value: '$err'"
  done
done
bad --level
bad --ponder --nboard
bad stray_argument
bad --eval nonsense
bad --mpc-confidence -1
bad --mpc-confidence 11
bad --mpc-confidence x
bad --mpc off --mpc-confidence 1.2
bad --eval hand --weights "$(dirname "$0")/../../data/pattern-weights.bin"
bad --weights /nonexistent/weights.bin
tmp_weights="$(mktemp)"
tmp_status="$(mktemp)"
head -c 1000 "$(dirname "$0")/../../data/pattern-weights.bin" >"$tmp_weights"
bad --weights "$tmp_weights"   # truncated
printf 'not a weights file at all' >"$tmp_weights"
bad --weights "$tmp_weights"   # corrupt
err="$("$flank" --weights "$tmp_weights" </dev/null 2>&1 >/dev/null)"
grep -qF "$tmp_weights" <<<"$err" || fail "the weights error names the file: '$err'"
# The residual net: bad files, the hand evaluation with it; the shipped pair as files.
# (A net of other weights: tests/train/wthor_e2e.py.)
data="$(dirname "$0")/../../data"
bad --net /nonexistent/net.bin
head -c 1000 "$data/pattern-net.bin" >"$tmp_weights"
bad --net "$tmp_weights"   # truncated
bad --eval hand --net off
err="$("$flank" --weights "$data/pattern-weights.bin" --net "$data/pattern-net.bin" </dev/null 2>&1)" || fail "the shipped weights and net given as files: '$err'"
printf 'clear_board\n' | "$flank" --net off >/dev/null || fail "--net off exit status $?"
rm -f "$tmp_weights"
# A directory given as a file is named as one, not read as an empty or broken file.
tmp_dir="$(mktemp -d)"
for opt in --book --weights --size-weights --mpc --net; do
  bad "$opt" "$tmp_dir"
  err="$("$flank" "$opt" "$tmp_dir" </dev/null 2>&1 >/dev/null)"
  [[ "$err" == "error: $tmp_dir: is a directory, not a"*" file" ]] || fail "$opt DIR: '$err'"
done
rmdir "$tmp_dir"

# A table the machine cannot hold, within --hash's range: one line naming the
# size, status 2. A 1 GB address-space limit makes --hash 2048 fail without
# touching memory; builds that need more address space to start at all
# (sanitizers) skip this.
if reply="$( (ulimit -v 1048576 && echo name | "$flank" --hash 4) 2>/dev/null)" && [ "$reply" = "= flank" ]; then
  err="$( (ulimit -v 1048576 && "$flank" --hash 2048 </dev/null) 2>&1 >/dev/null)"
  status=$?
  [ "$status" -eq 2 ] || fail "--hash 2048 under a 1 GB limit exited $status, expected 2"
  [ "$err" = "error: --hash 2048: cannot allocate 2048 MB (try a smaller --hash)" ] || fail "--hash 2048 under a 1 GB limit: '$err'"
else
  echo "skipped: flank does not start under a 1 GB address-space limit"
fi

reply="$(printf 'gogui-rules_board_size\nflank-level\n' | "$flank" --size 10 --level 3)"
[ "$reply" = $'= 10\n\n= 3' ] || fail "--size 10 --level 3 gave '$reply'"
reply="$(printf 'flank-threads\n' | "$flank" --threads 3)"
[ "$reply" = "= 3" ] || fail "--threads 3 gave '$reply'"
reply="$(printf 'flank-threads\n' | "$flank")"
[ "$reply" = "= $(getconf _NPROCESSORS_ONLN)" ] || fail "default threads '$reply', expected every core"
reply="$(printf 'flank-level\n' | "$flank" --level MAX)"
[ "$reply" = "= max" ] || fail "--level MAX gave '$reply'"
reply="$(printf 'flank-level\n' | "$flank" --time 0.05)"
[ "$reply" = "= max" ] || fail "--time without --level: level '$reply', expected max"
reply="$(printf 'flank-level\n' | "$flank" --time 0.05 --level 3)"
[ "$reply" = "= 3" ] || fail "--time with --level 3: level '$reply'"
# The level caps a huge clock: level 1 answers at once (level max would think for years).
reply="$(printf 'time_settings 1000000000 0 0\ngenmove b\n' | timeout 20 "$flank" --level 1)"
[[ "$reply" =~ ^=$'\n\n'=\ (d3|c4|f5|e6)$ ]] || fail "level 1 under a huge clock gave '$reply'"
reply="$(echo showboard | "$flank" --unicode)"
grep -q "●" <<<"$reply" && grep -q "○" <<<"$reply" || fail "--unicode showboard: '$reply'"
reply="$(printf 'genmove b\n' | "$flank" --time 0.05 --random 2 --seed 7 --hash 4)"
[[ "$reply" =~ ^=\ (d3|c4|f5|e6)$ ]] || fail "--time genmove gave '$reply'"

for args in "--eval hand" "--eval pattern" "--weights $(dirname "$0")/../../data/pattern-weights.bin" "--net off"; do
  reply="$(printf 'play b f5\ngenmove w\n' | "$flank" $args --level 2)"
  [[ "$reply" =~ ^=$'\n\n'=\ (f4|d6|f6)$ ]] || fail "$args: genmove gave '$reply'"
done

# A controller that stops reading ends the engine with status 0, not SIGPIPE.
status="$( { ( (printf 'name\n'; sleep 0.5; printf 'name\nname\n'; sleep 0.5) | "$flank"; echo "$?" >"$tmp_status"; ) | head -c 1 >/dev/null; } 2>/dev/null; sleep 1; cat "$tmp_status")"
[ "$status" = 0 ] || fail "closed output: exit status '$status'"
rm -f "$tmp_status"

# --ponder: the engine thinks between the replies (the pauses) and still
# answers each command, and EOF while it ponders (which only EOF would end)
# ends it at once: status 0, where timeout's 124 would mean it went on.
reply="$( (printf 'play b d3\ngenmove w\n'; sleep 0.5; printf 'undo\ngenmove w\n'; sleep 0.5) |
  timeout 10 "$flank" --ponder --time 0.05 --threads 2; echo "exit $?")"
[[ "$reply" =~ ^=$'\n\n'=\ (c3|e3|c5)$'\n\n'=$'\n\n'=\ (c3|e3|c5)$'\n\n'exit\ 0$ ]] ||
  fail "--ponder session gave '$reply'"

# EOF without quit exits cleanly.
"$flank" </dev/null >/dev/null || fail "EOF exit status $?"
[ "$failures" -eq 0 ] && echo "all option checks passed"
exit "$failures"
