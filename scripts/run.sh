#!/usr/bin/env bash
# Sets up and builds if needed, then runs the flank GTP engine on stdin/stdout.
# Extra arguments go to flank, e.g.: echo "genmove b" | scripts/run.sh --level 3
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
if [ -x "$here/build/flank" ]; then
  # Already built: stay silent unless the rebuild fails, so stderr is the engine's alone.
  if ! log="$("$here/scripts/setup.sh" 2>&1)"; then
    printf '%s\n' "$log" >&2
    exit 1
  fi
else
  echo "Setting up and building flank (the first run takes a few minutes)..." >&2
  "$here/scripts/setup.sh" >&2
fi
exec "$here/build/flank" "$@"
