// The learnt evaluation for the other board sizes (engine/eval/size_eval.hpp) and
// its training (flank-train sizes, tools/train/size_train.hpp).
#include "engine/eval/size_eval.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/board/position.hpp"
#include "engine/eval/hand_eval.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/search/search.hpp"
#include "tools/common/openings.hpp"
#include "tools/train/size_train.hpp"

using namespace flank;
using namespace flank::train;

namespace {

// A position after `plies` random moves on an n x n board.
Position random_position(int n, int plies, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Position p{Shape::square(n)};
  for (int i = 0; i < plies && !p.is_game_over(); ++i) {
    const auto moves = p.legal_moves();
    p.play(moves.empty() ? kPass : moves[rng() % moves.size()]);
  }
  return p;
}

// The image of p under one of the square's eight symmetries.
Position image(const Position& p, int symmetry) {
  const int n = p.cols();
  std::string cells;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      int rr = symmetry & 1 ? n - 1 - r : r, cc = symmetry & 2 ? n - 1 - c : c;
      if (symmetry & 4) std::swap(rr, cc);
      const Cell cell = p.at(rr, cc);
      cells += cell == Cell::Black ? 'X' : cell == Cell::White ? 'O' : '-';
    }
  return Position::from_cells(p.shape(), cells, p.to_move());
}

SizeWeights random_size_weights(int phases, std::uint64_t seed) {
  SizeWeights w(phases);
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  std::normal_distribution<float> normal(0.0f, 1.0f);
  for (int p = 0; p < phases; ++p) {
    for (int k = 0; k < kSizeScalars; ++k) w.scalar(p, k) = normal(rng);
    for (int i = 0; i < kCornerPatternSize; ++i) w.set_corner(p, i, normal(rng));
  }
  return w;
}

}  // namespace

TEST_CASE("size features: the eight symmetric images of a position evaluate the same") {
  const SizeWeights w = random_size_weights(10, 3);
  for (int n : {6, 10, 16, 26})
    for (int plies : {10, n * n / 2, n * n - 10}) {
      const Position p = random_position(n, plies, static_cast<std::uint64_t>(n * 1000 + plies));
      const SizeFeatures f = size_features(p, w.phases());
      for (int s = 1; s < 8; ++s) {
        const SizeFeatures g = size_features(image(p, s), w.phases());
        CHECK(g.phase == f.phase);
        for (int k = 0; k < kSizeScalars; ++k) CHECK(g.scalar[k] == doctest::Approx(f.scalar[k]));
        CHECK(w.value(g) == doctest::Approx(w.value(f)).epsilon(1e-4));
      }
    }
}

namespace {

// The size features and the hand evaluation of p on the set Set.
template <class Set>
std::pair<SizeFeatures, int> evaluations_on(const Position& p, int phases) {
  const auto& g = geometry<Set>(p.shape());
  const EvalShape<Set> shape(p.shape());
  const Board<Set> b = p.board<Set>();
  return {size_features(b, g, shape, phases), hand_evaluate(b, g, shape)};
}

// The search evaluates on the narrowest set that holds the board; training
// reads the features on the wide one. Both must see the same position.
template <class Set>
void check_same_as_wide(const Position& p) {
  const auto [narrow, narrow_hand] = evaluations_on<Set>(p, 10);
  const auto [wide, wide_hand] = evaluations_on<WideSet>(p, 10);
  CHECK(narrow.phase == wide.phase);
  CHECK(narrow.corner == wide.corner);
  for (int k = 0; k < kSizeScalars; ++k) CHECK(narrow.scalar[k] == wide.scalar[k]);
  CHECK(narrow_hand == wide_hand);
}

}  // namespace

