// Stable discs must never flip, whatever is played afterwards; the 8x8 fast
// path must agree with the general one.
#include "engine/board/stability.hpp"

#include <doctest/doctest.h>

#include <random>

#include "test_positions.hpp"

using namespace flank;
using flank::testing::random_position;

namespace {

template <class Set>
Set stable_of(const Position& p, Color c) {
  const auto& g = geometry<Set>(p.shape());
  const Board<Set> b = p.board<Set>();
  const bool mover = p.to_move() == c;
  return mover ? stable_discs(b.me, b.opp, g) : stable_discs(b.opp, b.me, g);
}

}  // namespace

TEST_CASE("stable discs never flip in random continuations") {
  std::mt19937_64 rng(42);
  int stable_seen = 0;
  for (int size : {6, 8, 10}) {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      const Position start = random_position(size, size * size / 4, seed * 31 + size);
      const Color colors[2] = {Color::Black, Color::White};
      for (Color c : colors) {
        const WideSet stable = stable_of<WideSet>(start, c);
        stable_seen += popcount(stable);
        for (int game = 0; game < 5; ++game) {
          Position p = start;
          while (!p.is_game_over()) {
            const auto moves = p.legal_moves();
            p.play(moves.empty() ? kPass : moves[rng() % moves.size()]);
            for_each_square(stable, [&](int sq) {
              REQUIRE(p.at(sq) == (c == Color::Black ? Cell::Black : Cell::White));
            });
          }
        }
      }
    }
  }
  CHECK(stable_seen > 100);  // the test saw real stable discs, not only empty sets
}

namespace {

// Stable discs in the narrower set of N words, against the wide set, on random positions.
template <int N>
void check_narrow_stability(Shape shape) {
  CAPTURE(shape.cols);
  CAPTURE(shape.rows);
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const int empties = static_cast<int>(seed * 7 % (shape.squares() - 10));
    const Position p = testing::random_position(shape, empties, seed);
    for (Color c : {Color::Black, Color::White}) {
      const WordSet<N> narrow = stable_of<WordSet<N>>(p, c);
      CHECK(resize<WideSet::kWords>(narrow) == stable_of<WideSet>(p, c));
    }
  }
}

}  // namespace

TEST_CASE("the two-, four- and eight-word sets find the wide set's stable discs") {
  for (const Shape shape : {Shape(10), Shape{8, 12}, Shape{12, 10}})
    check_narrow_stability<2>(shape);
  for (const Shape shape : {Shape(12), Shape(16), Shape{14, 10}, Shape{26, 8}})
    check_narrow_stability<4>(shape);
  for (const Shape shape : {Shape(18), Shape(22), Shape{26, 14}, Shape{10, 26}})
    check_narrow_stability<8>(shape);
}

TEST_CASE("8x8 full-line masks agree with the general stability code") {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const Position p = random_position(8, static_cast<int>(seed % 40), seed);
    for (Color c : {Color::Black, Color::White}) {
      const std::uint64_t fast = stable_of<std::uint64_t>(p, c);
      const WideSet wide = stable_of<WideSet>(p, c);
      CHECK(fast == wide.w[0]);
    }
  }
}
