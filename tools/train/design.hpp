#pragma once
// The training positions as the rows of a sparse design matrix: each row lists
// the weights (pattern configurations, mobility and parity entries of the
// position's phase) that add up to the position's value. Shared by the
// stochastic fit (fit.hpp) and the least-squares solver (least_squares.hpp).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/eval/pattern_weights.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

// Whether a game is kept out of training: a `share` of the games, by a hash of
// the game number and the seed (whole games, so no position of a held-out game
// is trained on).
bool held_out(std::uint32_t game, double share, std::uint64_t seed);

struct Design {
  int per_sample = 0;                 // the pattern set's active_count()
  std::vector<std::uint32_t> active;  // per_sample indices per row, into the whole weight vector
  std::vector<float> label;
  std::vector<std::uint8_t> phase;
  std::vector<std::uint8_t> holdout;
  // Blended phases (empty: none): row i's value is its phase's sum moved a
  // share upper_share[i] of the way to the same entries' sum in the next phase.
  std::vector<float> upper_share;
  std::uint32_t per_phase = 0;  // weights per phase, the distance to the next phase's entries

  double share(std::size_t i) const { return upper_share.empty() ? 0.0 : upper_share[i]; }

  std::size_t rows() const { return label.size(); }
  const std::uint32_t* row(std::size_t i) const {
    return &active[i * static_cast<std::size_t>(per_sample)];
  }
  // The row's value under the weights w (the whole weight vector).
  template <class T>
  T predict(std::size_t i, const T* w) const {
    const std::uint32_t* a = row(i);
    T sum = 0;
    for (int k = 0; k < per_sample; ++k) sum += w[a[k]];
    const double t = share(i);
    if (t == 0) return sum;
    T upper = 0;
    for (int k = 0; k < per_sample; ++k) upper += w[a[k] + per_phase];
    return static_cast<T>(sum + t * (upper - sum));
  }
};

// The rows of `samples` for the weights' pattern set and phases; a `holdout`
// share of the games (held_out) is marked. With `blend`, each position's value
// is the blend of the two phases whose middles surround its move (blend_at),
// as the weights will evaluate once interpolated to one phase per move.
Design make_design(const std::vector<Sample>& samples, const PatternWeights& weights,
                   double holdout, std::uint64_t seed, bool blend = false);

}  // namespace flank::train
