# Sourced by this folder's shell tests that check many things in one run:
# `fail MESSAGE` reports a failed check and counts it in $failures (the test
# ends with `exit $((failures > 0))`), and $work is a scratch directory
# removed when the test exits.
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
