#pragma once
// The exact solvers' use of a transposition-table entry: a stored exact
// result (a solved depth, bounds in eval units) either ends the search or
// narrows its window; any entry's move is tried first. `scale` is how many
// eval units make one of the caller's score units: 1 for the search
// (SearchTree works in eval units throughout), kUnitsPerDisc for a solver that
// counts in discs (the small-board solver).

#include <algorithm>
#include <optional>

#include "engine/eval/eval.hpp"
#include "engine/table/tt.hpp"

namespace flank {

// The score when the stored bounds settle the window (alpha, beta), else
// nothing, with alpha and beta narrowed to the bounds and hash_move set.
inline std::optional<int> probe_solved(const TranspositionTable& tt, std::uint64_t key, int& alpha,
                                       int& beta, int& hash_move, int scale = kUnitsPerDisc) {
  const auto e = tt.probe(key);
  if (!e) return std::nullopt;
  hash_move = e->move;
  if (!is_solved_depth(e->depth)) return std::nullopt;
  const int lower = e->lower / scale, upper = e->upper / scale;
  if (lower >= beta) return lower;
  if (upper <= alpha) return upper;
  if (lower == upper) return lower;
  alpha = std::max(alpha, lower);
  beta = std::min(beta, upper);
  return std::nullopt;
}

// Enhanced transposition cut-off: the score that ends the search when the child
// with this key is stored as exact and its bound already reaches beta for the
// parent, else nothing.
inline std::optional<int> etc_cutoff(const TranspositionTable& tt, std::uint64_t child_key,
                                     int beta, int scale = kUnitsPerDisc) {
  const auto e = tt.probe(child_key);
  if (e && is_solved_depth(e->depth) && -(e->upper / scale) >= beta) return -(e->upper / scale);
  return std::nullopt;
}

}  // namespace flank
