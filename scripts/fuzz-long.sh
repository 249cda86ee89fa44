#!/usr/bin/env bash
# Long fuzz runs outside CI: builds the libFuzzer targets (clang, ASan+UBSan,
# build-fuzz/), runs each parser target for SECONDS (default 600) from its seed
# corpus and dictionary, merges the new coverage into the seed corpus kept in
# tests/fuzz/corpus/, and prints execs and time per target. A finding stops
# the run with the crashing input in build-fuzz/long/. Usage:
#   scripts/fuzz-long.sh [SECONDS] [TARGET...]   (targets: board ggf openings weights mpc nboard words play_input gtp)
# The GTP target also starts from the scripted sessions (tests/protocol/sessions);
# what it adds is kept in tests/fuzz/corpus/gtp.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
. "$here/scripts/lib.sh"
need_packages "${BUILD_PACKAGES[@]}" clang libclang-rt-14-dev
seconds="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(board ggf openings weights mpc nboard words play_input gtp)
build="$here/build-fuzz"
[ -f "$build/build.ninja" ] || cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ -DFLANK_FUZZ=ON >/dev/null
cmake --build "$build" --target fuzzers -- -j"$(nproc)" >/dev/null
for name in "${targets[@]}"; do
  work="$build/long/$name"
  mkdir -p "$work/corpus"
  seeds="$here/tests/fuzz/corpus/$name" dict="$here/tests/fuzz/$name.dict" extra=()
  if [ "$name" = gtp ]; then
    dict="$here/tests/protocol/fuzz/gtp.dict" extra=("$here/tests/protocol/sessions")
  fi
  mkdir -p "$seeds"
  (cd "$work" && "$build/${name}_fuzz" "$work/corpus" "$seeds" "${extra[@]}" -dict="$dict" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
    >"$work/log" 2>&1) || { echo "$name: FINDING, see $work/log"; tail -30 "$work/log"; exit 1; }
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
  echo "$name: $execs inputs in $seconds s, 0 findings"
  # Keep what added coverage: a minimal set merged into the repository's seeds.
  "$build/${name}_fuzz" -merge=1 "$seeds" "$work/corpus" >/dev/null 2>&1
done
