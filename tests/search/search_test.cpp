// The search interface: legal moves on every size, determinism, budgets,
// levels, randomness and a plugged-in evaluation.
#include "engine/search/search.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <memory>
#include <string>
#include <vector>

#include "engine/board/board8.hpp"
#include "engine/board/square.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/search/mpc.hpp"
#include "incremental_line.hpp"
#include "same_tree.hpp"
#include "test_positions.hpp"

using namespace flank;
using flank::testing::random_position;

namespace {

bool is_legal_result(const Position& p, const SearchResult& r) {
  return p.is_legal(r.move) || (r.move == kPass && p.is_game_over());
}

// A search at the opening, the middle, 5 empties and the end of a random game
// on `shape` (seeds seed_base + empties) plays a legal move, and on a
// finished game reports its score.
void check_legal_at_every_stage(Searcher& searcher, Shape shape, std::uint64_t seed_base,
                                int depth) {
  for (int empties : {shape.squares() - 8, shape.squares() / 2, 5, 0}) {
    const Position p = random_position(shape, empties, seed_base + empties);
    SearchLimits limits;
    limits.depth = depth;
    const SearchResult r = searcher.search(p, limits);
    CAPTURE(p.to_string());
    CHECK(is_legal_result(p, r));
    if (p.is_game_over()) {
      CHECK(r.exact);
      CHECK(r.score == (p.to_move() == Color::Black ? p.score() : -p.score()));
    }
  }
}

// Disc count only: simple, and obviously different from the hand evaluation.
class CountingEvaluator final : public Evaluator {
 public:
  mutable std::atomic<long> calls{0};
  std::string name() const override { return "discs"; }
  int evaluate8(std::uint64_t me, std::uint64_t opp) const override {
    ++calls;
    return (std::popcount(me) - std::popcount(opp)) * kUnitsPerDisc;
  }
};

}  // namespace

TEST_CASE("every level returns a legal move with its principal variation") {
  Searcher searcher(8);
  for (int level = 1; level <= kMaxLevel; level += 3) {
    const Position p = random_position(8, 40, 7 + level);
    SearchLimits limits = level_limits(level);
    limits.depth = std::min(limits.depth, 6);  // keep the test short
    const SearchResult r = searcher.search(p, limits);
    CHECK(is_legal_result(p, r));
    REQUIRE(!r.pv.empty());
    CHECK(r.pv.front() == r.move);
    Position line = p;  // the whole PV is playable
    for (Square m : r.pv) {
      REQUIRE(line.is_legal(m));
      line.play(m);
    }
    CHECK(r.depth >= 1);
    CHECK(r.nodes > 0);
  }
}

TEST_CASE("legal moves on every board size, passes and finished games") {
  Searcher searcher(8);
  for (int size : {4, 6, 8, 10, 12, 18, 26})
    check_legal_at_every_stage(searcher, Shape{size, size}, size * 100, size > 12 ? 2 : 3);
}

TEST_CASE("search plays legal moves on rectangles at every stage") {
  Searcher searcher(8);
  for (const Shape shape :
       {Shape{10, 6}, Shape{6, 10}, Shape{4, 16}, Shape{16, 4}, Shape{26, 4}, Shape{12, 20}})
    check_legal_at_every_stage(searcher, shape, shape.squares() * 100, 3);
}

TEST_CASE("same position, same level, fresh or cleared table: same move") {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Position p = random_position(8, 44, seed);
    SearchLimits limits = level_limits(4);
    Searcher a(8), b(8);
    const SearchResult ra = a.search(p, limits);
    const SearchResult rb = b.search(p, limits);
    CHECK(ra.move == rb.move);
    CHECK(ra.score == rb.score);
    CHECK(ra.nodes == rb.nodes);
    a.search(random_position(8, 30, seed + 50), limits);  // something else in between
    a.clear();
    CHECK(a.search(p, limits).move == ra.move);
  }
}

TEST_CASE("a node budget or a stop flag still yields a legal move") {
  Searcher searcher(8);
  const Position p = random_position(8, 36, 3);
  SearchLimits limits;
  limits.nodes = 5000;
  const SearchResult r = searcher.search(p, limits);
  CHECK(is_legal_result(p, r));
  CHECK(r.nodes < 5000 + 4096);  // budgets are checked every 4096 nodes

  std::atomic<bool> stop{true};
  SearchLimits stopped;
  stopped.stop = &stop;
  CHECK(is_legal_result(p, searcher.search(p, stopped)));

  // An exact solve cut short is reported as not exact.
  const Position endgame = random_position(8, 22, 5);
  SearchLimits tiny;
  tiny.nodes = 10000;
  const SearchResult cut = searcher.solve(endgame, tiny, false);
  CHECK(is_legal_result(endgame, cut));
  CHECK_FALSE(cut.exact);
}

