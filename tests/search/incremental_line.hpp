#pragma once
// Plays one line from a position to the end of the game on a
// PatternEvaluator's incremental states, one a ply as the search keeps them:
// `check(board, state)` runs at every position of the line (board from the
// mover's side), the move is the lowest or the highest legal square (a pass
// when there is none). Then it runs again on each earlier position, whose
// state its children's must have left as it was.

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/board/board8.hpp"
#include "engine/eval/pattern_evaluator.hpp"

namespace flank::testing {

enum class LineMove { Lowest, Highest };

template <class Board, class Check>
void play_line(const PatternEvaluator& e, Board b, LineMove pick, Check check) {
  std::vector<PatternEvaluator::State> states(1);
  e.set_state(states.back(), b.me, b.opp);
  std::vector<Board> boards;
  for (;;) {
    boards.push_back(b);
    check(b, states.back());
    const std::uint64_t moves = board8::legal_moves(b.me, b.opp);
    if (!moves && !board8::legal_moves(b.opp, b.me)) break;
    if (moves) {
      const int sq =
          pick == LineMove::Lowest ? std::countr_zero(moves) : 63 - std::countl_zero(moves);
      const std::uint64_t f = board8::flips(b.me, b.opp, sq);
      states.emplace_back();
      e.play(states[states.size() - 2], states.back(), sq, f);
      b = {b.opp ^ f, b.me ^ f ^ (std::uint64_t{1} << sq)};
    } else {
      // A pass changes the side to move in place, as the search does.
      states.push_back(states.back());
      PatternEvaluator::pass(states.back());
      std::swap(b.me, b.opp);
    }
  }
  REQUIRE(boards.size() == states.size());
  for (std::size_t k = 0; k < boards.size(); ++k) check(boards[k], states[k]);
}

}  // namespace flank::testing
