// Levels on every board size (engine/search/levels.hpp) and the wide-board move
// generation they rely on.
#include "engine/search/levels.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

#include "engine/board/rules.hpp"
#include "test_positions.hpp"

using namespace flank;
using flank::testing::random_position;

TEST_CASE("levels on 8x8: fixed depths up to 3, then a budget that grows with the level") {
  for (int level = 1; level <= kMaxLevel; ++level) {
    CAPTURE(level);
    const SearchLimits plain = level_limits(level), sized = level_limits(level, 8);
    CHECK(sized.depth == plain.depth);
    CHECK(sized.depth == (level < kFirstBudgetLevel ? level_depth(level) : 0));  // no cap
    CHECK(sized.exact_empties == plain.exact_empties);
    CHECK(sized.exact_empties == level_exact_empties(level));
    CHECK(sized.nodes == plain.nodes);
    CHECK(level_limits(level, Shape::square(8), 36).nodes == plain.nodes);  // a midgame's
    CHECK(level_has_budget(level, Shape::square(8)) == (level >= kFirstBudgetLevel));
    CHECK((plain.nodes > 0) == (level >= kFirstBudgetLevel));
    CHECK((level_seconds(level) > 0) == (level >= kFirstBudgetLevel));
    CHECK(level_seconds(level, Shape::square(8)) == level_seconds(level));
    if (level > 1) {
      const SearchLimits weaker = level_limits(level - 1);
      CHECK(level_depth(level) > level_depth(level - 1));
      CHECK(plain.exact_empties >= weaker.exact_empties);
      CHECK(level_seconds(level) >= level_seconds(level - 1));
      if (level > kFirstBudgetLevel) CHECK(plain.nodes > weaker.nodes);
    }
  }
  // The default's budget is worth 0.2 s, the top level's 0.8 s, at the node
  // rate of the position's stage of the game (docs/search.md).
  CHECK(level_seconds(kDefaultLevel) == doctest::Approx(0.2));
  CHECK(level_seconds(kMaxLevel) == doctest::Approx(0.8));
  CHECK(kDefaultLevel >= 1);
  CHECK(kDefaultLevel <= kMaxLevel);
  CHECK_THROWS_AS(level_limits(0), std::invalid_argument);
  CHECK_THROWS_AS(level_limits(kMaxLevel + 1), std::invalid_argument);
  CHECK_THROWS_AS(level_limits(0, 16), std::invalid_argument);
  CHECK_THROWS_AS(level_limits(kMaxLevel + 1, 16), std::invalid_argument);
  CHECK_THROWS_AS(level_seconds(0), std::invalid_argument);
}

TEST_CASE("an 8x8 budget follows the node rate of the stage of the game") {
  const Shape eight = Shape::square(8);
  for (int level = kFirstBudgetLevel; level <= kMaxLevel; ++level) {
    CAPTURE(level);
    const auto nodes = [&](int empties) { return level_limits(level, eight, empties).nodes; };
    // Late in the midgame nodes cost more: fewer of them for the same time.
    for (int empties = 31; empties <= 60; ++empties) CHECK(nodes(empties) >= nodes(empties - 1));
    // Once searches reach the end of the game nodes are cheap (no evaluation):
    // more of them, up to a flat endgame rate.
    if (level >= kDefaultLevel) {
      CHECK(nodes(26) > nodes(30));
      for (int empties = 1; empties <= 24; ++empties) CHECK(nodes(empties) == nodes(24));
      CHECK(nodes(24) > 2 * nodes(36));
    } else {
      // A smaller budget does not reach the end before its solve point: the
      // midgame's rate, falling with the empties, to the end.
      for (int empties = 1; empties <= 36; ++empties) CHECK(nodes(empties) <= nodes(36));
    }
    // A position's budget is that of its empties; the depth and solve point stay.
    const Position p = random_position(8, 30, 7);
    const SearchLimits at_p = level_limits(level, p), plain = level_limits(level);
    CHECK(at_p.nodes == nodes(p.empties()));
    CHECK(at_p.exact_empties == plain.exact_empties);
    CHECK(at_p.depth == plain.depth);
  }
  // Other sizes keep one rate a board.
  CHECK(level_limits(kDefaultLevel, Shape::square(10), 20).nodes ==
        level_limits(kDefaultLevel, Shape::square(10), 90).nodes);
}

