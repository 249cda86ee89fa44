#!/usr/bin/env bash
# The command-line conventions every program shares (README "Two commands"):
# --help exits 0 and shows no build paths or float noise such as
# 0.050000000000000003; a bad option gives one "error: ..." line on stderr and
# exit status 2; --version prints "NAME VERSION".
# Usage: cli_conventions_test.sh BUILD_DIR SOURCE_DIR
set -u
build="$1"
source_dir="$(cd "$2" && pwd)"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

help_is_clean() {  # help_is_clean PROGRAM [COMMAND]
  local out
  out="$("$build/$1" ${2:+"$2"} --help 2>&1)" || fail "$* --help exited $?"
  [ -n "$out" ] || fail "$* --help printed nothing"
  grep -qF -e "$source_dir" -e "$(cd "$build" && pwd)" <<<"$out" && fail "$* --help shows a build path"
  grep -qE '[0-9]\.[0-9]*0000000|[0-9]\.[0-9]*9999999|[0-9]e-[0-9]' <<<"$out" &&
    fail "$* --help shows float noise: $(grep -E '0000000|9999999|e-[0-9]' <<<"$out")"
}
# Every program of the build's list (the top CMakeLists.txt).
mapfile -t programs <"$build/programs.txt"
for program in "${programs[@]}"; do
  help_is_clean "$program"
done
for command in perft endgame midgame; do help_is_clean flank-bench "$command"; done

bad() {  # bad PROGRAM ARGS...: one error line, status 2
  local err status
  err="$("$build/$1" "${@:2}" </dev/null 2>&1 >/dev/null)"
  status=$?
  [ "$status" -eq 2 ] || fail "$* exited $status, expected 2"
  [ "$(wc -l <<<"$err")" -eq 1 ] && [[ "$err" == error:\ * ]] || fail "$*: stderr was '$err'"
}
bad flank-bench
bad flank-bench --bogus
bad flank-bench nosuchcommand
bad flank-bench perft
bad flank-bench perft --depth 0
bad flank-bench perft --depth 3 --size 7
bad flank-bench endgame
bad flank-bench endgame /nonexistent/positions.txt
bad flank-bench endgame a b
bad flank-bench endgame "$source_dir/tests/data/ffo40-49.txt" --hash 0
bad flank-bench midgame --bogus
bad flank-bench midgame --level 11
bad flank-bench midgame --seconds -1
bad flank-bench midgame --count 0
bad flank-bench midgame --empties 61
bad flank-train
bad flank-train --bogus
bad flank-train --data
bad flank-train --data x
bad flank-train --data x --out y --games -1
bad flank-train --data x --out y --threads 0
bad flank-train --data x --out y --random-moves 2
bad flank-train --data x --out y --phases 0
bad flank-train --data x --measure hand --empties 5-3
bad flank-train --suite x
bad flank-train --data x --out y --generate-only --fit-only

# flank-bench endgame takes its file by position, as the docs write it.
out="$("$build/flank-bench" endgame "$source_dir/tests/data/ffo1-79.txt" --wld 2>&1 | head -2)"
[[ "$(tail -1 <<<"$out")" == 1\ * ]] || fail "flank-bench endgame FILE: '$out'"

bad flank-book
bad flank-book --bogus
bad flank-book nosuchcommand
bad flank-book build --out x --level 0

# Boost reads nan and inf as numbers; the tools' floating-point options refuse them.
for args in "flank-referee --time nan" "flank-referee --grace inf" \
            "flank-train --data x --out y --learning-rate nan" "flank-bench midgame --seconds inf"; do
  bad $args
  err="$("$build"/$args 2>&1 </dev/null >/dev/null)"
  [[ "$err" == *" must be a finite number, not "* ]] || fail "$args: '$err'"
done
# Boost reads -1 as a huge unsigned number; the tools' unsigned options refuse it.
for args in "flank-book build --out x --min-games -1" "flank-referee --seed -1"; do
  bad $args
  err="$("$build"/$args 2>&1 </dev/null >/dev/null)"
  [[ "$err" == *" must not be negative"* ]] || fail "$args: '$err'"
done

# A directory given as a file is named as one (the referee read it as no games).
bad flank-referee --replay /
err="$("$build/flank-referee" --replay / 2>&1 >/dev/null)"
[ "$err" = "error: /: is a directory, not a records file" ] || fail "flank-referee --replay /: '$err'"

for program in "${programs[@]}"; do
  out="$("$build/$program" --version)" && [[ "$out" =~ ^$program\ [0-9]+\.[0-9]+\.[0-9]+$ ]] ||
    fail "$program --version printed '$out'"
done

[ "$failures" -eq 0 ] && echo "all command-line conventions hold"
exit $((failures > 0))
