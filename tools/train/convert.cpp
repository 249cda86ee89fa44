#include "tools/train/convert.hpp"

#include <algorithm>

namespace flank::train {

PatternWeights convert_weights(const PatternWeights& from, const pattern::PatternSet& set,
                               int phases) {
  PatternWeights to(phases, set);
  const auto& old_features = from.set().features();
  for (int q = 0; q < phases; ++q) {
    // The moves played (0..60) of phase q, and the old phase of their middle.
    int first = 61, last = -1;
    for (int played = 0; played <= 60; ++played)
      if (std::min(played * phases / 61, phases - 1) == q) {
        first = std::min(first, played);
        last = played;
      }
    if (last < 0) continue;
    const int middle = (first + last) / 2;
    const int p = std::min(middle * from.phases() / 61, from.phases() - 1);
    for (const auto& f : set.features()) {
      const auto old = std::find_if(old_features.begin(), old_features.end(),
                                    [&](const auto& o) { return o.name == f.name; });
      if (old == old_features.end() || old->size != f.size) continue;
      std::copy_n(from.phase_weights(p) + old->offset, f.size, to.phase_weights(q) + f.offset);
    }
  }
  return to;
}

}  // namespace flank::train
