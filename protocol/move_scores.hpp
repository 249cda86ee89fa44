#pragma once
// A score for every legal move of a position, best first: the shared core of
// flank-analyze_all / flank-solve_all over GTP and of NBoard's hint. The
// engine's root search reports only its best move, so each move is scored by
// searching the position after it (one Searcher, so the transposition table
// carries over from move to move).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/parallel/parallel_search.hpp"
#include "engine/search/search.hpp"

namespace flank {

struct MoveScore {
  Square move = kPass;
  int score = 0;       // for the side to move, in discs
  bool exact = false;  // score is the proven final disc difference
  int depth = 0;       // plies searched from the position itself (empties when exact)
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Square> pv;  // starts with move
};

// "score S exact true|false depth D nodes N seconds T pv M1 M2 ...": how the
// analysis commands describe one search (seconds in plain decimals, never 4e-06).
std::string score_fields(const MoveScore& m, Shape shape);

// Every legal move of p (just kPass when the side to move must pass; nothing
// when the game is over) with its score, best first (ties keep square order).
// The limits are those of one decision: each move gets one ply less of depth
// (at least 1) and an even share of the seconds and nodes; stop is honoured.
std::vector<MoveScore> score_moves(ParallelSearcher& searcher, const Position& p,
                                   const SearchLimits& limits);

// The same from the exact solver; only limits.stop, seconds and nodes apply
// (a move cut short by them comes back with exact == false).
std::vector<MoveScore> solve_moves(ParallelSearcher& searcher, const Position& p,
                                   const SearchLimits& limits);

// The one per-move scoring of flank-analyze_all / flank-solve_all and
// flank-review: solve_moves when `exact`, else score_moves.
std::vector<MoveScore> score_each_move(ParallelSearcher& searcher, const Position& p,
                                       const SearchLimits& limits, bool exact);

}  // namespace flank
