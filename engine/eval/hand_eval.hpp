#pragma once
// The hand-made evaluation for every board size: mobility, potential mobility
// (frontier), corners and the squares next to empty corners, edges, and on 8x8
// a table of square values. Written once over the square set like the rules.

#include <array>
#include <vector>

#include "engine/board/rules.hpp"
#include "engine/eval/eval.hpp"
#include "engine/eval/size_eval.hpp"

namespace flank {

// The squares the evaluation weighs specially, for one board shape.
template <class Set>
struct EvalShape {
  struct Corner {
    int corner;
    int x_square;      // diagonal neighbour
    int c_squares[2];  // edge neighbours: along the row, along the column
    int a_squares[2];  // the next square along each edge
    int edge_step[2];  // square index change of one step along each edge
    int edge_length[2];
  };
  std::array<Corner, 4> corners{};
  Set corner_set{};
  Set edges{};                    // edge squares other than corners and C-squares
  std::vector<int> square_value;  // per square, in eval units (8x8 only; empty otherwise)
  // The learnt evaluation for this size (engine/eval/size_eval.hpp); nullptr: the hand-made one.
  const SizeWeights* learnt = nullptr;

  explicit EvalShape(Shape board, const SizeWeights* learnt = nullptr);
};

// Weights in eval units (kUnitsPerDisc per disc).
struct HandWeights {
  static constexpr int kMobility = 20;
  static constexpr int kFrontier = 6;
  static constexpr int kCorner = 150;
  static constexpr int kXSquare = 70;  // a disc next to an empty corner, diagonally
  static constexpr int kCSquare = 24;  // a disc next to an empty corner, on the edge
  static constexpr int kEdge = 6;
};

template <class Set>
Set neighbours(const Set& s, const Geometry<Set>& g) {
  if constexpr (kWideSimd<Set>) return wide_simd::neighbours(s, g);
  Set n{};
  for (int d = 0; d < kDirections; ++d) n |= step(s, d, g);
  return n;
}

// Both sides' legal moves and the empty squares next to their discs.
template <class Set>
wide_simd::SideCounts side_counts(const Board<Set>& b, const Geometry<Set>& g) {
  if constexpr (std::is_same_v<Set, Set128>) {
    return lane_fill::side_counts<set128::DirectionLanes>(b.me, b.opp, g);
  } else if constexpr (std::is_same_v<Set, Set256> && wide_simd::kDirectionPairs) {
    return lane_fill::side_counts<set256::DirectionPairs>(b.me, b.opp, g);
  } else if constexpr (kWideSimd<Set>) {
    return wide_simd::side_counts(b.me, b.opp, g);
  } else {
    const Set empty = g.board & ~(b.me | b.opp);
    return {{popcount(legal_moves(b.me, b.opp, g)), popcount(legal_moves(b.opp, b.me, g))},
            {popcount(empty & neighbours(b.me, g)), popcount(empty & neighbours(b.opp, g))}};
  }
}

// With the side counts of b already at hand (the move order needs the
// mobility too, and on large boards the counts are most of the cost).
template <class Set>
int hand_evaluate(const Board<Set>& b, const EvalShape<Set>& shape,
                  const wide_simd::SideCounts& counts) {
  using W = HandWeights;
  int score = W::kMobility * (counts.mobility[0] - counts.mobility[1]) +
              W::kFrontier * (counts.frontier[1] - counts.frontier[0]);
  score += W::kCorner * (popcount(b.me & shape.corner_set) - popcount(b.opp & shape.corner_set));
  for (const auto& c : shape.corners) {
    if (test(b.me, c.corner) || test(b.opp, c.corner)) continue;
    score -= W::kXSquare * (test(b.me, c.x_square) - test(b.opp, c.x_square));
    for (int sq : c.c_squares) score -= W::kCSquare * (test(b.me, sq) - test(b.opp, sq));
  }
  score += W::kEdge * (popcount(b.me & shape.edges) - popcount(b.opp & shape.edges));
  if (!shape.square_value.empty()) {
    for_each_square(b.me, [&](int sq) { score += shape.square_value[sq]; });
    for_each_square(b.opp, [&](int sq) { score -= shape.square_value[sq]; });
  }
  return score;
}

template <class Set>
int hand_evaluate(const Board<Set>& b, const Geometry<Set>& g, const EvalShape<Set>& shape) {
  return hand_evaluate(b, shape, side_counts(b, g));
}

}  // namespace flank
