// The four-word set has two fills: two directions a vector (set256_simd.hpp),
// which the build uses with AVX-512, and a loop a direction (wide_simd.hpp),
// used otherwise. Whichever one this build plays with, both must give the
// naive rules' moves and the same counts, so each is checked here on every
// machine.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/board/rules.hpp"
#include "engine/board/set256_simd.hpp"
#include "engine/board/wide_simd.hpp"
#include "naive_rules.hpp"

using namespace flank;

namespace {

Set256 set_of(const std::vector<Square>& squares) {
  Set256 s{};
  for (Square sq : squares) set_bit(s, sq);
  return s;
}

}  // namespace

TEST_CASE("the four-word set's two fills agree with the naive rules and each other") {
  std::mt19937 rng(2026'12'07);
  for (const Shape shape : {Shape::square(12), Shape::square(16), Shape{14, 10}, Shape{8, 26}}) {
    CAPTURE(shape.cols);
    CAPTURE(shape.rows);
    const Geometry<Set256>& g = geometry<Set256>(shape);
    int positions = 0;
    for (int game = 0; game < 3; ++game) {
      Game played(shape);
      while (!played.position().is_game_over()) {
        const Position& p = played.position();
        const testing::NaiveBoard naive(p);
        const Board<Set256> b = p.board<Set256>();
        const Set256 expected_me = set_of(naive.moves(naive.to_move));
        const Set256 expected_opp = set_of(naive.moves(3 - naive.to_move));
        REQUIRE(lane_fill::legal_moves<set256::DirectionPairs>(b.me, b.opp, g) == expected_me);
        REQUIRE(wide_simd::legal_moves(b.me, b.opp, g) == expected_me);
        const auto pairs = lane_fill::side_counts<set256::DirectionPairs>(b.me, b.opp, g);
        const auto loops = wide_simd::side_counts(b.me, b.opp, g);
        REQUIRE(pairs.mobility[0] == popcount(expected_me));
        REQUIRE(pairs.mobility[1] == popcount(expected_opp));
        REQUIRE(loops.mobility[0] == pairs.mobility[0]);
        REQUIRE(loops.mobility[1] == pairs.mobility[1]);
        // Frontier: empty squares next to each side's discs.
        const Set256 empty = g.board & ~(b.me | b.opp);
        const int frontier_me = popcount(wide_simd::neighbours(b.me, g) & empty);
        const int frontier_opp = popcount(wide_simd::neighbours(b.opp, g) & empty);
        REQUIRE(pairs.frontier[0] == frontier_me);
        REQUIRE(pairs.frontier[1] == frontier_opp);
        REQUIRE(loops.frontier[0] == frontier_me);
        REQUIRE(loops.frontier[1] == frontier_opp);
        ++positions;
        const std::vector<Square> moves = p.legal_moves();
        played.play(
            moves.empty()
                ? kPass
                : moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
      }
    }
    CHECK(positions > 3 * (shape.squares() - 4) / 2);
  }
}
