#!/bin/sh
# The evaluation recipe in one command: the shipped pattern weights, the
# residual net over them and their Multi-ProbCut statistics, from self-play
# games plus all the WTHOR PGN
# files (the French federation's 136,055 tournament games, one PGN file a
# year, as published by the project MartinMSPedersen/othello-games), on one
# machine.
#   WTHOR_DIR=DIR tools/train/train-shipped.sh WORK_DIR [THREADS]
# Writes WORK_DIR/pattern-weights.bin, WORK_DIR/pattern-net.bin (each with
# its learning curve, .curve.md) and WORK_DIR/mpc-stats.bin (and on the way
# WORK_DIR/labels.txt, the positions with their propagated labels, and
# propagation-weights.bin, the weights that searched them); copy the three
# .bin files into data/ and rebuild to ship them. Every step is resumable: run the same command again (the
# position files grow game by game; the propagation saves its state after
# each phase in WORK_DIR/propagation.checkpoint and resumes after the last
# phase saved). The same inputs and seed give the same files whatever THREADS
# is, and whether or not the run was interrupted.
#
# The sizes (environment variables) default to the recipe of the shipped
# files (about 78 minutes of 2 cores: the build of 2026-11-28, 1c5bac1, with
# the statistics to depth 12 and the residual net); the end-to-end test runs it
# reduced, in seconds:
#   SELFPLAY_GAMES=150000 self-play games from XOT openings with 5% random
#                         moves, depth-4 search (about 436 games a second on
#                         2 idle cores)
#   EXACT_EMPTIES=14      exact labels from this many empties on
#   WLD_EMPTIES=0         above EXACT_EMPTIES and up to this many empties, each
#                         position's win/loss/draw proven by a solve (0: none)
#   WTHOR_DIR=            the directory of the WTHOR PGN files (unset: self-play
#                         only, as the files shipped on 2026-11-24)
#   WTHOR_SHARD=1/1       the share of them taken (game number K-1 modulo N;
#                         1/1 all, since 1c5bac1 of 2026-11-28; 1/2 made
#                         the files shipped from 2026-11-25 to 2026-11-28)
#   PHASES=12 PROPAGATE_DEPTH=8 MPC_POSITIONS=2000
#   MPC_DEPTH=12          the deepest Multi-ProbCut pair (8 until 5435b9c, 2026-11-28;
#                         a timed search reaches 10-13 plies, where the depth-8
#                         pair underestimated the error; 14 played level with 12
#                         at 0.25 s a move and takes 40 minutes more, 2026-12-06)
#   EPOCHS=10             the propagation's first fit, on game results (with
#                         PROPAGATE_SOLVER=sgd)
#   PROPAGATE_SOLVER=cg   the propagation's fits: sgd (descent, EPOCHS) or cg
#                         (least squares, every refit solved to its optimum)
#   PROPAGATE_MPC=        Multi-ProbCut in the propagation's searches: off, on
#                         (the statistics built into flank-train, which change
#                         with every shipped file) or a file; default
#                         propagation-mpc.bin beside this script (the
#                         statistics shipped on 2026-11-25, fitted to the
#                         CG12 weights), so the recipe does not depend on its
#                         own output
#   MPC_ENDGAME_MAX=22 MPC_ENDGAME_POSITIONS=100 (the selective endgame's pairs,
#                         each position solved exactly: about 8 CPU minutes)
#   PATTERNS=classic      the pattern set of the final fit (the propagation
#                         searches with the classic set)
#   BLEND=1               the final fit's phases blended per move (--blend: each
#                         position trains the two phases around its move; the
#                         file keeps the PHASES control phases and flank
#                         evaluates one per move); 0: plain phases
#   NET=1                 fit the residual net over the final weights (2 minutes
#                         on one core), and the statistics with it; 0: no net
#   NET_EPOCHS=6 NET_DECAY=0.6 NET_PHASES=4
#   CHILDREN=0            the share (0..1) of positions above EXACT_EMPTIES + 1
#                         given a child one uniformly random move off the game
#                         path, in the same game, labelled by the propagation
#                         (--children; docs/experiments.md, 2026-11-29)
#   PROPAGATE_AVERAGE=0   1: each search label is the mean of the search's last
#                         two iterations (--propagate-average: depths
#                         PROPAGATE_DEPTH-1 and PROPAGATE_DEPTH), for the time
#                         of PROPAGATE_DEPTH alone
set -eu
[ $# -ge 1 ] || { echo "usage: $0 WORK_DIR [THREADS]" >&2; exit 2; }
work=$1 threads=${2:-$(nproc)}
train=${FLANK_TRAIN:-build/flank-train}
exact=${EXACT_EMPTIES:-14}
wld=${WLD_EMPTIES:-0}
propagate_mpc=${PROPAGATE_MPC:-$(dirname "$0")/propagation-mpc.bin}
average=
[ "${PROPAGATE_AVERAGE:-0}" = 0 ] || average=--propagate-average
blend=--blend
[ "${BLEND:-1}" = 1 ] || blend=
mkdir -p "$work"
[ -n "${WTHOR_DIR:-}" ] ||
  echo "WTHOR_DIR is not set: self-play games only (the shipped files also use the WTHOR PGN files)" >&2
# 1. Self-play games (numbers 0..N-1) and the WTHOR games (1000000000 + i),
#    each into its own position file.
"$train" --data "$work/selfplay.txt" --games "${SELFPLAY_GAMES:-150000}" --exact-empties "$exact" \
  --wld-empties "$wld" --seed 1 --generate-only --threads "$threads"
parts="$work/selfplay.txt"
if [ -n "${WTHOR_DIR:-}" ]; then
  "$train" --data "$work/wthor.txt" --games-pgn "$WTHOR_DIR" --shard "${WTHOR_SHARD:-1/1}" \
    --exact-empties "$exact" --wld-empties "$wld" --generate-only --threads "$threads"
  parts="$parts $work/wthor.txt"
fi
# 2. One position file of the parts, games in number order (made again each
#    time), with CHILDREN's share of positions given a random child.
rm -f "$work/positions.txt"
# shellcheck disable=SC2086 # $parts is a list of paths without spaces
"$train" --data "$work/positions.txt" --merge $parts --children "${CHILDREN:-0}" \
  --exact-empties "$exact" --seed 1
# 3. Fit, propagate search labels backwards phase by phase, and write the
#    positions with their final labels; then fit the shipped weights to those
#    labels from scratch by regularised least squares (no propagation: the
#    labels are already deep), and the Multi-ProbCut statistics of the
#    weights as written (as flank loads them).
# shellcheck disable=SC2086 # $average and $blend are one word or none
"$train" --data "$work/positions.txt" --fit-only --out "$work/propagation-weights.bin" \
  --patterns classic --phases "${PHASES:-12}" --solver "${PROPAGATE_SOLVER:-cg}" \
  --epochs "${EPOCHS:-10}" --propagate-depth "${PROPAGATE_DEPTH:-8}" \
  --propagate-mpc "$propagate_mpc" $average --labels-out "$work/labels.txt" \
  --propagate-checkpoint "$work/propagation.checkpoint" \
  --seed 1 --threads "$threads"
"$train" --data "$work/labels.txt" --fit-only --out "$work/pattern-weights.bin" \
  --patterns "${PATTERNS:-classic}" --phases "${PHASES:-12}" --solver cg \
  --propagate-depth 0 $blend --seed 1 --threads "$threads"
# 4. The residual net over the final weights, fitted to the same labels; the
#    statistics are those of the weights with the net, as flank plays them.
net=off
if [ "${NET:-1}" = 1 ]; then
  "$train" --data "$work/labels.txt" --net-only --init "$work/pattern-weights.bin" \
    --net-out "$work/pattern-net.bin" --net-epochs "${NET_EPOCHS:-6}" \
    --net-decay "${NET_DECAY:-0.6}" --net-phases "${NET_PHASES:-4}" --seed 1
  net=$work/pattern-net.bin
fi
"$train" --data "$work/positions.txt" --mpc-only --init "$work/pattern-weights.bin" \
  --net "$net" --mpc-out "$work/mpc-stats.bin" --mpc-positions "${MPC_POSITIONS:-2000}" \
  --mpc-depth "${MPC_DEPTH:-12}" --mpc-endgame-max "${MPC_ENDGAME_MAX:-22}" \
  --mpc-endgame-positions "${MPC_ENDGAME_POSITIONS:-100}" --seed 1 --threads "$threads"