TEST_CASE("size features and the hand evaluation: two, four and eight words see what eleven see") {
  std::mt19937_64 rng(64);
  for (const Shape shape : {Shape(10), Shape{12, 10}, Shape{4, 26}, Shape(12), Shape(16),
                            Shape{16, 14}, Shape(18), Shape{22, 20}}) {
    CAPTURE(shape_name(shape));
    for (int game = 0; game < 3; ++game) {
      Position p{shape};
      while (!p.is_game_over()) {
        if (shape.squares() <= 128)
          check_same_as_wide<Set128>(p);
        else if (shape.squares() <= 256)
          check_same_as_wide<Set256>(p);
        else
          check_same_as_wide<Set512>(p);
        const auto moves = p.legal_moves();
        p.play(moves.empty() ? kPass : moves[rng() % moves.size()]);
      }
    }
  }
}

TEST_CASE("size features: what the scalars and corner patterns count") {
  // 6x6, black to move: black owns a1 and b1 (a run of 2 from the corner), white has b2 (an
  // X-square) and the four centre discs are split.
  const Position p = Position::parse(
      "6x6 XX----"
      " -O----"
      " --XO--"
      " --OX--"
      " ------"
      " ------ X");
  const SizeFeatures f = size_features(p, 10);
  CHECK(f.scalar[kBias] == 1);
  CHECK(f.scalar[kParity] == 1);  // 29 empties: black would play last
  const float side = 16.0f / 12, area = 64.0f / 36;
  CHECK(f.scalar[kDiscs] == doctest::Approx(area * (4 - 3)));
  CHECK(f.scalar[kEdgeRun] == doctest::Approx(side * 1));  // b1 (a1 itself is not counted)
  CHECK(f.scalar[kEdge] == doctest::Approx(0));            // b1 is a C-square, not an edge
  // Corner a1 (square 0): corner mine, C along the row mine, X the opponent's.
  CHECK(f.corner[0] == 1 + 3 * 1 + 243 * 2);
  CHECK(f.corner[1] == 0);
  CHECK(mirror_corner_pattern(mirror_corner_pattern(f.corner[0])) == f.corner[0]);
  CHECK(mirror_corner_pattern(3) == 27);  // the row's C-square <-> the column's
}

TEST_CASE("size weights: bytes round trip, damage and foreign data are refused") {
  const SizeWeights w = random_size_weights(4, 7);
  const std::string bytes = w.to_bytes();
  const SizeWeights back = SizeWeights::from_bytes(bytes, "test");
  CHECK(back.to_bytes() == bytes);
  CHECK(back.scalar(3, kMobility) == w.scalar(3, kMobility));
  std::string damaged = bytes;
  damaged[40] ^= 1;
  CHECK_THROWS_AS(SizeWeights::from_bytes(damaged, "test"), std::runtime_error);
  CHECK_THROWS_AS(SizeWeights::from_bytes(bytes.substr(0, 100), "test"), std::runtime_error);
  CHECK_THROWS_AS(SizeWeights::from_bytes("not weights at all, just text", "t"),
                  std::runtime_error);
  // The shipped weights load and are trained (not all zero).
  const SizeWeights& shipped = shipped_size_weights();
  float total = 0;
  for (int p = 0; p < shipped.phases(); ++p) total += std::abs(shipped.scalar(p, kMobility));
  CHECK(total > 0);
}

TEST_CASE("size weights: other sizes use them, 8x8 does not") {
  auto weights = std::make_shared<const SizeWeights>(random_size_weights(10, 11));
  // 8x8: the same search to the node with or without size weights.
  const Position p8 = random_position(8, 20, 5);
  SearchLimits limits;
  limits.depth = 5;
  Searcher plain, with;
  plain.set_evaluator(hand_evaluator());
  with.set_evaluator(with_size_weights(hand_evaluator(), weights));
  const SearchResult a = plain.search(p8, limits), b = with.search(p8, limits);
  CHECK(a.nodes == b.nodes);
  CHECK(a.score == b.score);
  CHECK(a.move == b.move);
  // 10x10: the learnt evaluation is searched instead of the hand-made one.
  CHECK(hand_evaluator()->size_weights() == nullptr);
  CHECK(pattern_evaluator()->size_weights() == &shipped_size_weights());
  const Position p10 = random_position(10, 30, 6);
  limits.depth = 1;
  plain.clear();
  with.clear();
  const SearchResult h = plain.search(p10, limits), l = with.search(p10, limits);
  // Depth 1: the best child's evaluation, from the weights' value of that child.
  Position child = p10;
  child.play(l.move);
  const float discs = -weights->value(size_features(child, weights->phases()));
  CHECK(std::abs(l.score - discs * 100 / 64) <= 1);
  CHECK((h.score != l.score || h.move != l.move));
}

