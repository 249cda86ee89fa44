// Pattern sets other than the shipped one: rich, angle, full, and a wide set beyond
// the old incremental limits (more than 64 placements, a 12-square shape). The
// evaluator's incremental path must give exactly its plain evaluation on any
// of them, in the searcher too.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <memory>
#include <random>

#include "../search/incremental_line.hpp"
#include "../search/same_tree.hpp"
#include "../search/test_positions.hpp"
#include "engine/board/board8.hpp"
#include "engine/eval/pattern_eval.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/eval/pattern_features.hpp"
#include "engine/eval/phase_blend.hpp"
#include "engine/search/search.hpp"
#include "tools/common/weights_file.hpp"
#include "tools/train/convert.hpp"

using namespace flank;

namespace {

// The rich set plus a 12-square edge (both X- and C-squares) and 2x2 blocks
// all over the board: 74 placements, its scalar features in reverse order.
const pattern::PatternSet& wide_set() {
  static const pattern::PatternSet set([] {
    pattern::SetDecl d = pattern::rich_decl();
    d.name = "wide";
    std::vector<pattern::Cell> edge;
    for (int c = 0; c < 8; ++c) edge.push_back({0, c});
    for (int c : {0, 1, 6, 7}) edge.push_back({1, c});
    d.shapes.push_back({"edge+2x+2c", edge});
    d.shapes.push_back({"block2x2-b2", {{1, 1}, {1, 2}, {2, 1}, {2, 2}}});
    d.shapes.push_back({"block2x2-c2", {{1, 2}, {1, 3}, {2, 2}, {2, 3}}});
    d.shapes.push_back({"block2x2-c3", {{2, 2}, {2, 3}, {3, 2}, {3, 3}}});
    // The scalars in another order than their kinds: the evaluator finds each by kind.
    std::reverse(d.scalars.begin(), d.scalars.end());
    return d;
  }());
  return set;
}

std::shared_ptr<PatternWeights> random_weights(const pattern::PatternSet& set, unsigned seed) {
  auto w = std::make_shared<PatternWeights>(5, set);
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 0.7f);
  for (float& v : w->values()) v = normal(rng);
  return w;
}

// The evaluator seen only through Evaluator::evaluate8: the search cannot
// keep it incrementally.
class Plain final : public Evaluator {
 public:
  explicit Plain(std::shared_ptr<const PatternEvaluator> e) : e_(std::move(e)) {}
  std::string name() const override { return "plain"; }
  int evaluate8(std::uint64_t me, std::uint64_t opp) const override {
    return e_->evaluate8(me, opp);
  }

 private:
  std::shared_ptr<const PatternEvaluator> e_;
};

}  // namespace

