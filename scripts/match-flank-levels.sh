#!/usr/bin/env bash
# Plays flank at level A against flank at level B from XOT openings, each
# opening twice with colours swapped, and writes GGF records and CSV results.
# No clock is sent, so each side searches to its level's fixed depth.
# Usage: scripts/match-flank-levels.sh LEVEL_A LEVEL_B [GAMES] [flank-referee options...]
#   e.g. scripts/match-flank-levels.sh 4 2 20 --jobs 2
# Environment: MATCH_DIR (default match-results/), OPENINGS (default the built-in XOT list),
# FLANK_THREADS (flank's --threads, default 1: with --jobs J keep J x threads <= cores).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -lt 2 ]; then
  echo "usage: $0 LEVEL_A LEVEL_B [GAMES] [flank-referee options...]" >&2
  exit 2
fi
. "$here/scripts/lib.sh"
level_a="$1"
level_b="$2"
games="${3:-10}"
shift $(($# < 3 ? $# : 3))
run_match "flank${level_a}-flank${level_b}" \
  --black "$here/build/flank --level $level_a --threads ${FLANK_THREADS:-1}" --black-name "flank-L$level_a" \
  --white "$here/build/flank --level $level_b --threads ${FLANK_THREADS:-1}" --white-name "flank-L$level_b" \
  --games "$games" --hard-timeout 300 "$@"
