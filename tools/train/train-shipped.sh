#!/bin/sh
# The evaluation recipe in one command: pattern weights and their Multi-ProbCut
# statistics from self-play games and the WTHOR PGN files, on one machine.
#   tools/train/train-shipped.sh WTHOR_DIR WORK_DIR [THREADS]
# Writes WORK_DIR/pattern-weights.bin, its learning curve (.curve.md) and
# WORK_DIR/mpc-stats.bin; copy the two .bin files into data/ and rebuild to
# ship them. Every step is resumable (position files grow game by game; run
# the same command again) and the same inputs and seed give the same files
# whatever THREADS is.
#
# The sizes (environment variables) default to the full recipe, about 2.5-3
# hours on 2 cores; the end-to-end test runs it reduced, in seconds:
#   SELFPLAY_GAMES=60000  self-play games from XOT openings with 5% random
#                         moves: the off-the-main-line positions a search meets,
#                         which expert games rarely show (47 min on 2 cores)
#   WTHOR_SHARD=1/2       the share of the WTHOR games taken (game number K-1
#                         modulo N; 1/1 = all 136,055, about 90 min on 2 cores)
#   EXACT_EMPTIES=14      exact labels from this many empties on
#   PATTERNS=rich PHASES=12 EPOCHS=6 PROPAGATE_DEPTH=4 MPC_POSITIONS=2000 MPC_DEPTH=8
set -eu
[ $# -ge 2 ] || { echo "usage: $0 WTHOR_DIR WORK_DIR [THREADS]" >&2; exit 2; }
wthor=$1 work=$2 threads=${3:-$(nproc)}
train=${FLANK_TRAIN:-build/flank-train}
selfplay_games=${SELFPLAY_GAMES:-60000}
wthor_shard=${WTHOR_SHARD:-1/2}
exact=${EXACT_EMPTIES:-14}
mkdir -p "$work"
# 1. Self-play games (numbers 0..N-1) and the WTHOR games (1000000000 + i),
#    each into its own position file.
"$train" --data "$work/selfplay.txt" --games "$selfplay_games" --exact-empties "$exact" \
  --seed 1 --generate-only --threads "$threads"
"$train" --data "$work/wthor.txt" --games-pgn "$wthor" --shard "$wthor_shard" \
  --exact-empties "$exact" --generate-only --threads "$threads"
# 2. One position file of both (made again from the parts each time).
rm -f "$work/positions.txt"
"$train" --data "$work/positions.txt" --merge "$work/selfplay.txt" "$work/wthor.txt"
# 3. Fit, propagate search labels backwards phase by phase, then fit the
#    Multi-ProbCut statistics of the result.
"$train" --data "$work/positions.txt" --fit-only --out "$work/pattern-weights.bin" \
  --patterns "${PATTERNS:-rich}" --phases "${PHASES:-12}" --epochs "${EPOCHS:-6}" \
  --propagate-depth "${PROPAGATE_DEPTH:-4}" --seed 1 --threads "$threads" \
  --mpc-out "$work/mpc-stats.bin" --mpc-positions "${MPC_POSITIONS:-2000}" \
  --mpc-depth "${MPC_DEPTH:-8}"
