#!/usr/bin/env bash
# `cmake --install BUILD --prefix DIR` gives programs that run from DIR/bin in
# any directory, with their data built in: flank plays with the trained
# weights, flank-hangman has its word bank, flank-referee drives the installed
# flank. Usage: install_test.sh BUILD_DIR
set -u
build="$(cd "$1" && pwd)"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix with space"
mkdir -p "$work/elsewhere"
cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 || {
  cat "$work/install.log" >&2
  fail "cmake --install failed"
  exit 1
}
bin="$prefix/bin"
for program in flank flank-play flank-referee flank-bench flank-train flank-hangman flank-book flank-review; do
  [ -x "$bin/$program" ] || fail "$program is not installed in bin/"
done
[ -f "$prefix/share/doc/flank/LICENSE" ] || fail "LICENSE is not installed"
[ -f "$prefix/share/doc/flank/README.md" ] || fail "README.md is not installed"
cd "$work/elsewhere" || exit 1

# The installed flank answers exactly as the built one, with the trained weights
# (the default) and with the hand evaluation.
session=$'name\nflank-play_sequence f5d6c3d3c4f4f6f3e6e7\ngenmove b\nflank-getboard\nquit\n'
for eval in pattern hand; do
  installed="$("$bin/flank" --level 3 --eval "$eval" <<<"$session" 2>&1)"
  built="$("$build/flank" --level 3 --eval "$eval" <<<"$session" 2>&1)"
  [ "$installed" = "$built" ] || fail "installed flank --eval $eval: '$installed', built: '$built'"
  [[ "$installed" == "= flank"* ]] || fail "installed flank --eval $eval: '$installed'"
done

# flank-hangman deals a word from its built-in bank.
out="$("$bin/flank-hangman" </dev/null 2>&1)"
grep -qE '^Word: \*+ +\([0-9]+ letters\)' <<<"$out" || fail "installed flank-hangman: '$out'"

# flank-review scores an opening from its built-in book.
out="$("$bin/flank-review" --moves f5d6c3 --level 1 2>&1)"
grep -qE '^ +3  black  c3 .* book' <<<"$out" || fail "installed flank-review: '$out'"

# flank-play starts at its menu and leaves on "5" (Exit).
out="$(printf '5\n' | "$bin/flank-play" 2>&1)"
grep -q "Play game" <<<"$out" || fail "installed flank-play: '$out'"

out="$("$bin/flank-bench" perft --depth 4 2>&1 | head -4 | tr '\n' ' ')"
[ "$out" = "1 4 2 12 3 56 4 244 " ] || fail "installed flank-bench perft: '$out'"

out="$("$bin/flank-referee" --black "'$bin/flank' --level 1" --white "'$bin/flank' --level 2" \
  --games 2 2>&1)"
grep -q "^Elo difference" <<<"$out" || fail "installed flank-referee: '$out'"
grep -q "forfeit" <<<"$(grep '^game' <<<"$out")" && fail "installed flank-referee: a forfeit: '$out'"

"$bin/flank-train" --help >/dev/null 2>&1 || fail "installed flank-train --help"

[ "$failures" -eq 0 ] && echo "the installed programs run from $bin"
exit $((failures > 0))
