// The trained evaluation behind the searcher's Evaluator interface.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include "../engine/reference_data.hpp"
#include "../search/test_positions.hpp"
#include "engine/board/board8.hpp"
#include "engine/eval/pattern_eval.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/eval/pattern_features.hpp"
#include "engine/search/search.hpp"
#include "tools/common/endgame_suite.hpp"
#include "tools/common/weights_file.hpp"
#include "tools/train/dataset.hpp"

using namespace flank;

TEST_CASE("the evaluator gives the weights' value in eval units, within the promised range") {
  auto weights = std::make_shared<PatternWeights>(4);
  std::mt19937 rng(9);
  std::normal_distribution<float> normal(0.0f, 0.5f);
  for (float& v : weights->values()) v = normal(rng);
  const PatternEvaluator evaluator(weights);
  CHECK(evaluator.name() == "pattern");
  const std::uint64_t me = 0x0000000810000000ull, opp = 0x0000001008000000ull;
  // The 16-bit copy of the weights rounds each of the 49 terms to 1/64 disc.
  std::mt19937_64 boards(4);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t a = boards(), b = boards() & ~a;
    CHECK(std::abs(evaluator.evaluate8(a, b) - weights->evaluate(a, b) * kUnitsPerDisc) <=
          0.5 + pattern::kActiveFeatures * kUnitsPerDisc / 128.0);
  }
  CHECK(std::abs(evaluator.evaluate8(me, opp) - weights->evaluate(me, opp) * kUnitsPerDisc) <= 2);
  auto absurd = std::make_shared<PatternWeights>(4);
  for (float& v : absurd->values()) v = 100.0f;  // absurd weights stay in range
  CHECK(PatternEvaluator(absurd).evaluate8(me, opp) == 64 * kUnitsPerDisc - 1);
  for (float& v : absurd->values()) v = -100.0f;
  CHECK(PatternEvaluator(absurd).evaluate8(me, opp) == -(64 * kUnitsPerDisc - 1));
}

TEST_CASE("the shipped evaluator is shared and a bad file is refused by name") {
  CHECK(pattern_evaluator() == pattern_evaluator());
  const std::string path = "/nonexistent/dir/weights.bin";
  try {
    pattern_evaluator(path);
    FAIL("no error");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).find(path) != std::string::npos);
  }
}

TEST_CASE("a per-move blend evaluates each move between the control phases around it") {
  // Three control phases (moves 0-20, 21-40, 41-60; middles 10, 30.5, 50.5)
  // whose every entry weighs 0, 0.5 and 1 disc: a position's value is the
  // number of active entries times the blended weight of its move.
  auto control = std::make_shared<PatternWeights>(3);
  const std::size_t per_phase = control->set().weights_per_phase();
  for (int q = 0; q < 3; ++q)
    std::fill(control->phase_weights(q), control->phase_weights(q) + per_phase, q / 2.0f);
  control->set_per_move_blend(true);
  const PatternEvaluator evaluator(control);
  const double active = control->set().active_count();
  struct Move {
    int played;
    double weight;
  };
  for (const Move m : {Move{4, 0.0}, Move{10, 0.0}, Move{20, 5 / 20.5}, Move{30, 10 / 20.5},
                       Move{41, 0.5 + 5.25 / 20}, Move{55, 1.0}}) {
    CAPTURE(m.played);
    const auto b = testing::random_position(8, 60 - m.played, 11 + m.played).board<std::uint64_t>();
    CHECK(control->evaluate(b.me, b.opp) == doctest::Approx(active * m.weight).epsilon(1e-5));
    CHECK(std::abs(evaluator.evaluate8(b.me, b.opp) - active * m.weight * kUnitsPerDisc) <=
          0.5 + active * kUnitsPerDisc / 128.0);
  }
  // The evaluator keeps the control phases it was given.
  CHECK(evaluator.weights().phases() == 3);
}

TEST_CASE("a searcher on the trained evaluation scores all 8 images of a position alike") {
  Searcher searcher(4);
  searcher.set_evaluator(pattern_evaluator());
  CHECK(searcher.evaluator().name() == "pattern");
  const Position p = Position::parse(
      "--------"
      "--------"
      "--XOX---"
      "--XXXO--"
      "--OXXX--"
      "---XO---"
      "--------"
      "-------- O");
  const auto b = p.board<std::uint64_t>();
  SearchLimits limits;
  limits.depth = 3;
  limits.exact_empties = 0;
  int first = 0;
  for (int s = 0; s < 8; ++s) {
    const Board<std::uint64_t> image{pattern::symmetric_board(b.me, s),
                                     pattern::symmetric_board(b.opp, s)};
    const Position q = Position::from_board<std::uint64_t>(Shape::square(8), image, p.to_move());
    searcher.clear();
    const SearchResult r = searcher.search(q, limits);
    CHECK(q.is_legal(r.move));
    if (s == 0) first = r.score;
    CHECK(r.score == first);
  }
}

namespace {

// Mean absolute errors in discs (trained, hand) over the exactly labelled
// samples with low..high empties, and how many there were.
struct Errors {
  double trained = 0, hand = 0;
  int count = 0;
};

Errors mean_errors(const std::vector<flank::train::Sample>& samples, int low, int high) {
  const auto trained = pattern_evaluator();
  const auto hand = hand_evaluator();
  Errors e;
  for (const auto& s : samples) {
    if (s.kind != flank::train::LabelKind::Exact || s.empties() < low || s.empties() > high)
      continue;
    e.trained += std::abs(trained->evaluate8(s.me, s.opp) / double(kUnitsPerDisc) - s.label);
    e.hand += std::abs(hand->evaluate8(s.me, s.opp) / double(kUnitsPerDisc) - s.label);
    ++e.count;
  }
  if (e.count) {
    e.trained /= e.count;
    e.hand /= e.count;
  }
  return e;
}

}  // namespace

TEST_CASE("the shipped weights predict held-out exact scores better than the hand evaluation") {
  // Exact scores of positions from self-play games never trained on (another
  // seed), solved by the exact solver; see docs/train.md.
  const flank::train::Dataset heldout =
      flank::train::read_dataset(std::string(FLANK_SOURCE_DIR) + "/tests/train/heldout-exact.txt");
  for (const auto& [low, high] : {std::pair{20, 21}, std::pair{15, 19}}) {
    const Errors e = mean_errors(heldout.samples, low, high);
    REQUIRE(e.count >= 50);
    MESSAGE(e.count << " positions with " << low << "-" << high << " empties: mean absolute error "
                    << e.trained << " (trained) vs " << e.hand << " (hand)");
    CHECK(e.trained < e.hand);
  }
}

TEST_CASE(
    "the shipped weights predict the published FFO scores at 20-30 empties better than the hand "
    "evaluation") {
  // tests/data/ffo1-79.txt: exact scores of positions from human games, never
  // trained on; 44 of them have 20-30 empties.
  const Errors e = mean_errors(
      flank::train::samples_of(read_endgame_suite(testing::test_data_path("ffo1-79.txt"))), 20, 30);
  REQUIRE(e.count == 44);
  MESSAGE("FFO positions with 20-30 empties: mean absolute error " << e.trained << " (trained) vs "
                                                                   << e.hand << " (hand)");
  CHECK(e.trained < e.hand);
}