TEST_CASE("levels on other sizes: a node budget that grows with the level, slower boards less") {
  for (int size = kMinSize; size <= kMaxSize; size += 2) {
    if (size == 8) continue;
    CAPTURE(size);
    for (int level = 1; level <= kMaxLevel; ++level) {
      const SearchLimits l = level_limits(level, size);
      CHECK((l.depth > 0) == (level < kDefaultLevel));  // a cap only below the default
      CHECK(l.nodes > 0);
      CHECK(level_has_budget(level, Shape::square(size)));
      if (level > 1) {
        const SearchLimits weaker = level_limits(level - 1, size);
        CHECK(l.nodes > weaker.nodes);
        CHECK(l.exact_empties >= weaker.exact_empties);
        CHECK(level_seconds(level, Shape::square(size)) >
              level_seconds(level - 1, Shape::square(size)));
        if (weaker.depth > 0 && l.depth > 0) CHECK(l.depth > weaker.depth);
      }
    }
  }
  // Nodes on sets of more words cost more, so the same level gets fewer of
  // them: 10x10 is on two words, 16x16 on four, 20x20 on eight, 26x26 on eleven.
  CHECK(level_limits(kDefaultLevel, 26).nodes < level_limits(kDefaultLevel, 20).nodes);
  CHECK(level_limits(kDefaultLevel, 20).nodes < level_limits(kDefaultLevel, 16).nodes);
  CHECK(level_limits(kDefaultLevel, 16).nodes < level_limits(kDefaultLevel, 10).nodes);
}

TEST_CASE("the default level on 26x26 stops at its node budget with a legal move, repeatably") {
  const Position p = random_position(26, 400, 17);
  const SearchLimits limits = level_limits(kDefaultLevel, p);
  Searcher a(16), b(16);
  const SearchResult ra = a.search(p, limits), rb = b.search(p, limits);
  CHECK(p.is_legal(ra.move));
  // The budget is checked every 4096 nodes.
  CHECK(ra.nodes <= limits.nodes + 4096);
  CHECK(ra.depth >= 2);
  CHECK(ra.move == rb.move);
  CHECK(ra.nodes == rb.nodes);
}

TEST_CASE("the default level on 8x8 stops at its node budget, repeatably, one thread") {
  const Position p = random_position(8, 20, 5);  // 20 empties: above the solve and its check
  const SearchLimits limits = level_limits(kDefaultLevel, p);
  Searcher a(16), b(16);
  const SearchResult ra = a.search(p, limits), rb = b.search(p, limits);
  CHECK(p.is_legal(ra.move));
  CHECK(ra.nodes <= limits.nodes + 4096);
  CHECK(ra.nodes > limits.nodes / 2);  // the budget, not the depth cap, ended it
  CHECK(ra.depth >= 8);
  CHECK(ra.move == rb.move);
  CHECK(ra.nodes == rb.nodes);
}

TEST_CASE("legal moves on every size are the empty squares whose move flips something") {
  for (int size = kMinSize; size <= kMaxSize; size += 2) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const Position p = random_position(size, size * size * static_cast<int>(seed) / 8, seed);
      CAPTURE(size);
      CAPTURE(p.to_string());
      const auto check = [&](auto set_tag) {
        using Set = decltype(set_tag);
        const auto& g = geometry<Set>(size);
        const Board<Set> b = p.board<Set>();
        for (const Board<Set>& side : {b, pass(b)}) {
          const Set moves = legal_moves(side.me, side.opp, g);
          for (int sq = 0; sq < size * size; ++sq) {
            const bool empty = !test(side.me, sq) && !test(side.opp, sq);
            CHECK(test(moves, sq) == (empty && any(flips(side.me, side.opp, sq, g))));
          }
        }
      };
      check(WideSet{});
      if (size <= 10) check(Set128{});
      if (size > 10 && size <= 16) check(Set256{});
      if (size > 16 && size <= 22) check(Set512{});
      if (size <= 8) check(std::uint64_t{});
    }
  }
}
