#!/usr/bin/env bash
# Installs the Debian packages flank needs (only the missing ones) and builds
# the programs into build/ (Release); with --test also what the test suite
# needs, and the tests. Output goes to stderr so that run.sh keeps stdout for
# the engine. Usage: scripts/setup.sh [--test]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
need_packages "${BUILD_PACKAGES[@]}"
testing=()
if [ "${1:-}" = "--test" ]; then
  need_packages "${TEST_PACKAGES[@]}"
  testing=(-DBUILD_TESTING=ON)
elif [ ! -f build/CMakeCache.txt ]; then
  # A first build for playing configures without the tests (nothing of theirs
  # to look for); scripts/test.sh turns them on later.
  testing=(-DBUILD_TESTING=OFF)
fi
# Configure every time (cheap): new tool and test folders are found at configure time.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${testing[@]}" >/dev/null
if [ "${1:-}" = "--test" ]; then
  cmake --build build -- -j"$(nproc)" >&2
else
  cmake --build build --target programs -- -j"$(nproc)" >&2
fi
