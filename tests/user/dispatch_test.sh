#!/usr/bin/env bash
# The portable install with builds for newer CPUs (FLANK_DISPATCH_LEVELS, as
# scripts/package.sh makes the Debian package): every searching program is
# installed for x86-64-v3 and -v4 under libexec/flank, an installed program
# runs as the build of the highest level this CPU has (its /proc/PID/exe),
# FLANK_DISPATCH=off keeps the portable one, and both play the same moves.
# Three builds of the programs: minutes, so labelled slow.
# Usage: dispatch_test.sh SOURCE_DIR
set -u
source_dir="$(cd "$1" && pwd)"
. "$(dirname "$0")/checks.sh"
if [ "$(uname -m)" != x86_64 ]; then
  echo "not an x86-64 machine: nothing to choose"
  exit 0
fi
levels="x86-64-v3;x86-64-v4"
if ! cmake -S "$source_dir" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_TESTING=OFF -DFLANK_ARCH=x86-64-v2 -DFLANK_DISPATCH_LEVELS="$levels" \
  >"$work/build.log" 2>&1 ||
  ! cmake --build "$work/build" -- -j"$(nproc)" >>"$work/build.log" 2>&1 ||
  ! cmake --install "$work/build" --prefix "$work/prefix" >>"$work/build.log" 2>&1; then
  tail -30 "$work/build.log" >&2
  echo "FAIL: the build with $levels" >&2
  exit 1
fi
prefix="$work/prefix"

for program in flank flank-play flank-bench flank-train flank-book flank-review; do
  for level in x86-64-v3 x86-64-v4; do
    [ -x "$prefix/libexec/flank/$level/$program" ] || fail "no $level build of $program"
  done
  out="$("$prefix/bin/$program" --version 2>&1)"
  [[ "$out" == "$program "* ]] || fail "$program --version: '$out'"
done

# This CPU's level, from its flags (what GCC's __builtin_cpu_supports tests).
flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
has() { for f in "$@"; do [[ "$flags" == *" $f "* ]] || return 1; done; }
expected="$prefix/bin/flank"
if has avx2 bmi1 bmi2 fma f16c movbe abm; then
  expected="$prefix/libexec/flank/x86-64-v3/flank"
  has avx512f avx512bw avx512cd avx512dq avx512vl && expected="$prefix/libexec/flank/x86-64-v4/flank"
fi

# The executable of a running flank (it waits on its input).
running_exe() {  # running_exe [ENV...]
  mkfifo "$work/in"
  env "$@" "$prefix/bin/flank" <"$work/in" >/dev/null 2>&1 &
  local pid=$!
  exec 3>"$work/in"
  local exe=""
  for _ in $(seq 50); do
    exe="$(readlink "/proc/$pid/exe")"
    # After the exec the name is the chosen build's; give it the time to happen.
    [ "$exe" = "$expected" ] && break
    sleep 0.1
  done
  echo quit >&3
  exec 3>&-
  wait "$pid"
  rm -f "$work/in"
  echo "$exe"
}
exe="$(running_exe)"
[ "$exe" = "$expected" ] || fail "flank runs as $exe, expected $expected"
exe="$(running_exe FLANK_DISPATCH=off)"
[ "$exe" = "$prefix/bin/flank" ] || fail "FLANK_DISPATCH=off: flank runs as $exe"

# The same moves from every build at a fixed depth.
session=$'flank-play_sequence f5d6c3d3c4f4f6f3e6e7\ngenmove b\ngenmove w\nflank-getboard\nquit\n'
chosen="$("$prefix/bin/flank" --level 3 <<<"$session" 2>&1)"
portable="$(FLANK_DISPATCH=off "$prefix/bin/flank" --level 3 <<<"$session" 2>&1)"
[ "$chosen" = "$portable" ] || fail "the builds differ: '$chosen' against '$portable'"
[[ "$chosen" == "="* ]] || fail "flank: '$chosen'"

[ "$failures" -eq 0 ] && echo "flank runs as $(basename "$(dirname "$expected")")/flank here"
exit $((failures > 0))
