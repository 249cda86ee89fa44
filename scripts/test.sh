#!/usr/bin/env bash
# Sets up (packages, Release build) and runs the test suite with ctest (all
# but the "slow" label, which `ctest --test-dir build -L slow` runs),
# compiles the engine for the package's other CPUs (build-check-*/), then the
# unit tests once more in an ASan+UBSan build (build-asan/), the
# parallel search tests in a ThreadSanitizer build (build-tsan/), then the
# libFuzzer targets (GTP and every input parser, tests/fuzz/) for a bounded
# time each in a clang build (build-fuzz/).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage's header also says how long the previous stages took, so a slow CI
# run shows where its time went (CI's budget: docs/reliability.md).
started=$SECONDS
stage() { echo "== $1 ($((SECONDS - started)) s so far) =="; }
scripts/setup.sh --test
jobs="$(nproc)"
stage "Release build: all tests but the \"slow\" label"
# The "slow" label (FFO #45 and #49 solved exactly, a minute of CPU) is left to
# `ctest --test-dir build -L slow`: the other exact FFO solves here take the
# same code paths (docs/reliability.md, "The test run's budget").
ctest --test-dir build --output-on-failure -j"$jobs" -LE slow
stage "The engine compiled for the package's other CPUs (x86-64-v2, x86-64-v4; not run)"
# This machine runs only its own code: the portable and AVX-512 code paths of
# the engine (register widths, flips, fills) are compiled here, unoptimised
# and as unity files (16 s each), so that a change cannot break them unseen
# (an AVX-512 build once failed to compile unseen: docs/reliability.md).
for level in x86-64-v2 x86-64-v4; do
  [ "$(uname -m)" = x86_64 ] || break
  cmake -S . -B "build-check-$level" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 \
    -DCMAKE_UNITY_BUILD=ON -DFLANK_ARCH="$level" -DBUILD_TESTING=OFF >/dev/null
  cmake --build "build-check-$level" --target flank_parallel flank_book -- -j"$jobs" >/dev/null
done
stage "Sanitizer build (ASan+UBSan): unit tests"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFLANK_SANITIZE=ON >/dev/null
cmake --build build-asan --target unit_tests -- -j"$jobs" >/dev/null
ctest --test-dir build-asan --output-on-failure -j"$jobs" -L unit
stage "ThreadSanitizer build: the parallel search tests"
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFLANK_TSAN=ON >/dev/null
cmake --build build-tsan --target parallel_search_tests -- -j"$jobs" >/dev/null
TSAN_OPTIONS=halt_on_error=1 ctest --test-dir build-tsan --output-on-failure -R '^parallel_search_tests$'
stage "Fuzz build (clang, libFuzzer, ASan+UBSan): GTP and parser fuzzing for a bounded time"
if [ ! -f build-fuzz/build.ninja ]; then
  cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++ -DFLANK_FUZZ=ON >/dev/null
fi
cmake --build build-fuzz --target fuzzers -- -j"$jobs" >/dev/null
ctest --test-dir build-fuzz --output-on-failure -j"$jobs" -L fuzz
stage "all passed"
