#!/usr/bin/env bash
# Sets up (packages, Release build) and runs the whole test suite with ctest,
# then the unit tests once more in an ASan+UBSan build (build-asan/).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
jobs="$(nproc)"
echo "== Release build: all tests =="
ctest --test-dir build --output-on-failure -j"$jobs"
echo "== Sanitizer build (ASan+UBSan): unit tests =="
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFLANK_SANITIZE=ON >/dev/null
cmake --build build-asan -- -j"$jobs" >/dev/null
ctest --test-dir build-asan --output-on-failure -j"$jobs" -L unit
