#!/usr/bin/env bash
# Both ways of installing give programs that run from anywhere with their data
# built in (flank plays with the trained weights, flank-hangman has its word
# bank, flank-referee drives the installed flank):
# 1. `cmake --install BUILD --prefix DIR`: programs, man pages, docs;
# 2. the Debian package of scripts/package.sh, made here by CPack from the
#    programs already built in BUILD (the portable code generation is
#    package.sh's; the package's contents are the same): its name, version and
#    computed dependencies, a program and a man page for each of the programs
#    (BUILD/programs.txt), the docs and the licence, nothing outside /usr;
#    then unpacked into a scratch root (dpkg -x) and every program run from it.
# Usage: install_test.sh BUILD_DIR
set -u
build="$(cd "$1" && pwd)"
. "$(dirname "$0")/checks.sh"
mapfile -t programs <"$build/programs.txt"
[ "${#programs[@]}" -ge 8 ] || fail "programs.txt lists ${#programs[@]} programs: ${programs[*]}"
version="$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "no project version in the cache: '$version'"
mkdir -p "$work/elsewhere"

# The files of an installation under PREFIX (DIR or ROOT/usr).
check_files() {  # check_files PREFIX WHAT
  local prefix="$1" what="$2" program page
  for program in "${programs[@]}"; do
    [ -x "$prefix/bin/$program" ] || fail "$what: $program is not in bin/"
    page="$prefix/share/man/man1/$program.1.gz"
    if [ ! -f "$page" ]; then
      fail "$what: no man page $page"
      continue
    fi
    # help2man's page: a NAME line, the synopsis from --help's Usage line, a
    # description, the version of --version.
    zcat "$page" | grep -q "^$program \\\\- " || fail "$what: $page has no NAME line"
    zcat "$page" | grep -qx "\\.B $program" || fail "$what: $page has no synopsis"
    zcat "$page" | grep -qx '\.SH DESCRIPTION' || fail "$what: $page has no description"
    zcat "$page" | grep -q "^\\.TH .*\"flank $version\"" || fail "$what: $page is not of flank $version"
  done
  for doc in LICENSE copyright README.md BENCHMARKS.md docs/play.md docs/referee.md; do
    [ -f "$prefix/share/doc/flank/$doc" ] || fail "$what: $doc is not in share/doc/flank"
  done
}

# Every program runs from BIN, in another directory.
check_programs() {  # check_programs BIN WHAT
  local bin="$1" what="$2" program out
  for program in "${programs[@]}"; do
    out="$(cd "$work/elsewhere" && "$bin/$program" --version 2>&1)"
    [ "$out" = "$program $version" ] || fail "$what $program --version: '$out'"
  done
  # flank answers exactly as the built one, with the trained weights (the
  # default) and with the hand evaluation.
  local session=$'name\nflank-play_sequence f5d6c3d3c4f4f6f3e6e7\ngenmove b\nflank-getboard\nquit\n'
  local installed built
  for eval in pattern hand; do
    installed="$(cd "$work/elsewhere" && "$bin/flank" --level 3 --eval "$eval" <<<"$session" 2>&1)"
    built="$("$build/flank" --level 3 --eval "$eval" <<<"$session" 2>&1)"
    [ "$installed" = "$built" ] || fail "$what flank --eval $eval: '$installed', built: '$built'"
    [[ "$installed" == "= flank"* ]] || fail "$what flank --eval $eval: '$installed'"
  done
  cd "$work/elsewhere" || exit 1
  # flank-hangman deals a word from its built-in bank.
  out="$("$bin/flank-hangman" </dev/null 2>&1)"
  grep -qE '^Word: \*+ +\([0-9]+ letters\)' <<<"$out" || fail "$what flank-hangman: '$out'"
  # flank-play starts at its menu and leaves on "5" (Exit).
  out="$(printf '5\n' | "$bin/flank-play" 2>&1)"
  grep -q "Play game" <<<"$out" || fail "$what flank-play: '$out'"
  out="$("$bin/flank-bench" perft --depth 4 2>&1 | head -4 | tr '\n' ' ')"
  [ "$out" = "1 4 2 12 3 56 4 244 " ] || fail "$what flank-bench perft: '$out'"
  out="$("$bin/flank-referee" --black "'$bin/flank' --level 1" --white "'$bin/flank' --level 2" \
    --games 2 2>&1)"
  grep -q "^Elo difference" <<<"$out" || fail "$what flank-referee: '$out'"
  grep -q "forfeit" <<<"$(grep '^game' <<<"$out")" && fail "$what flank-referee: a forfeit: '$out'"
  # flank-review scores an opening from its built-in book.
  out="$("$bin/flank-review" --moves f5d6c3 --level 1 2>&1)"
  grep -qE '^ +3  black  c3 .* book' <<<"$out" || fail "$what flank-review: '$out'"
  "$bin/flank-train" --help >/dev/null 2>&1 || fail "$what flank-train --help"
  out="$("$bin/flank-book" stats /nonexistent.book 2>&1)"
  [[ "$out" == error:* ]] || fail "$what flank-book stats of no file: '$out'"
  cd - >/dev/null || exit 1
}

