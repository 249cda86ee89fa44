#!/usr/bin/env bash
# Pipes a scripted GTP session into flank and compares every reply with the
# expected transcript. Usage: run_session.sh FLANK SESSION.gtp
# (expects SESSION.expected beside it; flank runs at level 1 for speed).
set -euo pipefail
flank="$1"
session="$2"
expected="${session%.gtp}.expected"
actual="$(mktemp)"
trap 'rm -f "$actual"' EXIT
status=0
timeout 60 "$flank" --level 1 < "$session" > "$actual" || status=$?
if [ "$status" -ne 0 ]; then
  echo "flank exited with status $status on $session" >&2
  exit 1
fi
diff -u "$expected" "$actual"
