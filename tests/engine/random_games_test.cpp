// Random games on every shape, checked against a naive square-by-square
// implementation of the rules (naive_rules.hpp) written independently of engine/.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/board/game.hpp"
#include "naive_rules.hpp"

using namespace flank;

using flank::testing::NaiveBoard;

namespace {

// One game on a shape: every move list and every flip checked against the naive rules.
void play_random_game(Shape shape, std::mt19937& rng) {
  Game g(shape);
  while (!g.position().is_game_over()) {
    const Position p = g.position();  // a copy: play() grows the history
    const NaiveBoard naive(p);
    const int me = naive.to_move;
    const std::vector<Square> moves = p.legal_moves();
    REQUIRE(moves == naive.moves(me));
    for (Square m : moves) REQUIRE(m < shape.squares());
    if (moves.empty()) {
      REQUIRE(!naive.moves(3 - me).empty());
      g.play(kPass);
      continue;
    }
    const Square m = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
    std::vector<int> expected = naive.flips(m, me);
    std::sort(expected.begin(), expected.end());
    REQUIRE(p.flips(m) == std::vector<Square>(expected.begin(), expected.end()));
    const int discs_before = p.count(Color::Black) + p.count(Color::White);
    const int mine_before = p.count(p.to_move());
    g.play(m);
    const Position& q = g.position();
    // One new disc, the flipped ones change sides, nothing else moves.
    REQUIRE(q.count(Color::Black) + q.count(Color::White) == discs_before + 1);
    REQUIRE(q.count(p.to_move()) == mine_before + 1 + static_cast<int>(expected.size()));
  }
  const NaiveBoard end(g.position());
  CHECK(end.moves(1).empty());
  CHECK(end.moves(2).empty());
  // Undo all the way back reproduces the start position.
  while (g.undo()) {
  }
  CHECK(g.position() == Position(shape));
}

}  // namespace

TEST_CASE("random games on every size agree with the naive rules") {
  std::mt19937 rng(20261122);
  for (int n = 4; n <= 26; n += 2) {
    CAPTURE(n);
    const int games = n <= 8 ? 40 : n <= 16 ? 4 : 2;
    for (int game = 0; game < games; ++game) play_random_game(Shape(n), rng);
  }
}

TEST_CASE("random games on every rectangle agree with the naive rules") {
  // Every pair of sides: one-word rectangles (at most 64 squares, e.g. 4x16,
  // 8x6), wide ones (e.g. 10x6, 26x4), long thin and nearly square ones.
  std::mt19937 rng(20261123);
  for (int cols = 4; cols <= 26; cols += 2)
    for (int rows = 4; rows <= 26; rows += 2) {
      if (cols == rows) continue;
      const Shape shape{cols, rows};
      CAPTURE(cols);
      CAPTURE(rows);
      const int games = shape.fits_one_word() ? 6 : shape.squares() <= 200 ? 2 : 1;
      for (int game = 0; game < games; ++game) play_random_game(shape, rng);
    }
}
