#!/bin/sh
# The recipe of the shipped evaluation: data/pattern-weights.bin and
# data/mpc-stats.bin from the WTHOR PGN files, on one machine.
#   tools/train/train-shipped.sh WTHOR_DIR WORK_DIR [THREADS]
# Resumable (the position file grows game by game); the same inputs and seed
# give the same files whatever THREADS is. Writes WORK_DIR/pattern-weights.bin,
# WORK_DIR/mpc-stats.bin and WORK_DIR/pattern-weights.bin.curve.md; copy the two
# .bin files into data/ and rebuild to ship them.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 WTHOR_DIR WORK_DIR [THREADS]" >&2; exit 2; }
wthor=$1 work=$2 threads=${3:-$(nproc)}
train=${FLANK_TRAIN:-build/flank-train}
mkdir -p "$work"
# 1. Every WTHOR game, validated; exact scores from 18 empties on.
"$train" --data "$work/positions.txt" --games-pgn "$wthor" --exact-empties 18 \
  --generate-only --threads "$threads"
# 2. Fit (30 phases, smoothed), propagate depth-4 search labels backwards,
#    then fit the Multi-ProbCut statistics of the result.
"$train" --data "$work/positions.txt" --fit-only --out "$work/pattern-weights.bin" \
  --phases 30 --smooth 0.5 --epochs 10 --propagate-depth 4 --seed 1 --threads "$threads" \
  --mpc-out "$work/mpc-stats.bin" --mpc-positions 2000 --mpc-depth 8