# 1. cmake --install, into a prefix with a space.
prefix="$work/prefix with space"
if cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1; then
  check_files "$prefix" "cmake --install"
  check_programs "$prefix/bin" "cmake --install:"
else
  cat "$work/install.log" >&2
  fail "cmake --install failed"
fi

# 2. The Debian package. It is compressed with xz (cmake/Package.cmake), which
# took 27-78 s of this test; the contents are the same with gzip, used here.
grep -q 'set(CPACK_DEBIAN_COMPRESSION_TYPE "xz")' "$build/CPackConfig.cmake" ||
  fail "the package is not set to be compressed with xz"
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/package" \
  -D CPACK_DEBIAN_COMPRESSION_TYPE=gzip >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log" >&2; fail "cpack failed"; }
arch="$(dpkg --print-architecture)"
deb="$work/package/flank_${version}_$arch.deb"
if [ -f "$deb" ]; then
  field() { dpkg-deb --field "$deb" "$1"; }
  [ "$(field Package)" = flank ] || fail "package name '$(field Package)'"
  [ "$(field Version)" = "$version" ] || fail "package version '$(field Version)', not $version"
  [ "$(field Architecture)" = "$arch" ] || fail "package architecture '$(field Architecture)'"
  # dpkg-shlibdeps found the shared libraries the programs link.
  depends="$(field Depends)"
  for library in libc6 libstdc++6 libboost-program-options libedit2; do
    grep -q "$library" <<<"$depends" || fail "Depends lacks $library: '$depends'"
  done
  dpkg-deb --contents "$deb" >"$work/contents"
  awk '{print $6}' "$work/contents" | grep -qv '^\./\(usr/.*\)\?$' &&
    fail "files outside /usr: $(awk '{print $6}' "$work/contents" | grep -v '^\./\(usr/.*\)\?$')"
  awk '{print $2}' "$work/contents" | grep -qv '^root/root$' && fail "files not owned by root"
  root="$work/root"
  dpkg-deb -x "$deb" "$root" || fail "dpkg -x failed"
  check_files "$root/usr" "the package"
  check_programs "$root/usr/bin" "the package's"
  # Nothing more in bin/ than the listed programs.
  extra="$(ls "$root/usr/bin" | grep -vxF -f "$build/programs.txt")"
  [ -z "$extra" ] || fail "the package's bin/ also holds: $extra"
else
  fail "no $deb; cpack made: $(ls "$work/package")"
fi

[ "$failures" -eq 0 ] &&
  echo "${#programs[@]} programs run from a prefix and from the package $(basename "$deb")"
exit $((failures > 0))
