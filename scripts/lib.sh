# Shared by the scripts: install missing Debian packages, quietly when all is there.
# Usage: need_packages PKG...
need_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  echo "Installing missing packages: ${missing[*]}" >&2
  # A fresh machine has no package lists yet; refresh them once, then install.
  "${sudo[@]}" apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >&2
}

# What building flank needs.
BUILD_PACKAGES=(cmake ninja-build g++ libboost-program-options-dev libboost-dev libboost-filesystem-dev doctest-dev libedit-dev)
# What scripts/package.sh needs on top: the man pages' generator, and
# dpkg-shlibdeps and file for the package's dependencies.
PACKAGE_PACKAGES=(help2man dpkg-dev file)
# What the test suite needs on top: peer engine, GUI under Xvfb, fuzzing
# compiler, tools, and what the package needs (tests/user/install_test.sh builds it).
TEST_PACKAGES=(grhino quarry xvfb xdotool x11-utils imagemagick clang libclang-rt-14-dev tmux python3 gnuplot-nox
  "${PACKAGE_PACKAGES[@]}")

# Builds what is missing, then runs flank-referee from the built-in XOT openings
# (OPENINGS=FILE for others, OPENINGS=none for none), writing
# MATCH_DIR/NAME-<date>.ggf and .csv (default match-results/).
# Usage: run_match NAME [flank-referee options...]
run_match() {
  local name="$1" here
  shift
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  "$here/scripts/setup.sh" > /dev/null 2>&1 || "$here/scripts/setup.sh"
  local out="${MATCH_DIR:-$here/match-results}"
  mkdir -p "$out"
  local stem
  stem="$out/$name-$(date -u +%Y%m%d-%H%M%S)"
  local opening_args=()
  [ -n "${OPENINGS:-}" ] && opening_args=(--openings "$OPENINGS")
  "$here/build/flank-referee" "${opening_args[@]}" --records "$stem.ggf" --csv "$stem.csv" "$@"
  echo "records: $stem.ggf  results: $stem.csv"
}
