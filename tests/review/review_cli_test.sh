#!/usr/bin/env bash
# flank-review as a user runs it: a WTHOR game with --csv and --svg, a move
# list on another board, and bad input (one error line; status 2, or 1 with
# the review of the moves before an illegal one).
# Usage: review_cli_test.sh FLANK_REVIEW WTHOR_PGN
set -u
review="$1" pgn="$2"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# Game 2 of the test data, cheaply: level 1, solved from 10 empties.
out="$("$review" "$pgn" --game 2 --level 1 --exact-empties 10 --csv "$scratch/r.csv" \
  --svg "$scratch/r.svg" 2>"$scratch/err")" || fail "game 2: exit $?: $(cat "$scratch/err")"
[ -s "$scratch/err" ] && fail "game 2: stderr not empty (no terminal): $(cat "$scratch/err")"
head -1 <<<"$out" | grep -qE '^ +ply +colour +move +best +best +played +loss +how$' ||
  fail "game 2: table header: $(head -1 <<<"$out")"
grep -qE '^ +1  black  f5 .* book' <<<"$out" || fail "game 2: f5 from the book"
grep -qE ' exact( \*)?$' <<<"$out" || fail "game 2: exact rows"
grep -qE '^Black: [0-9]+ moves, total loss [0-9]+, largest loss [0-9]+' <<<"$out" || fail "black line"
grep -qE '^White: [0-9]+ moves, total loss [0-9]+' <<<"$out" || fail "white line"
grep -qE '^Result: ' <<<"$out" || fail "result line"
rows=$(grep -cE '^ +[0-9]+  (black|white) ' <<<"$out")
[ "$(head -1 "$scratch/r.csv")" = "ply,color,move,best,best_score,played_score,loss,exact" ] ||
  fail "csv header: $(head -1 "$scratch/r.csv")"
[ "$(($(wc -l <"$scratch/r.csv") - 1))" -eq "$rows" ] || fail "csv: one row per table row ($rows)"
grep -q '^<svg xmlns="http://www.w3.org/2000/svg"' "$scratch/r.svg" || fail "svg header"
grep -q '<polyline' "$scratch/r.svg" || fail "svg graph"

# docs/review.md's picture is what its command writes.
docs_svg="$(dirname "$pgn")/../../docs/review-wthor-2024-game3.svg"
"$review" "$pgn" --game 3 --level 4 --exact-empties 16 --threads 1 --svg "$scratch/g3.svg" >/dev/null ||
  fail "game 3 for the docs: exit $?"
cmp -s "$scratch/g3.svg" "$docs_svg" || fail "docs/review-wthor-2024-game3.svg differs from what its command writes"

# Another board: a move list on 6x6.
out="$("$review" --moves c2d2e3f4 --size 6 --level 1 2>&1)" || fail "6x6: exit $?: $out"
[ "$(grep -cE '^ +[0-9]+  (black|white) ' <<<"$out")" -eq 4 ] || fail "6x6: four rows: $out"

bad() {  # bad STATUS ARGS...: one error line on stderr, that status
  local want="$1" err status
  shift
  err="$("$review" "$@" 2>&1 >/dev/null </dev/null)"
  status=$?
  [ "$status" -eq "$want" ] || fail "$* exited $status, expected $want"
  [ "$(wc -l <<<"$err")" -eq 1 ] && [[ "$err" == error:\ * ]] || fail "$*: stderr was '$err'"
}
: >"$scratch/empty.pgn"
printf 'not a game\n' >"$scratch/junk.txt"
bad 2
bad 2 --bogus
bad 2 "$scratch/empty.pgn"
bad 2 "$scratch/junk.txt"
bad 2 /nonexistent/game.ggf
bad 2 "$scratch"
bad 2 "$pgn" --game 999
bad 2 "$pgn" --game 0
bad 2 "$pgn" --level 0
bad 2 "$pgn" --moves f5
bad 2 "$pgn" --size 6
bad 2 --moves f5zz
bad 2 --moves f5 --size 7
bad 2 --moves f5 --exact-empties -2
bad 1 --moves f5d6f5 --level 1
err="$("$review" "$pgn" --game 999 2>&1 >/dev/null)"
[[ "$err" == "error: $pgn: there is no game 999 (the file has 300 games)" ]] || fail "--game 999: '$err'"
# An illegal move at ply 3: the two moves before it are reviewed, then the error.
out="$("$review" --moves f5d6f5 --level 1 2>"$scratch/err")"
[ "$(grep -cE '^ +[0-9]+  (black|white) ' <<<"$out")" -eq 2 ] || fail "partial review: $out"
grep -q '^error: ply 3: ' "$scratch/err" || fail "partial review: $(cat "$scratch/err")"

[ "$failures" -eq 0 ] && echo "flank-review behaves"
exit $((failures > 0))