TEST_CASE("size training: self-play is reproducible and labelled by the game's result") {
  SizePlayOptions o;
  o.exact_empties = 8;
  o.label_depth = 0;  // the result alone
  Searcher s1(1), s2(1);
  const auto a = play_size_game(6, 3, 9, o, s1), b = play_size_game(6, 3, 9, o, s2);
  REQUIRE(a.size() == b.size());
  REQUIRE(a.size() > 10);
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].label == b[i].label);
    CHECK(a[i].features.corner == b[i].features.corner);
  }
  // Every label is the one result (in 6x6 discs scaled by 64/36) from its mover's side.
  const float result = std::abs(a[0].label);
  for (const auto& s : a) CHECK(std::abs(s.label) == doctest::Approx(result));
  CHECK(std::fmod(result * 36 / 64 + 0.001f, 2.0f) < 0.01f);  // final scores are even on 6x6
  // With search labels, the positions before the solve point mix in a search's score.
  SizePlayOptions searched = o;
  searched.label_depth = 2;
  const auto mixed = play_size_game(6, 3, 9, searched, s1);
  REQUIRE(mixed.size() == a.size());
  int differ = 0;
  for (std::size_t i = 0; i < a.size(); ++i) differ += mixed[i].label != a[i].label;
  CHECK(differ > 0);
  CHECK(mixed.back().label == a.back().label);  // solved: the result alone
  const auto other = play_size_game(6, 4, 9, o, s1);
  bool differs = other.size() != a.size();
  for (std::size_t i = 0; !differs && i < a.size(); ++i)
    differs = other[i].features.corner != a[i].features.corner || other[i].label != a[i].label;
  CHECK(differs);
}

TEST_CASE("size training: least squares recovers the weights that made the labels") {
  const SizeWeights truth = random_size_weights(3, 21);
  std::vector<SizeSample> samples;
  for (std::uint32_t g = 0; g < 1500; ++g) {
    const int n = g % 2 ? 10 : 12;
    for (int plies : {8, 30, 60, 90}) {
      const Position p = random_position(n, plies, g * 100 + plies);
      const SizeFeatures f = size_features(p, truth.phases());
      samples.push_back({f, truth.value(f), g});
    }
  }
  SizeFitOptions o;
  o.ridge = 1e-6;
  o.neighbours = 0;
  o.holdout_every = 10;
  SizeFitReport report;
  const SizeWeights fitted = fit_size_weights(samples, truth.phases(), o, report);
  CHECK(report.train > 1000);
  CHECK(report.holdout > 50);
  CHECK(report.train_mae < 0.01);
  for (int p = 0; p < 3; ++p)
    for (int k = kMobility; k < kSizeScalars; ++k)
      CHECK(fitted.scalar(p, k) == doctest::Approx(truth.scalar(p, k)).epsilon(0.01));
}

TEST_CASE("size training: balanced openings are legal, distinct and reproducible") {
  const auto a = balanced_openings(10, 6, 6, 2, 4, 3), b = balanced_openings(10, 6, 6, 2, 4, 3);
  CHECK(a == b);
  CHECK(std::set<std::string>(a.begin(), a.end()).size() == 6);
  std::stringstream text;
  for (const auto& line : a) text << line << "\n";
  const auto openings = read_openings(text, Shape::square(10));
  REQUIRE(openings.size() == 6);
  for (const auto& o : openings) CHECK(o.moves.size() == 6);
}
