#!/usr/bin/env bash
# Builds the Debian package build/flank_VERSION_ARCH.deb: every program, its man
# page, the documentation and the licence, with portable code (x86-64-v2 on
# amd64, not this machine's -march=native: the package runs on other
# machines; BENCHMARKS.md says what it costs). The programs are built in
# build-package/ (Release, no tests), apart from the native build/.
# Install with: sudo apt install ./build/flank_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
need_packages "${BUILD_PACKAGES[@]}" "${PACKAGE_PACKAGES[@]}"
arch=""
[ "$(dpkg --print-architecture)" = amd64 ] && arch=x86-64-v2
cmake -S . -B build-package -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
  -DCMAKE_INSTALL_PREFIX=/usr -DFLANK_ARCH="$arch" >/dev/null
cmake --build build-package -- -j"$(nproc)"
rm -f build-package/flank_*.deb
(cd build-package && cpack -G DEB >/dev/null)
mkdir -p build
rm -f build/flank_*.deb
mv build-package/flank_*.deb build/
ls build/flank_*.deb
