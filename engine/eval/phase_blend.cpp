#include "engine/eval/phase_blend.hpp"

#include <algorithm>
#include <vector>

#include "engine/eval/pattern_features.hpp"

namespace flank {
namespace {

// A per-move blend is evaluated with one phase per move (0..60 played).
constexpr int kPhasesPerMove = 61;

}  // namespace

double phase_middle(int q, int phases) {
  // Every phase has at least one move (pattern::phase_of_played).
  int first = 61, last = -1;
  for (int played = 0; played <= 60; ++played)
    if (pattern::phase_of_played(played, phases) == q) {
      first = std::min(first, played);
      last = played;
    }
  return (first + last) / 2.0;
}

PhaseBlend blend_at(double played, int phases) {
  std::vector<double> middle;
  for (int k = 0; k < phases; ++k) middle.push_back(phase_middle(k, phases));
  int k = 0;
  while (k + 1 < phases && middle[k + 1] <= played) ++k;
  const int next = k + 1 < phases && played > middle[k] ? k + 1 : k;
  const double t = next == k ? 0 : (played - middle[k]) / (middle[next] - middle[k]);
  return {k, next, t};
}

void interpolated_phase(const PatternWeights& from, int q, int phases, float* out) {
  const std::size_t per_phase = from.set().weights_per_phase();
  const PhaseBlend b = blend_at(phase_middle(q, phases), from.phases());
  const float* a = from.phase_weights(b.phase);
  const float* c = from.phase_weights(b.next);
  for (std::size_t i = 0; i < per_phase; ++i)
    out[i] = static_cast<float>((1 - b.share) * a[i] + b.share * c[i]);
}

PatternWeights interpolate_phases(const PatternWeights& from, int phases) {
  PatternWeights to(phases, from.set());
  for (int q = 0; q < phases; ++q) interpolated_phase(from, q, phases, to.phase_weights(q));
  return to;
}

PatternWeights evaluated_phases(const PatternWeights& weights) {
  return weights.per_move_blend() ? interpolate_phases(weights, kPhasesPerMove) : weights;
}

int evaluated_phase_count(const PatternWeights& weights) {
  return weights.per_move_blend() ? kPhasesPerMove : weights.phases();
}

void evaluated_phase(const PatternWeights& weights, int q, float* out) {
  if (weights.per_move_blend()) {
    interpolated_phase(weights, q, kPhasesPerMove, out);
  } else {
    const float* from = weights.phase_weights(q);
    std::copy(from, from + weights.set().weights_per_phase(), out);
  }
}

}  // namespace flank
