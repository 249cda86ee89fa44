// The pattern features: layout, symmetric weight sharing, evaluation symmetry.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <set>

#include "engine/board/board8.hpp"
#include "engine/board/position.hpp"
#include "engine/eval/pattern_features.hpp"
#include "engine/eval/pattern_weights.hpp"

namespace {

using namespace flank;

// A position reached by random legal moves from the start (side to move first).
std::pair<std::uint64_t, std::uint64_t> random_position(std::mt19937_64& rng, int plies) {
  std::uint64_t me = 0x0000000810000000ull,
                opp = 0x0000001008000000ull;  // black e4 d5, white d4 e5
  for (int i = 0; i < plies; ++i) {
    std::uint64_t moves = board8::legal_moves(me, opp);
    if (!moves) {
      if (!board8::legal_moves(opp, me)) break;
      std::swap(me, opp);
      continue;
    }
    const int pick = static_cast<int>(rng() % static_cast<unsigned>(__builtin_popcountll(moves)));
    for (int k = 0; k < pick; ++k) moves &= moves - 1;
    const int sq = __builtin_ctzll(moves);
    const std::uint64_t f = board8::flips(me, opp, sq);
    const std::uint64_t next_me = opp ^ f;
    opp = me ^ f ^ (std::uint64_t{1} << sq);
    me = next_me;
  }
  return {me, opp};
}

}  // namespace

TEST_CASE("the pattern set has the classic placements and sizes") {
  const auto& f = pattern::features();
  int placements = 0;
  for (const auto& t : f) placements += t.placements;
  CHECK(placements == pattern::kActiveFeatures);
  std::set<std::string_view> names;
  for (const auto& t : f) {
    names.insert(t.name);
    CHECK(t.size <= t.raw_size);
    CHECK(t.size > 0);
  }
  CHECK(f.size() == names.size());
  // Placements per shape: 4 corners, 8 corner blocks, 4 edges, 2 long diagonals.
  CHECK(f[0].name == "corner3x3");
  CHECK(f[0].placements == 4);
  CHECK(f[1].placements == 8);
  CHECK(f[2].placements == 4);
  CHECK(f[6].name == "diag8");
  CHECK(f[6].placements == 2);
  // The 3x3 corner is symmetric about its diagonal: its 3^9 configurations
  // minus the asymmetric ones counted twice, (3^9 + 3^6) / 2.
  CHECK(f[0].size == (19683 + 729) / 2);
  // A full row is symmetric end to end: (3^8 + 3^4) / 2.
  CHECK(f[3].size == (6561 + 81) / 2);
  // The 2x5 block has no self-symmetry.
  CHECK(f[1].size == 59049);
}

TEST_CASE("the symmetries are the 8 distinct maps of the square") {
  std::set<std::uint64_t> images;
  const std::uint64_t asymmetric = 0x0000000000000107ull;  // a1 b1 c1 a2
  for (int s = 0; s < 8; ++s) {
    images.insert(pattern::symmetric_board(asymmetric, s));
    for (int sq = 0; sq < 64; ++sq) {
      const int img = pattern::symmetric_square(sq, s);
      CHECK((img >= 0 && img < 64));
    }
  }
  CHECK(images.size() == 8);
}

TEST_CASE("the evaluation is identical on all 8 symmetric images") {
  PatternWeights w(6);
  std::mt19937 wrng(7);
  std::normal_distribution<float> normal(0.0f, 3.0f);
  for (float& v : w.values()) v = normal(wrng);
  std::mt19937_64 rng(12345);
  int checked = 0;
  for (int game = 0; game < 200; ++game) {
    const auto [me, opp] = random_position(rng, static_cast<int>(rng() % 60));
    const float base = w.evaluate(me, opp);
    pattern::ActiveList base_active;
    pattern::active_features(me, opp, base_active);
    std::multiset<std::uint32_t> base_set(base_active.begin(), base_active.end());
    for (int s = 1; s < 8; ++s) {
      const std::uint64_t sm = pattern::symmetric_board(me, s),
                          so = pattern::symmetric_board(opp, s);
      pattern::ActiveList active;
      pattern::active_features(sm, so, active);
      // The same entries are active, in some order, so the sum is the same.
      CHECK(std::multiset<std::uint32_t>(active.begin(), active.end()) == base_set);
      CHECK(w.evaluate(sm, so) == doctest::Approx(base).epsilon(1e-5));
      ++checked;
    }
  }
  CHECK(checked == 200 * 7);
}

TEST_CASE("a configuration and its colour swap are different entries") {
  // me on a1 versus opp on a1 must not share a weight.
  pattern::ActiveList a, b;
  pattern::active_features(1, 0, a);
  pattern::active_features(0, 1, b);
  CHECK(a[0] != b[0]);
}

TEST_CASE("phases run from the opening to the last moves") {
  CHECK(pattern::phase_of(0x0000000810000000ull, 0x0000001008000000ull, 12) == 0);
  CHECK(pattern::phase_of(~0ull >> 1, 0, 12) == 11);
  CHECK(pattern::phase_of(~0ull >> 1, 0, 1) == 0);
}