TEST_CASE("what a node budget leaves after selective iterations reach the end goes to a solve") {
  // With Multi-ProbCut an iteration as deep as the empties proves nothing; as
  // under a clock, the exact solve follows with the rest of the budget.
  Searcher searcher(16);
  int positions = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Position p = random_position(8, 14, seed);
    if (!p.has_legal_move()) continue;
    ++positions;
    SearchLimits limits;
    limits.nodes = 50'000'000;
    limits.exact_empties = 0;  // no planned solve
    limits.mpc = mpc::shipped_statistics();
    limits.mpc_confidence = mpc::kTimedConfidence;
    const SearchResult r = searcher.search(p, limits);
    CHECK(r.exact);
    CHECK(r.score == searcher.solve(p).score);
    CHECK(r.nodes < limits.nodes);
  }
  CHECK(positions > 0);
}

TEST_CASE("randomness picks only moves within the margin, reproducibly by seed") {
  Searcher searcher(8);
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Position p = random_position(8, 12, 77);
    SearchLimits limits;
    limits.depth = 4;
    limits.exact_empties = 12;
    limits.randomness = 4;
    limits.seed = seed;
    const SearchResult r = searcher.search(p, limits);
    REQUIRE(p.is_legal(r.move));
    CHECK(searcher.search(p, limits).move == r.move);  // same seed, same move
    Position after = p;
    after.play(r.move);
    const int best = searcher.solve(p).score;
    const SearchResult reply = searcher.solve(after);
    CHECK(-reply.score >= best - 4);
  }
}

TEST_CASE("a plugged-in evaluator is used on 8x8, and nullptr restores the hand one") {
  Searcher searcher(8);
  CHECK(searcher.evaluator().name() == "hand");
  auto counting = std::make_shared<CountingEvaluator>();
  searcher.set_evaluator(counting);
  CHECK(searcher.evaluator().name() == "discs");
  SearchLimits limits;
  limits.depth = 3;
  const Position p = random_position(8, 50, 9);
  const SearchResult r = searcher.search(p, limits);
  CHECK(p.is_legal(r.move));
  CHECK(counting->calls > 0);
  const long before = counting->calls;
  searcher.search(random_position(6, 20, 9), limits);  // other sizes use the hand evaluation
  CHECK(counting->calls == before);
  searcher.set_evaluator(nullptr);
  CHECK(searcher.evaluator().name() == "hand");
}

TEST_CASE("a move that takes every disc scores the final result at any depth") {
  // Black a1, white b1: black's c1 ends the game with the whole board. Below
  // the exact phase the leaves used to score it with the evaluation.
  for (const Shape shape : {Shape{8, 8}, Shape{10, 10}, Shape{8, 6}}) {
    const std::string cells = "XO" + std::string(shape.squares() - 2, '-');
    const Position black = Position::from_cells(shape, cells, Color::Black);
    const Position white = Position::from_cells(shape, cells, Color::White);  // must pass
    const int whole_board = shape.squares();                                  // discs
    for (const std::string eval : {"pattern", "hand", "discs"}) {
      Searcher searcher(1);
      if (eval == "pattern") searcher.set_evaluator(pattern_evaluator());
      if (eval == "discs") searcher.set_evaluator(std::make_shared<CountingEvaluator>());
      for (int depth = 1; depth <= 3; ++depth) {
        CAPTURE(shape.cols);
        CAPTURE(eval);
        CAPTURE(depth);
        SearchLimits limits;
        limits.depth = depth;
        limits.exact_empties = 0;  // the midgame search, never the solver
        const SearchResult r = searcher.search(black, limits);
        CHECK(r.move == parse_square("c1", shape));
        CHECK(r.score == whole_board);
        CHECK(searcher.search(white, limits).score == -whole_board);
      }
    }
  }
}

TEST_CASE("hash size can change between searches") {
  Searcher searcher(1);
  CHECK(searcher.hash_mb() == 1);
  searcher.set_hash_mb(4);
  CHECK(searcher.hash_mb() == 4);
  const Position p = random_position(8, 20, 4);
  CHECK(searcher.solve(p).score == Searcher(16).solve(p).score);
}

TEST_CASE("two empties above the exact solve, a proven win or draw is kept") {
  Searcher searcher(8);
  int wins_or_draws = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Position p = random_position(8, 12, seed * 13);
    if (!p.has_legal_move()) continue;
    SearchLimits limits;
    limits.depth = 1;  // a weak search, so the win/loss/draw stage has to decide
    limits.exact_empties = 10;
    const SearchResult r = searcher.search(p, limits);
    REQUIRE(p.is_legal(r.move));
    const int value = searcher.solve(p).score;
    if (value < 0) continue;
    ++wins_or_draws;
    Position after = p;
    after.play(r.move);
    const int kept = -searcher.solve(after).score;
    CHECK((kept > 0) == (value > 0));
    CHECK(kept >= 0);
  }
  CHECK(wins_or_draws > 0);  // the check above really ran
}