TEST_CASE("the declared sets: classic keeps the shipped layout, the others change shapes") {
  const auto& classic = pattern::classic_set();
  const auto& rich = pattern::rich_set();
  CHECK(classic.active_count() == pattern::kActiveFeatures);
  CHECK(shipped_weights().set().layout_id() == classic.layout_id());
  CHECK(rich.placement_count() == classic.placement_count() + 4);  // the corner triangle
  CHECK(rich.active_count() == classic.active_count() + 4 + 2);
  CHECK(rich.layout_id() != classic.layout_id());
  CHECK(pattern::find_set("rich") == &rich);
  CHECK(pattern::find_set_by_layout(rich.layout_id()) == &rich);
  CHECK(pattern::find_set("none") == nullptr);
  CHECK(wide_set().placement_count() > 64);
  CHECK(pattern::find_set_by_layout(wide_set().layout_id()) == nullptr);  // not declared
  // The triangle is symmetric about its diagonal (a1, b2 on it, 4 pairs off
  // it): (3^10 + 3^6) / 2 entries.
  CHECK(rich.features()[11].name == "corner-triangle");
  CHECK(rich.features()[11].size == (59049 + 729) / 2);
  // The angle set swaps the 8 corner 2x5 blocks for 4 corner angles (a1-e1,
  // a2-a5, b2: symmetric about the diagonal, b2 and a1 on it) and 4 edge pairs
  // (a1, c1-f1, h1, c2-f2: symmetric left-right, no square on the axis); the
  // full set has all three.
  const auto& angle = pattern::angle_set();
  const auto& full = pattern::full_set();
  CHECK(angle.placement_count() == classic.placement_count());
  CHECK(full.placement_count() == classic.placement_count() + 8);
  CHECK(full.active_count() == classic.active_count() + 8);
  CHECK(pattern::find_set("angle") == &angle);
  CHECK(pattern::find_set_by_layout(full.layout_id()) == &full);
  CHECK(angle.features()[1].name == "corner-angle");
  CHECK(angle.features()[1].placements == 4);
  CHECK(angle.features()[1].size == (59049 + 729) / 2);
  CHECK(angle.features()[3].name == "edge-pair");
  CHECK(angle.features()[3].placements == 4);
  CHECK(angle.features()[3].size == (59049 + 243) / 2);
  CHECK(full.features()[1].name == "corner2x5");
  // A bad declaration is refused.
  pattern::SetDecl bad = pattern::classic_decl();
  bad.shapes.push_back({"off", {{0, 0}, {0, 8}}});
  CHECK_THROWS_AS(pattern::PatternSet{bad}, std::invalid_argument);
  // So is a scalar feature declared twice (the evaluator reads each kind once).
  pattern::SetDecl twice = pattern::classic_decl();
  twice.scalars.push_back(pattern::Scalar::Parity);
  CHECK_THROWS_AS(pattern::PatternSet{twice}, std::invalid_argument);
}

TEST_CASE("potential mobility counts the empty squares next to the other side's discs") {
  const auto& rich = pattern::rich_set();
  std::uint32_t v[8];
  // The start position: black (to move) e4 d5, white d4 e5.
  const std::uint64_t me = 0x0000000810000000ull, opp = 0x0000001008000000ull;
  rich.scalar_values(me, opp, v);
  REQUIRE(rich.scalars().size() == 5);
  CHECK(v[0] == 4);  // mobility
  CHECK(v[1] == 4);
  CHECK(v[2] == 0);  // 60 empties: even
  // The 4 centre discs of each colour touch the 12 squares around the centre.
  CHECK(v[3] == 10);
  CHECK(v[4] == 10);
  // One disc in the corner a1 has three empty neighbours.
  rich.scalar_values(0, 1, v);
  CHECK(v[3] == 3);
  CHECK(v[4] == 0);
}

TEST_CASE("a rich weights file round-trips and loads into the right set") {
  const auto w = random_weights(pattern::rich_set(), 3);
  const PatternWeights back = PatternWeights::from_bytes(w->to_bytes(), "rich.bin");
  CHECK(&back.set() == &pattern::rich_set());
  CHECK(back.phases() == 5);
  CHECK(back.values().size() == w->values().size());
}

TEST_CASE("the incremental state equals the plain evaluation on every declared set and beyond") {
  for (const pattern::PatternSet* set :
       {&pattern::classic_set(), &pattern::rich_set(), &pattern::angle_set(), &pattern::full_set(),
        &wide_set()}) {
    CAPTURE(set->name());
    const auto weights = random_weights(*set, 11);
    const PatternEvaluator e(weights);
    REQUIRE(e.incremental());
    for (int seed = 0; seed < 12; ++seed) {
      const Position p = testing::random_position(8, 44, 300 + seed);
      auto b = p.board<std::uint64_t>();
      // The 16-bit copy rounds each active term to 1/64 disc.
      CHECK(std::abs(e.evaluate8(b.me, b.opp) - weights->evaluate(b.me, b.opp) * kUnitsPerDisc) <=
            0.5 + set->active_count() * kUnitsPerDisc / 128.0);
      // The last legal move, passes included.
      testing::play_line(
          e, b, testing::LineMove::Highest, [&](const auto& at, const PatternEvaluator::State& s) {
            CHECK(e.evaluate(s, at.me, at.opp) == e.evaluate8(at.me, at.opp));
            const std::uint64_t moves = board8::legal_moves(at.me, at.opp);
            if (!moves) return;
            std::uint64_t fast_nodes = 0, plain_nodes = 0;
            const auto fast = e.best_child(s, at.me, at.opp, moves, 1 << 20, fast_nodes);
            const auto slow = e.Evaluator::best_child8(at.me, at.opp, moves, 1 << 20, plain_nodes);
            CHECK(fast.score == slow.score);
            CHECK(fast.square == slow.square);
          });
    }
  }
}

