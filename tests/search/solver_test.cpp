// The exact solver against a plain minimax written here, and against the
// published perfect-play values of small boards.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <string>

#include "engine/board/game.hpp"
#include "engine/endgame/endgame8.hpp"
#include "engine/search/search.hpp"
#include "test_positions.hpp"

using namespace flank;
using flank::testing::random_position;

namespace {

// Final disc difference for the mover under perfect play, by plain alpha-beta
// over Position (no tables, no ordering), empties to the winner.
int reference_value(const Position& p, int alpha, int beta) {
  if (p.is_game_over()) {
    const int black_minus_white = p.score();
    return p.to_move() == Color::Black ? black_minus_white : -black_minus_white;
  }
  const auto moves = p.legal_moves();
  if (moves.empty()) {
    Position next = p;
    next.play(kPass);
    return -reference_value(next, -beta, -alpha);
  }
  int best = -1000;
  for (Square m : moves) {
    Position next = p;
    next.play(m);
    best = std::max(best, -reference_value(next, -beta, -std::max(alpha, best)));
    if (best >= beta) break;
  }
  return best;
}

int sign(int v) { return (v > 0) - (v < 0); }

}  // namespace

TEST_CASE("exact solve matches plain minimax on random 8x8 endgames") {
  Searcher searcher(16);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Position p = random_position(8, 6 + static_cast<int>(seed % 6), seed);
    CAPTURE(p.to_string());
    const int expected = reference_value(p, -1000, 1000);
    const SearchResult r = searcher.solve(p);
    CHECK(r.exact);
    CHECK(r.score == expected);
    if (r.move != kPass) {
      Position after = p;
      after.play(r.move);  // the move is legal and achieves the score
      CHECK(-reference_value(after, -1000, 1000) == expected);
    }
    CHECK(sign(searcher.solve(p, true).score) == sign(expected));
  }
}

TEST_CASE("exact solve matches plain minimax on 6x6 and 10x10 endgames") {
  Searcher searcher(16);
  for (int size : {6, 10}) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      const Position p = random_position(size, 7, seed * 7919);
      CAPTURE(p.to_string());
      const SearchResult r = searcher.solve(p);
      CHECK(r.exact);
      CHECK(r.score == reference_value(p, -1000, 1000));
    }
  }
}

TEST_CASE("exact solve matches plain minimax on rectangles, one-word and wide") {
  Searcher searcher(16);
  for (const Shape shape : {Shape{8, 6}, Shape{4, 16}, Shape{10, 6}, Shape{6, 12}, Shape{26, 4}}) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const Position p = random_position(shape, 8, seed * 104729);
      CAPTURE(p.to_string());
      const SearchResult r = searcher.solve(p);
      CHECK(r.exact);
      CHECK(r.score == reference_value(p, -1000, 1000));
    }
  }
}

TEST_CASE("6x4 and 4x6 from the start: the same perfect-play value, +16 for black") {
  // The two boards are transposes of each other (the start too), so their
  // values agree; the plain minimax above confirms the solver's (in Release).
  Searcher searcher(16);
  const SearchResult wide = searcher.solve(Position(Shape{6, 4}));
  const SearchResult tall = searcher.solve(Position(Shape{4, 6}));
  CHECK(wide.exact);
  CHECK(tall.exact);
  CHECK(wide.score == tall.score);
  CHECK(wide.score == 16);
#ifdef FLANK_FULL_TESTS
  // The plain minimax takes 5 s in Release, 35 s under ASan: Release only.
  CHECK(wide.score == reference_value(Position(Shape{6, 4}), -1000, 1000));
#endif
}

TEST_CASE("midgame search deep enough to reach the end is exact") {
  Searcher searcher(16);
  for (std::uint64_t seed = 100; seed < 110; ++seed) {
    const Position p = random_position(8, 8, seed);
    SearchLimits limits;
    limits.depth = 8;
    limits.exact_empties = 0;  // no solver stage: the depth-limited search must get there
    const SearchResult r = searcher.search(p, limits);
    CHECK(r.exact);
    CHECK(r.score == reference_value(p, -1000, 1000));
  }
}

