#!/usr/bin/env bash
# Installs the Debian packages flank needs (only the missing ones) and builds
# everything into build/ (Release). Output goes to stderr so that run.sh keeps
# stdout for the engine. Usage: scripts/setup.sh [--test]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
need_packages "${BUILD_PACKAGES[@]}"
[ "${1:-}" = "--test" ] && need_packages "${TEST_PACKAGES[@]}"
# Configure every time (cheap): new tool and test folders are found at configure time.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -- -j"$(nproc)" >&2