TEST_CASE("the searcher on a wide set searches the same tree incrementally as plainly") {
  const auto e = std::make_shared<const PatternEvaluator>(random_weights(wide_set(), 5));
  Searcher fast(16), plain(16);
  fast.set_evaluator(e);
  plain.set_evaluator(std::make_shared<Plain>(e));
  testing::check_same_tree(fast, plain, 4, 40, 9300, 6);
}

TEST_CASE("weights converted to the rich set keep the classic value until the new tables learn") {
  // The shipped tables as plain phases (convert_weights copies phases as
  // stored; a per-move blend is expanded first by its callers).
  PatternWeights shipped = shipped_weights();
  shipped.set_per_move_blend(false);
  const PatternWeights rich = train::convert_weights(shipped, pattern::rich_set(), 12);
  CHECK(&rich.set() == &pattern::rich_set());
  const PatternWeights finer = train::convert_weights(shipped, pattern::classic_set(), 24);
  CHECK(finer.phases() == 24);
  for (int seed = 0; seed < 40; ++seed) {
    const Position p = testing::random_position(8, 4 + seed % 56, 500 + seed);
    const auto b = p.board<std::uint64_t>();
    // The triangle and potential-mobility tables are zero: the same sum.
    CHECK(rich.evaluate(b.me, b.opp) == doctest::Approx(shipped.evaluate(b.me, b.opp)));
  }
  // 24 phases: new phase q takes the old phase of its middle (q / 2 here, as
  // 61 moves split 12 and 24 ways line up closely).
  const int empties_of_phase_5_of_24 = 60 - 14;  // 14 played: 14 * 24 / 61 = 5
  const Position p = testing::random_position(8, empties_of_phase_5_of_24, 77);
  const auto b = p.board<std::uint64_t>();
  REQUIRE(pattern::phase_of(b.me, b.opp, 24) == 5);
  CHECK(finer.evaluate(b.me, b.opp) ==
        doctest::Approx(shipped.evaluate(b.me, b.opp)));  // old phase 14 * 12 / 61 = 2
}

TEST_CASE("interpolated phases blend the two phases around each move") {
  // Two phases: moves 0-30 (middle 15) weigh 0, moves 31-60 (middle 45.5) weigh 1.
  PatternWeights two(2, pattern::classic_set());
  const std::size_t per_phase = pattern::classic_set().weights_per_phase();
  std::fill(two.phase_weights(1), two.phase_weights(1) + per_phase, 1.0f);
  const PatternWeights per_move = interpolate_phases(two, 61);
  REQUIRE(per_move.phases() == 61);
  for (int played = 0; played <= 60; ++played) {
    const double expected = std::clamp((played - 15) / 30.5, 0.0, 1.0);
    CAPTURE(played);
    CHECK(per_move.phase_weights(played)[0] == doctest::Approx(expected));
    CHECK(per_move.phase_weights(played)[per_phase - 1] == doctest::Approx(expected));
  }
  // As many phases as before: the same weights.
  const PatternWeights& shipped = shipped_weights();
  const PatternWeights same = interpolate_phases(shipped, shipped.phases());
  CHECK(same.values() == shipped.values());
  // Fewer phases than before: each takes the blend at its own middle.
  const PatternWeights one = interpolate_phases(two, 1);  // moves 0-60, middle 30
  CHECK(one.phase_weights(0)[0] == doctest::Approx(15 / 30.5));
  CHECK_THROWS_AS(interpolate_phases(two, 62), std::invalid_argument);
}
