#!/usr/bin/env bash
# Strength check: flank at its default level against gtp-rhino -l 4 over 20
# XOT openings, colours alternating. Options go to scripts/match_rhino.py
# (--games, --first, --flank CMD, --rhino CMD, --timeout); see --help.
# Needs a Release build (build/flank, or build/flank-bench gtp before the GTP
# engine exists) and the Debian package grhino.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
need_packages grhino python3
exec python3 scripts/match_rhino.py "$@"
