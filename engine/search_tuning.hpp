#pragma once
// Every tuning constant of the search in one place, with how it was chosen.
// "Measured" means flank-bench CPU seconds on this project's 2-core machine
// (BENCHMARKS.md), Release build, one thread; change one at a time and compare
// the same command before and after.

namespace flank::tuning {

// Exact phase (SearchTree::negamax, engine/endgame.cpp, engine/endgame8.hpp).
// 8x8: at or below, the bitboard leaf solver (no move list, no hash table).
// Measured on FFO #40: 6 and 7 take the same CPU time, 6 visits 28% fewer nodes.
constexpr int kLeafEmpties8 = 6;
// Other sizes: at or below, the generic parity-ordered leaf code (kept from main).
constexpr int kLeafEmpties = 4;
// At or above, the solver uses the transposition table. Measured on FFO #40
// (before huge pages and prefetch): 7 took 1.06-1.16 CPU s, 9 took 1.02 but with
// huge pages and prefetch 7 is 0.89 s, so 7 stays.
constexpr int kHashEmpties = 7;
// At or above, enhanced transposition cut-off: every reply is looked up first (from main).
constexpr int kEtcEmpties = 12;
// At or above, moves are also ordered by a 1-ply (kDeeperOrderEmpties: 2-ply)
// midgame search of each reply (from main, tuned on FFO #40-#44).
constexpr int kSearchOrderEmpties = 14;
constexpr int kDeeperOrderEmpties = 18;

// Midgame phase (engine/search_tree.cpp): remaining depth from which each move is
// ordered by a 1-ply (kDeepOrderDepth: 2-ply) search (from main).
constexpr int kOrderSearchDepth = 6;
constexpr int kDeepOrderDepth = 10;

// Root (engine/search.cpp): empties above the exact-solve point at which a
// win/loss/draw solve follows the search (from main).
constexpr int kWinLossDrawExtra = 2;
// Aspiration window half-width, in discs, around the previous iteration's score (from main).
constexpr int kAspirationDiscs = 2;

}  // namespace flank::tuning
