#!/usr/bin/env bash
# Runs one parser fuzz target for a bounded time (FLANK_FUZZ_TARGET_SECONDS,
# default 10) from the seed corpus kept in the repository, with the target's
# dictionary; new inputs go to CORPUS_DIR. Usage: run_fuzz.sh FUZZER SEEDS DICT CORPUS_DIR
set -euo pipefail
fuzzer="$1" seeds="$2" dict="$3" corpus="$4"
mkdir -p "$corpus"
exec "$fuzzer" "$corpus" "$seeds" -dict="$dict" -max_total_time="${FLANK_FUZZ_TARGET_SECONDS:-10}" \
  -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1
