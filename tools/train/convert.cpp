#include "tools/train/convert.hpp"

#include <algorithm>
#include <vector>

namespace flank::train {

namespace {

// The first and last moves played (0..60) of phase q of `phases`; every phase
// has at least one (pattern::phase_of).
struct Moves {
  int first, last;
  double middle() const { return (first + last) / 2.0; }
};

Moves moves_of_phase(int q, int phases) {
  Moves m{61, -1};
  for (int played = 0; played <= 60; ++played)
    if (pattern::phase_of_played(played, phases) == q) {
      m.first = std::min(m.first, played);
      m.last = played;
    }
  return m;
}

}  // namespace

PatternWeights convert_weights(const PatternWeights& from, const pattern::PatternSet& set,
                               int phases) {
  PatternWeights to(phases, set);
  const auto& old_features = from.set().features();
  for (int q = 0; q < phases; ++q) {
    // The old phase of the middle of phase q's moves.
    const Moves moves = moves_of_phase(q, phases);
    const int middle = (moves.first + moves.last) / 2;
    const int p = pattern::phase_of_played(middle, from.phases());
    for (const auto& f : set.features()) {
      const auto old = std::find_if(old_features.begin(), old_features.end(),
                                    [&](const auto& o) { return o.name == f.name; });
      if (old == old_features.end() || old->size != f.size) continue;
      std::copy_n(from.phase_weights(p) + old->offset, f.size, to.phase_weights(q) + f.offset);
    }
  }
  return to;
}

PhaseBlend blend_at(double played, int phases) {
  std::vector<double> middle;
  for (int k = 0; k < phases; ++k) middle.push_back(moves_of_phase(k, phases).middle());
  int k = 0;
  while (k + 1 < phases && middle[k + 1] <= played) ++k;
  const int next = k + 1 < phases && played > middle[k] ? k + 1 : k;
  const double t = next == k ? 0 : (played - middle[k]) / (middle[next] - middle[k]);
  return {k, next, t};
}

PatternWeights interpolate_phases(const PatternWeights& from, int phases) {
  PatternWeights to(phases, from.set());
  const std::size_t per_phase = from.set().weights_per_phase();
  for (int q = 0; q < phases; ++q) {
    const PhaseBlend b = blend_at(moves_of_phase(q, phases).middle(), from.phases());
    const float* a = from.phase_weights(b.phase);
    const float* c = from.phase_weights(b.next);
    float* out = to.phase_weights(q);
    for (std::size_t i = 0; i < per_phase; ++i)
      out[i] = static_cast<float>((1 - b.share) * a[i] + b.share * c[i]);
  }
  return to;
}

}  // namespace flank::train
