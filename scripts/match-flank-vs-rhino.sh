#!/usr/bin/env bash
# Plays flank against gtp-rhino (Debian grhino) from XOT openings, each opening
# twice with colours swapped, and writes GGF records and CSV results.
# Usage: scripts/match-flank-vs-rhino.sh [GAMES] [FLANK_LEVEL] [RHINO_LEVEL] [flank-referee options...]
#   e.g. scripts/match-flank-vs-rhino.sh 20 5 3 --jobs 2
# Environment: MATCH_DIR (default match-results/), OPENINGS (default the built-in XOT list),
# FLANK_THREADS (flank's --threads, default 1: with --jobs J keep J x threads <= cores).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
. "$here/scripts/lib.sh"
need_packages grhino
games="${1:-10}"
flank_level="${2:-5}"
rhino_level="${3:-3}"
shift $(($# < 3 ? $# : 3))
run_match "flank${flank_level}-rhino${rhino_level}" \
  --black "$here/build/flank --level $flank_level --threads ${FLANK_THREADS:-1}" \
  --white "/usr/games/gtp-rhino --level $rhino_level" \
  --games "$games" --hard-timeout 120 "$@"