TEST_CASE("the pattern evaluation's incremental last ply equals evaluating each child") {
  const auto pattern = pattern_evaluator();
  const auto& plain = static_cast<const Evaluator&>(*pattern);
  for (int empties = 4; empties <= 56; empties += 4) {
    for (int seed = 0; seed < 20; ++seed) {
      const Position p = random_position(8, empties, 100 * empties + seed);
      const auto b = p.board<std::uint64_t>();
      const std::uint64_t moves = board8::legal_moves(b.me, b.opp);
      for (int beta : {-(1 << 20) + 1, 0, 1 << 20}) {
        std::uint64_t fast_nodes = 0, plain_nodes = 0;
        const auto fast = pattern->best_child8(b.me, b.opp, moves, beta, fast_nodes);
        const auto slow = plain.Evaluator::best_child8(b.me, b.opp, moves, beta, plain_nodes);
        CHECK(fast.score == slow.score);
        CHECK(fast.square == slow.square);
        CHECK(fast_nodes == plain_nodes);
      }
    }
  }
}

TEST_CASE("the incremental pattern states follow moves and passes, each parent's left as it was") {
  const auto pattern = std::static_pointer_cast<const PatternEvaluator>(pattern_evaluator());
  for (int seed = 0; seed < 30; ++seed) {
    const Position p = random_position(8, 40, 7000 + seed);
    // Play to the end of the game (first legal move, passes included), checking each step.
    testing::play_line(
        *pattern, p.board<std::uint64_t>(), testing::LineMove::Lowest,
        [&](const auto& b, const PatternEvaluator::State& s) {
          CHECK(pattern->evaluate(s, b.me, b.opp) == pattern->evaluate8(b.me, b.opp));
        });
  }
}

namespace {
// The pattern evaluation seen only through Evaluator::evaluate8: the search
// cannot keep it incrementally, so it extracts the patterns at every leaf.
class PlainPattern final : public Evaluator {
 public:
  std::string name() const override { return "plain"; }
  int evaluate8(std::uint64_t me, std::uint64_t opp) const override {
    return pattern_evaluator()->evaluate8(me, opp);
  }
};
}  // namespace

TEST_CASE("the search with the incremental pattern evaluation searches the same tree") {
  Searcher fast(16), plain(16);
  fast.set_evaluator(pattern_evaluator());
  plain.set_evaluator(std::make_shared<PlainPattern>());
  testing::check_same_tree(fast, plain, 6, 44, 9100, 7);
}

TEST_CASE("a fixed time per move is spent; a clock's share stops iterating early") {
  // 44 empties: no iteration ends the game, so a fixed time runs to the
  // deadline (a loaded machine only makes it later); a clock's share may
  // return earlier, never much later.
  const Position p = random_position(8, 44, 21);
  for (const bool fixed : {true, false}) {
    Searcher searcher(8);
    SearchLimits limits;
    limits.seconds = 0.05;
    limits.fixed_time = fixed;
    const SearchResult r = searcher.search(p, limits);
    CHECK(is_legal_result(p, r));
    CHECK(r.seconds < 0.05 + 0.5);
    if (fixed) CHECK(r.seconds >= 0.05);
  }
}

TEST_CASE("previous_score is the score of the iteration before the last") {
  // Iterative deepening searches depth D - 1 before D the way a search to
  // D - 1 from a cleared table does, so the two scores must agree.
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    for (int empties : {44, 30}) {
      const Position p = random_position(8, empties, seed);
      CAPTURE(p.to_string());
      for (int depth : {2, 5, 6}) {
        Searcher searcher(8);
        SearchLimits limits;
        limits.depth = depth;
        const SearchResult deep = searcher.search(p, limits);
        searcher.clear();
        limits.depth = depth - 1;
        const SearchResult shallow = searcher.search(p, limits);
        REQUIRE_FALSE(deep.exact);
        CHECK(deep.previous_score == shallow.score);
      }
    }
  }
  // Proven scores have nothing to average: both are the final score.
  Searcher searcher(8);
  const Position near_end = random_position(8, 8, 3);
  SearchLimits limits;
  limits.depth = 10;
  const SearchResult solved = searcher.search(near_end, limits);
  REQUIRE(solved.exact);
  CHECK(solved.previous_score == solved.score);
}
