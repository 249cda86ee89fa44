#!/usr/bin/env bash
# flank-book and flank --book from the command line: a book built from the 300
# sample games, used by the engine; bad books and options get one error line
# on stderr and a non-zero exit.
set -u
book_tool="$1" flank="$2" pgn="$3"
fail=0
check() {  # check NAME CONDITION...
  local name="$1"; shift
  if "$@"; then echo "ok: $name"; else echo "FAIL: $name"; fail=1; fi
}
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

log="$("$book_tool" build --out "$dir/b.bin" --plies 8 --min-games 3 --level 1 --learn-plies 4 "$pgn" 2>&1)"
check "build reads the 300 games" grep -q "read 300 games, skipped 0 bad records" <<<"$log"
stats="$("$book_tool" stats "$dir/b.bin")"
check "stats: the start's four moves, 300 games each" \
  grep -q "start position moves: d3 \(-\?[0-9]*\) 300 c4 \1 300 f5 \1 300 e6 \1 300" <<<"$stats"
# After f5 the 300 games (mirrored onto f5) go on with d6, f6 or f4, the most
# with d6; the lines (MOVE VALUE GAMES) come best value first.
after_f5="$("$book_tool" show "$dir/b.bin" --moves f5)"
moves="$(cut -d' ' -f1 <<<"$after_f5" | sort | paste -sd' ')"
games="$(awk '{ n += $3 } END { print n }' <<<"$after_f5")"
most="$(sort -k3,3nr <<<"$after_f5" | head -1 | cut -d' ' -f1)"
check "show after f5: d6, f6, f4 share the 300 games, d6 the most" \
  test "$moves/$games/$most" = "d6 f4 f6/300/d6"
check "show after f5: best value first" test "$(sort -s -k2,2nr <<<"$after_f5")" = "$after_f5"

gtp="$(printf 'flank-book\ngenmove b\nflank-analyze\n' | "$flank" --book "$dir/b.bin")"
check "flank-book over GTP lists four moves" test "$(grep -c ' 300$' <<<"$gtp")" = 4
check "flank-analyze says book" grep -q "book games" <<<"$gtp"
off="$(printf 'flank-book\nflank-analyze\n' | "$flank" --book off --level 1)"
check "--book off: no book moves, a search" bash -c "grep -q ' nodes ' <<<'$off' && ! grep -q book <<<'$off'"

"$book_tool" merge --out "$dir/m.bin" "$dir/b.bin" "$dir/b.bin" 2>/dev/null
check "merge of a book with itself doubles the games" \
  bash -c "'$book_tool' stats '$dir/m.bin' | grep -q 'start position moves: d3 -\?[0-9]* 600'"

head -c 500 "$dir/b.bin" >"$dir/short.bin"
cp "$dir/b.bin" "$dir/bad.bin"
printf 'Z' | dd of="$dir/bad.bin" bs=1 seek=200 conv=notrunc status=none
for args in "--book $dir/short.bin" "--book $dir/bad.bin" "--book $dir/none.bin" "--book-random -1"; do
  err="$(echo quit | "$flank" $args 2>&1 >/dev/null)"
  status=$?
  check "flank $args: one error line, exit 2" test "$status" = 2 -a "$(wc -l <<<"$err")" = 1
done
check "a truncated book is named as such" bash -c "echo quit | '$flank' --book '$dir/short.bin' 2>&1 | grep -q 'truncated'"
check "a corrupt book fails its checksum" bash -c "echo quit | '$flank' --book '$dir/bad.bin' 2>&1 | grep -q 'checksum'"
for args in "stats $dir/short.bin" "build --out $dir/x.bin" "nosuch" "build --out $dir/x.bin --level 0 $pgn" \
            "stats" "show $dir/b.bin --moves f5f5"; do
  err="$("$book_tool" $args 2>&1 >/dev/null)"
  status=$?
  check "flank-book $args: an error, non-zero exit" test "$status" -ne 0 -a -n "$err"
done
# A --hash this machine cannot allocate (a 1 GB address-space limit, so that
# nothing real is used) ends the build with a line naming it (after the
# progress lines), status 2, as flank says it;
# skipped where even a small table does not fit (sanitizer builds).
if (ulimit -v 1048576 && "$book_tool" build --out "$dir/h.bin" --plies 2 --level 1 --hash 4 "$pgn") >/dev/null 2>&1; then
  err="$( (ulimit -v 1048576 && "$book_tool" build --out "$dir/h.bin" --plies 2 --level 1 --hash 2048 "$pgn") 2>&1 >/dev/null)"
  status=$?
  check "flank-book --hash beyond the memory: named, exit 2" \
    test "$status/$(tail -1 <<<"$err")" = "2/error: --hash 2048: cannot allocate 2048 MB (try a smaller --hash)"
fi
# A directory given as a book or games file is named as one (status 1, as other bad files).
mkdir "$dir/sub"
for args in "stats $dir/sub" "build --out $dir/x.bin $dir/sub"; do
  err="$("$book_tool" $args 2>&1 >/dev/null)"
  status=$?
  check "flank-book $args: status 1" test "$status" -eq 1
  check "flank-book $args: one line saying it is a directory" \
    test "$err" = "error: $dir/sub: is a directory, not a $([[ $args == stats* ]] && echo book || echo PGN) file"
done
exit $fail
