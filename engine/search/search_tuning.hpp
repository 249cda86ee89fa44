#pragma once
// Every tuning constant of the search in one place, with how it was chosen.
// "Measured" means flank-bench CPU seconds on this project's 2-core machine
// (BENCHMARKS.md), Release build, one thread; change one at a time and compare
// the same command before and after. "From main" marks a value inherited from
// earlier work and not re-measured since: a candidate for tuning, not a fact.

namespace flank::tuning {

// Exact phase (SearchTree::negamax, engine/search/endgame.cpp, engine/endgame/endgame8.hpp).
// 8x8: at or below, the bitboard leaf solver (no move list, no hash table).
// Measured on FFO #40: 6 and 7 take the same CPU time, 6 visits 28% fewer nodes.
constexpr int kLeafEmpties8 = 6;
// Other sizes: at or below, the generic parity-ordered leaf code (kept from main).
constexpr int kLeafEmpties = 4;
// At or above, the solver uses the transposition table. Measured on FFO #40
// (before huge pages and prefetch): 7 took 1.06-1.16 CPU s, 9 took 1.02 but with
// huge pages and prefetch 7 is 0.89 s, so 7 stays.
constexpr int kHashEmpties = 7;
// At or above, enhanced transposition cut-off: every reply is looked up first.
// 10 took 2% fewer nodes than 12 and more time, 14 2% more nodes (2026-12-06, 45
// positions of 20-22 empties).
constexpr int kEtcEmpties = 12;
// At or above, moves are also ordered by a 1-ply (kDeeperOrderEmpties: 2-ply)
// midgame search of each reply. Measured (2026-11-27, 329f868, exact solves of 20
// game positions at 20 and at 22 empties, `flank-bench midgame -l 10`, and
// FFO #40-#44): 14, main's value, took 136.1 M / 2,659 M / 164.5 M nodes,
// 16 took 127.5 M / 2,246 M / 165.0 M, 17 120.1 M / 1,899 M / 167.7 M, 18
// 122.1 M / - / 173.9 M; below 17 the evaluation's order at the reply is no
// better than the fewest replies alone and costs a search per move.
// kDeeperOrderEmpties 20 took more nodes on FFO #40-#44 than 18 (170.4 M).
// Re-measured with the 2026-12-06 fastest-first weights: 16 and 19 took 2.2%
// fewer nodes on FFO #40-#49 and 1.7% more CPU time, so 17 and 18 stay.
constexpr int kSearchOrderEmpties = 17;
constexpr int kDeeperOrderEmpties = 18;
// Fastest-first ordering weights (SearchTree::order_endgame): per opponent
// reply, per opponent corner reply (on top), a move into an odd region, a
// corner move. Measured (2026-12-06, docs/experiments.md "Fastest first with
// corners weighed more"): a corner reply counted as two replies rather than
// one and a half, and a corner move worth half a reply rather than an eighth,
// took the solver's nodes 8.8% lower on FFO #1-#79's 20-21 empties, 1.8% on
// #40-#42, 7.2% on 30 WTHOR positions at 22 empties, 4.5% on 30 others not
// used in the choice, and 7.6% on FFO #40-#49 (CPU 0.926). A term for the
// opponent's potential mobility saved more nodes, but slowed every node as
// much (FFO #40-#49: 40.6 CPU s against these weights' 38.1).
constexpr int kEndgameOrderReply = 16;
constexpr int kEndgameOrderCornerReply = 16;
constexpr int kEndgameOrderParity = 4;
constexpr int kEndgameOrderCorner = 8;

// Midgame phase (engine/search/search_tree.cpp): remaining depth from which each move is
// ordered by a 1-ply (kDeepOrderDepth: 2-ply) search. Measured (2026-11-27, a5a392f,
// callgrind instructions, docs/experiments.md "Move ordering in the midgame"): main's
// 6 and 10 spent more on the ordering searches (a 1-ply search of a reply
// evaluates all its replies) than the better order saved: 17% of the
// instructions at depth 14 with Multi-ProbCut, 6% at depth 10 without.
constexpr int kOrderSearchDepth = 12;
constexpr int kDeepOrderDepth = 14;
// Below kOrderSearchDepth (and above 2 plies) a move's order is
// -evaluation / kMidgameOrderEvalDivisor - kMidgameOrderReply * replies
// + kMidgameOrderCorner for a corner (eval units). 4 per reply (a quarter of a
// disc; the evaluation has mobility terms of its own) measured best of 0, 4, 8,
// 12 and 16 (2026-11-27, a5a392f); other divisors (1, 4) and corner bonuses (0, 32, 128)
// measured within the position set's spread of these, kept from main.
constexpr int kMidgameOrderEvalDivisor = 2;
constexpr int kMidgameOrderReply = 4;
constexpr int kMidgameOrderCorner = 64;
// At 2 plies remaining a move's order is minus the opponent's replies, plus this
// for a corner and minus it for an X-square: more than any count of replies,
// so corners come first and X-squares last. Measured (2026-11-27, 1455cb3, callgrind,
// docs/experiments.md "The last two plies"): a weight of 2 (a corner worth two
// replies) or no X-square term measured the same.
constexpr int kLastPliesSquareKind = 64;

// Root (engine/search/search.cpp): empties above the exact-solve point at which a
// win/loss/draw solve follows the search. Measured at 0.25 s a move (2026-12-06,
// 400 games each against 2): 0 (no such solve) -11.3 Elo (-41.5 to +18.7), 4
// +5.2 (-24.4 to +34.9); neither proven, so 2 stays.
constexpr int kWinLossDrawExtra = 2;
// Aspiration window half-width, in discs, around the previous iteration's score.
// 1, 3 and 4 searched 40 positions of 30 and of 40 empties to depth 16 in
// 0.99-1.07 of 2's nodes (2026-12-06). The window (and the exact solve's MTD(f) first guess) is
// centred on that score rounded to whole discs: centring on the unrounded eval-unit score was
// measured worse with the same moves and scores (midgame -n 40: 36,264,829 nodes against
// 35,494,267; FFO #40-#44: 203,089,986 against 199,966,778).
constexpr int kAspirationDiscs = 2;
// Without a depth or clock the search goes this deep (from main).
constexpr int kDefaultDepth = 6;
// Before a solve without a clock, a short search orders the root moves: this
// deep at up to 12 empties, kPreSolveDepthMid at up to 18, else kPreSolveDepthFar (from main).
constexpr int kPreSolveDepthNear = 2;
constexpr int kPreSolveDepthMid = 4;
constexpr int kPreSolveDepthFar = 6;
// With a clock, no new iteration starts after this share of the budget
// (before a solve: kSolveStartShare, so the solve keeps most of it; from main).
constexpr double kIterationStartShare = 0.4;
// Under a clock a move spends about this share of its budget (no iteration
// starts after kIterationStartShare of it, the last one ends when it ends or
// at the deadline): 0.55 on the first move of games at 6 s a game. Main time
// and a byo-yomi period's stones but the last are planned at this rate
// (engine/search/time_control.cpp), so that the clock is spent rather than left
// over (docs/experiments.md "Sharing the clock over the moves before the solve").
constexpr double kClockMoveUse = 0.6;
// With a fixed time per move (SearchLimits::fixed_time) the time left over is
// lost, so iterations start until this share: an unfinished last iteration
// still confirms the best move or finds a better one (measured, docs/experiments.md
// "Using the whole time per move"). Before a solve, and where a win/loss/draw
// solve follows the search, the clock's shares above apply.
constexpr double kFixedTimeStartShare = 1.0;
constexpr double kSolveStartShare = 0.2;
// The automatic exact-solve point (SearchLimits::exact_empties = -1): with a
// depth d, d * 3 / 2 + 2 empties; with s seconds,
// kSolveEmptiesAt + kSolveEmptiesPerDoubling * log2(s / kSolveSecondsAt),
// clamped to [kSolveEmptiesMin, kSolveEmptiesMax]; else kSolveEmptiesDefault
// (from main).
constexpr int kSolveEmptiesAt = 11;
constexpr int kSolveEmptiesPerDoubling = 2;
constexpr double kSolveSecondsAt = 0.05;
constexpr int kSolveEmptiesMin = 6;
constexpr int kSolveEmptiesMax = 26;
constexpr int kSolveEmptiesDefault = 12;

// Budget (time, node limit, stop flag) checked every this many nodes: the
// clock read costs about as much as a few nodes (from main).
constexpr int kBudgetCheckNodes = 4096;
// Below a split point, whether it was cut is checked every this many nodes.
constexpr int kCutCheckNodes = 256;
// Young brothers wait (engine/search/split_pool.hpp): the smallest node that
// splits, in empties in the exact phase and in depth in the midgame.
constexpr int kSplitEmpties = 12;
constexpr int kSplitDepth = 4;
// A thread with nothing to join spins this long before it blocks.
constexpr int kSplitSpinMicroseconds = 200;

}  // namespace flank::tuning
