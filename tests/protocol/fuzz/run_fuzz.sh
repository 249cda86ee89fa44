#!/usr/bin/env bash
# Runs the GTP fuzz target for a bounded time (FLANK_FUZZ_SECONDS, default 60),
# seeded with the scripted sessions. Usage: run_fuzz.sh GTP_FUZZ SEED_DIR DICT CORPUS_DIR
set -euo pipefail
fuzzer="$1" seeds="$2" dict="$3" corpus="$4"
mkdir -p "$corpus"
exec "$fuzzer" "$corpus" "$seeds" -dict="$dict" -max_total_time="${FLANK_FUZZ_SECONDS:-60}" \
  -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1
