#!/usr/bin/env bash
# Builds the Debian package build/flank_VERSION_ARCH.deb: every program, its man
# page, the documentation and the licence, with portable code (x86-64-v2 on
# amd64, not this machine's -march=native: the package runs on other
# machines), and the searching programs once more for x86-64-v3 (AVX2) and
# x86-64-v4 (AVX-512), which they start in their place on such a CPU
# (BENCHMARKS.md, "The package's portable code"). The programs are built in
# build-package/ (Release, no tests), apart from the native build/.
# Install with: sudo apt install ./build/flank_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
need_packages "${BUILD_PACKAGES[@]}" "${PACKAGE_PACKAGES[@]}"
arch="" levels=""
if [ "$(dpkg --print-architecture)" = amd64 ]; then
  arch=x86-64-v2
  # The searching programs also for AVX2 and AVX-512 CPUs, started in their
  # place where the CPU has them (tools/common/fastest_build.hpp).
  levels="x86-64-v3;x86-64-v4"
fi
cmake -S . -B build-package -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
  -DCMAKE_INSTALL_PREFIX=/usr -DFLANK_ARCH="$arch" -DFLANK_DISPATCH_LEVELS="$levels" >/dev/null
cmake --build build-package -- -j"$(nproc)"
rm -f build-package/flank_*.deb
(cd build-package && cpack -G DEB >/dev/null)
mkdir -p build
rm -f build/flank_*.deb
mv build-package/flank_*.deb build/
ls build/flank_*.deb
