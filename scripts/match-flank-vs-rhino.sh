#!/usr/bin/env bash
# Plays flank against gtp-rhino (Debian grhino) from XOT openings, each opening
# twice with colours swapped, and writes GGF records and CSV results.
# Usage: scripts/match-flank-vs-rhino.sh [GAMES] [FLANK_LEVEL] [RHINO_LEVEL] [flank-referee options...]
#   e.g. scripts/match-flank-vs-rhino.sh 20 5 3 --jobs 2
# Environment: MATCH_DIR (default match-results/), OPENINGS (default the XOT list).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
. "$here/scripts/lib.sh"
need_packages grhino
"$here/scripts/setup.sh" > /dev/null 2>&1 || "$here/scripts/setup.sh"
games="${1:-10}"
flank_level="${2:-5}"
rhino_level="${3:-3}"
shift $(($# < 3 ? $# : 3))
openings="${OPENINGS:-$here/../shared/reference/xot-large.txt}"
out="${MATCH_DIR:-$here/match-results}"
mkdir -p "$out"
stem="$out/flank${flank_level}-rhino${rhino_level}-$(date -u +%Y%m%d-%H%M%S)"
opening_args=()
[ -f "$openings" ] && opening_args=(--openings "$openings")
"$here/build/flank-referee" \
  --black "$here/build/flank --level $flank_level" \
  --white "/usr/games/gtp-rhino --level $rhino_level" \
  --games "$games" "${opening_args[@]}" --hard-timeout 120 \
  --records "$stem.ggf" --csv "$stem.csv" "$@"
echo "records: $stem.ggf  results: $stem.csv"
