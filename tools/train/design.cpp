#include "tools/train/design.hpp"

#include "engine/board/hash_mix.hpp"
#include "engine/eval/pattern_features.hpp"
#include "engine/eval/phase_blend.hpp"

namespace flank::train {

bool held_out(std::uint32_t game, double share, std::uint64_t seed) {
  return static_cast<double>(splitmix64(game ^ (seed << 32)) % 1000000) < share * 1000000;
}

Design make_design(const std::vector<Sample>& samples, const PatternWeights& w, double holdout,
                   std::uint64_t seed, bool blend) {
  Design d;
  const std::size_t n = samples.size();
  const pattern::PatternSet& set = w.set();
  d.per_sample = set.active_count();
  const auto width = static_cast<std::size_t>(d.per_sample);
  d.active.resize(n * width);
  d.label.resize(n);
  d.phase.resize(n);
  d.holdout.resize(n);
  const std::uint32_t per_phase = set.weights_per_phase();
  d.per_phase = per_phase;
  std::vector<PhaseBlend> blend_after;  // by moves played, 0..60
  if (blend) {
    d.upper_share.resize(n);
    for (int played = 0; played <= 60; ++played)
      blend_after.push_back(blend_at(played, w.phases()));
  }
  for (std::size_t i = 0; i < n; ++i) {
    const Sample& s = samples[i];
    int phase = pattern::phase_of(s.me, s.opp, w.phases());
    if (blend) {
      const PhaseBlend& b = blend_after[static_cast<std::size_t>(60 - s.empties())];
      phase = b.phase;
      d.upper_share[i] = static_cast<float>(b.share);
    }
    std::uint32_t* list = &d.active[i * width];
    set.active_features(s.me, s.opp, list);
    for (std::size_t k = 0; k < width; ++k)
      list[k] += static_cast<std::uint32_t>(phase) * per_phase;
    d.label[i] = s.label;
    d.phase[i] = static_cast<std::uint8_t>(phase);
    d.holdout[i] = held_out(s.game, holdout, seed);
  }
  return d;
}

}  // namespace flank::train
