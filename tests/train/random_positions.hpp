#pragma once
// Random 8x8 positions labelled by a hidden weight vector, for tests of the
// fitting: a fit must find those weights again.

#include <cstdint>
#include <random>
#include <vector>

#include "engine/board/board8.hpp"
#include "engine/eval/pattern_weights.hpp"
#include "tools/train/sample.hpp"

namespace flank::train::test {

// Weights drawn from a standard normal distribution.
inline PatternWeights random_weights(int phases, unsigned seed,
                                     const pattern::PatternSet& set = pattern::classic_set()) {
  PatternWeights w(phases, set);
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  for (float& v : w.values()) v = normal(rng);
  return w;
}

// One position per game: the start continued by 0..49 random moves, labelled
// hidden.evaluate().
inline std::vector<Sample> labelled_positions(const PatternWeights& hidden, std::uint32_t games,
                                              std::uint64_t seed) {
  std::mt19937_64 play(seed);
  std::vector<Sample> samples;
  for (std::uint32_t game = 0; game < games; ++game) {
    std::uint64_t me = 0x0000000810000000ull, opp = 0x0000001008000000ull;
    const int plies = static_cast<int>(play() % 50);
    for (int i = 0; i < plies; ++i) {
      std::uint64_t moves = board8::legal_moves(me, opp);
      if (!moves) break;
      for (int k = static_cast<int>(play() % static_cast<unsigned>(__builtin_popcountll(moves)));
           k > 0; --k)
        moves &= moves - 1;
      const int sq = __builtin_ctzll(moves);
      const std::uint64_t f = board8::flips(me, opp, sq);
      const std::uint64_t next = opp ^ f;
      opp = me ^ f ^ (std::uint64_t{1} << sq);
      me = next;
    }
    samples.push_back({me, opp, hidden.evaluate(me, opp), LabelKind::Exact, game});
  }
  return samples;
}

}  // namespace flank::train::test
