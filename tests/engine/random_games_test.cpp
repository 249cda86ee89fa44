// Random games on every size, checked against a naive square-by-square
// implementation of the rules written here independently of engine/.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/game.hpp"

using namespace flank;

namespace {

// The rules as a person would state them, on a plain grid.
struct NaiveBoard {
  int n;
  std::vector<int> cell;  // 0 empty, 1 black, 2 white

  explicit NaiveBoard(const Position& p) : n(p.size()), cell(p.size() * p.size()) {
    for (int sq = 0; sq < n * n; ++sq)
      cell[sq] = p.at(sq) == Cell::Black ? 1 : p.at(sq) == Cell::White ? 2 : 0;
  }

  std::vector<int> flips(int sq, int me) const {
    std::vector<int> out;
    if (cell[sq] != 0) return out;
    const int r0 = sq / n, c0 = sq % n;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if (!dr && !dc) continue;
        std::vector<int> line;
        int r = r0 + dr, c = c0 + dc;
        while (r >= 0 && r < n && c >= 0 && c < n && cell[r * n + c] == 3 - me) {
          line.push_back(r * n + c);
          r += dr;
          c += dc;
        }
        if (!line.empty() && r >= 0 && r < n && c >= 0 && c < n && cell[r * n + c] == me)
          out.insert(out.end(), line.begin(), line.end());
      }
    return out;
  }

  std::vector<int> moves(int me) const {
    std::vector<int> out;
    for (int sq = 0; sq < n * n; ++sq)
      if (!flips(sq, me).empty()) out.push_back(sq);
    return out;
  }
};

int colour_code(Color c) { return c == Color::Black ? 1 : 2; }

}  // namespace

TEST_CASE("random games on every size agree with the naive rules") {
  std::mt19937 rng(20261122);
  for (int n = 4; n <= 26; n += 2) {
    const int games = n <= 8 ? 40 : n <= 16 ? 4 : 2;
    for (int game = 0; game < games; ++game) {
      Game g(n);
      while (!g.position().is_game_over()) {
        const Position p = g.position();  // a copy: play() grows the history
        const NaiveBoard naive(p);
        const int me = colour_code(p.to_move());
        const std::vector<Square> moves = p.legal_moves();
        REQUIRE(moves == naive.moves(me));
        for (Square m : moves) REQUIRE(m < n * n);
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
      CHECK(g.position() == Position(n));
    }
  }
}
