#pragma once
// Plays one line from a position to the end of the game on a
// PatternEvaluator's incremental state, then undoes it: `check(board, state)`
// runs at every position of the line (board from the mover's side), the move
// is the lowest or the highest legal square (a pass when there is none), and
// after the undo the state must be exactly the one it started from.

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
void play_line_and_undo(const PatternEvaluator& e, Board b, LineMove pick, Check check) {
  PatternEvaluator::State s;
  e.set_state(s, b.me, b.opp);
  const PatternEvaluator::State root = s;
  std::vector<std::pair<int, std::uint64_t>> line;  // (square, or -1 for a pass; flips)
  for (;;) {
    check(b, s);
    const std::uint64_t moves = board8::legal_moves(b.me, b.opp);
    if (!moves && !board8::legal_moves(b.opp, b.me)) break;
    if (moves) {
      const int sq =
          pick == LineMove::Lowest ? std::countr_zero(moves) : 63 - std::countl_zero(moves);
      const std::uint64_t f = board8::flips(b.me, b.opp, sq);
      e.play(s, sq, f);
      b = {b.opp ^ f, b.me ^ f ^ (std::uint64_t{1} << sq)};
      line.push_back({sq, f});
    } else {
      PatternEvaluator::pass(s);
      std::swap(b.me, b.opp);
      line.push_back({-1, 0});
    }
  }
  for (auto it = line.rbegin(); it != line.rend(); ++it) {
    if (it->first < 0)
      PatternEvaluator::pass(s);
    else
      e.undo(s, it->first, it->second);
  }
  CHECK(s.side == root.side);
  CHECK(std::equal(&s.index[0][0], &s.index[0][0] + 2 * PatternEvaluator::kMaxPlacements,
                   &root.index[0][0]));
}

}  // namespace flank::testing
