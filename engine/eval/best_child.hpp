#pragma once
// The loop of Evaluator::best_child8, shared by the evaluations that score a
// child their own way: the best of -value(square, flipped) over the moves
// (lowest square first), stopping once it reaches beta; a move that flips
// every opposing disc ends the game and scores kWipeoutScore.

#include <bit>
#include <cstdint>

#include "engine/board/board8.hpp"
#include "engine/eval/eval.hpp"

namespace flank {

// value(sq, flipped) is the child's score for its own side to move.
template <class ChildValue>
Evaluator::BestChild best_child_by(std::uint64_t me, std::uint64_t opp, std::uint64_t moves,
                                   int beta, std::uint64_t& nodes, ChildValue&& value) {
  Evaluator::BestChild best{-(1 << 20), -1};
  for (; moves && best.score < beta; moves &= moves - 1) {
    const int sq = std::countr_zero(moves);
    const std::uint64_t f = board8::flips(me, opp, sq);
    ++nodes;
    const int v = f == opp ? kWipeoutScore : -value(sq, f);
    if (v > best.score) best = {v, sq};
  }
  return best;
}

}  // namespace flank