TEST_CASE("4x4 perfect play: white wins 11-3 with 2 squares empty, -10 for black") {
  // tests/data/solved.txt: 3-11 with 2 empties, empties to the winner.
  Searcher searcher(16);
  const SearchResult r = searcher.solve(Position(4));
  CHECK(r.exact);
  CHECK(r.score == -10);
  CHECK(searcher.solve(Position(4), true).score < 0);
}

// Along a published perfect line the game value never changes, so the solver
// must find the published value from any point of it.
static int black_value_after(int size, const std::string& line, std::size_t moves,
                             Searcher& searcher) {
  Game game(size);
  game.play_sequence(line.substr(0, 2 * moves));
  const SearchResult r = searcher.solve(game.position());
  CHECK(r.exact);
  return game.position().to_move() == Color::Black ? r.score : -r.score;
}

TEST_CASE("6x6 perfect play (Feinstein): white wins 20-16, -4 for black, along the line") {
  // tests/data/solved.txt gives the line in the 8x8 frame (columns b-g,
  // rows 2-7); shifted here to a-f, 1-6.
  const std::string frame8 = "d3c5d6e3f5f4e2d2c2e6e7g5c4c3g4g3f3c7b5d7b7b3c6b6f7f6b4b2g6g7f2g2";
  std::string line;
  for (std::size_t i = 0; i < frame8.size(); i += 2) {
    line += static_cast<char>(frame8[i] - 1);
    line += static_cast<char>(frame8[i + 1] - 1);
  }
  Searcher searcher(16);
#ifdef FLANK_FULL_TESTS
  const std::size_t played = 8;  // 24 empties
#else
  const std::size_t played = 12;  // 20 empties
#endif
  CHECK(black_value_after(6, line, played, searcher) == -4);
}

TEST_CASE("6x6: the eight mirror images of a position solve to the same value") {
  // Far from the end the small-board solver keys its table by the least image
  // of a position; solving every image with one table checks that the keys and
  // the stored moves are mapped back right. Images by index arithmetic here.
  const int size = 6;
  for (const int empties : {17, 20}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Position p = random_position(size, empties, seed * 31337);
      CAPTURE(p.to_string());
      const std::string cells = p.cells();
      Searcher shared(16);
      const int expected = Searcher(16).solve(p).score;
      for (int t = 0; t < 8; ++t) {
        std::string image(cells.size(), '-');
        for (int r = 0; r < size; ++r)
          for (int c = 0; c < size; ++c) {
            int rr = t & 4 ? c : r, cc = t & 4 ? r : c;
            if (t & 2) rr = size - 1 - rr;
            if (t & 1) cc = size - 1 - cc;
            image[static_cast<std::size_t>(rr * size + cc)] =
                cells[static_cast<std::size_t>(r * size + c)];
          }
        const SearchResult r =
            shared.solve(Position::from_cells(Shape::square(size), image, p.to_move()));
        CHECK(r.exact);
        CHECK(r.score == expected);
      }
    }
  }
}

TEST_CASE("8x8 perfect play (Takizawa 2023): a draw, along the published line") {
  const std::string line =
      "f5d6c3d3c4f4f6f3e6e7d7c5b6d8c6c7d2b5a5a6a7g5e3b4c8g6g4c2e8d1f7e2g3h4f1e1f2g1b1f8g8b3h3b2"
      "h5b7a3a4a1a2c1h2h1g2b8a8g7h8h7h6";
  std::string lower = line;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  Searcher searcher(64);
#ifdef FLANK_FULL_TESTS
  CHECK(black_value_after(8, lower, 40, searcher) == 0);  // 20 empties
#endif
  CHECK(black_value_after(8, lower, 46, searcher) == 0);  // 14 empties
}

