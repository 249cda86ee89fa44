#include "tools/train/convert.hpp"

#include <algorithm>

#include "engine/eval/phase_blend.hpp"

namespace flank::train {

PatternWeights convert_weights(const PatternWeights& from, const pattern::PatternSet& set,
                               int phases) {
  PatternWeights to(phases, set);
  const auto& old_features = from.set().features();
  for (int q = 0; q < phases; ++q) {
    // The old phase of the middle of phase q's moves.
    const int middle = static_cast<int>(phase_middle(q, phases));
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

}  // namespace flank::train
