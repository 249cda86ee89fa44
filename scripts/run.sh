#!/usr/bin/env bash
# Sets up and builds if needed, then runs the flank GTP engine on stdin/stdout.
# Extra arguments go to flank, e.g.: echo "genmove b" | scripts/run.sh --level 3
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
"$here/scripts/setup.sh" > /dev/null
exec "$here/build/flank" "$@"