TEST_CASE("the 8x8 parity order: odd quadrants first, lowest first, kept by toggling quadrants") {
  // solve_2 tries the lower of two empties first: that is the parity order.
  for (int a = 0; a < 64; ++a)
    for (int b = a + 1; b < 64; ++b) {
      int order[2];
      endgame8::parity_order((std::uint64_t{1} << a) | (std::uint64_t{1} << b), order);
      REQUIRE((order[0] == a && order[1] == b));
    }
  // The leaves keep odd_quadrants by toggling the played square's quadrant.
  std::uint64_t empty = ~std::uint64_t{0};
  for (int sq : {27, 0, 63, 9, 36, 7, 56, 20, 43}) {
    const std::uint64_t odd = endgame8::odd_quadrants(empty);
    empty &= ~(std::uint64_t{1} << sq);
    REQUIRE(endgame8::odd_quadrants(empty) == (odd ^ endgame8::kQuadrants[endgame8::quadrant(sq)]));
  }
  int order[4];
  endgame8::parity_order((std::uint64_t{1} << 0) | (std::uint64_t{1} << 1) |
                             (std::uint64_t{1} << 2) | (std::uint64_t{1} << 63),
                         order);
  CHECK((order[0] == 0 && order[1] == 1 && order[2] == 2 && order[3] == 63));
  endgame8::parity_order((std::uint64_t{1} << 0) | (std::uint64_t{1} << 1) |
                             (std::uint64_t{1} << 62) | (std::uint64_t{1} << 63),
                         order);
  CHECK((order[0] == 0 && order[1] == 1 && order[2] == 62 && order[3] == 63));
  endgame8::parity_order(
      (std::uint64_t{1} << 0) | (std::uint64_t{1} << 1) | (std::uint64_t{1} << 63), order);
  CHECK((order[0] == 63 && order[1] == 0 && order[2] == 1));
}

// Reproducible random bit boards for the tests of the 8x8 bit code.
struct XorShift {
  std::uint64_t state;
  std::uint64_t operator()() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
};

TEST_CASE("the last move's flip count equals the flips the rules find") {
  // count_last_flips reads line tables (pext where the CPU has it); the rules'
  // flips walk the rays. Every square, on boards full but for it, from random
  // positions and from lines of one colour.
  XorShift next{0x9e3779b97f4a7c15ULL};
  for (int sq = 0; sq < 64; ++sq) {
    const std::uint64_t bit = std::uint64_t{1} << sq;
    for (int i = 0; i < 2000; ++i) {
      std::uint64_t me = next();
      if (i % 4 == 1) me &= next();  // fewer own discs: longer runs
      if (i % 4 == 2) me |= next();
      me &= ~bit;
      const std::uint64_t opp = ~(me | bit);
      REQUIRE(endgame8::count_last_flips(me, sq) == std::popcount(board8::flips(me, opp, sq)));
    }
  }
}

TEST_CASE(
    "the 8x8 flips, every variant the build has (scalar, AVX2, AVX-512), equal a square-by-square "
    "walk") {
  auto walk = [](std::uint64_t me, std::uint64_t opp, int sq) {
    std::uint64_t all = 0;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if (!dr && !dc) continue;
        std::uint64_t run = 0;
        int r = sq / 8 + dr, c = sq % 8 + dc;
        while (r >= 0 && r < 8 && c >= 0 && c < 8 && ((opp >> (r * 8 + c)) & 1)) {
          run |= std::uint64_t{1} << (r * 8 + c);
          r += dr;
          c += dc;
        }
        if (r >= 0 && r < 8 && c >= 0 && c < 8 && ((me >> (r * 8 + c)) & 1)) all |= run;
      }
    return all;
  };
  XorShift next{0x2545f4914f6cdd1dULL};
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t a = next(), b = next();
    // Mostly full boards with long runs, some sparse ones with empty squares in the rays.
    const std::uint64_t occupied = i % 2 ? a | b : (a & b) | next();
    const std::uint64_t me = occupied & (i % 3 ? next() & next() : next());
    const std::uint64_t opp = occupied & ~me;
    for (int sq = 0; sq < 64; ++sq) {
      if ((occupied >> sq) & 1) continue;
      const std::uint64_t expected = walk(me, opp, sq);
      REQUIRE(board8::flips(me, opp, sq) == expected);
      // Every variant this build has, not only the one flips() takes here.
      REQUIRE(board8::flips_scalar(me, opp, sq) == expected);
#if defined(FLANK_FLIPS_AVX2)
      REQUIRE(board8::flips_avx2(me, opp, sq) == expected);
#endif
#if defined(FLANK_FLIPS_AVX512)
      REQUIRE(board8::flips_avx512(me, opp, sq) == expected);
#endif
    }
  }
}
