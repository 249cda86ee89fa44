#include "engine/pattern_evaluator.hpp"

#include <algorithm>
#include <cmath>

#include "engine/pattern_eval.hpp"
#include "engine/pattern_features.hpp"

namespace flank {

PatternEvaluator::PatternEvaluator(std::shared_ptr<const PatternWeights> weights)
    : weights_(std::move(weights)) {
  fine_.reserve(weights_->values().size());
  for (float w : weights_->values())
    fine_.push_back(static_cast<std::int16_t>(
        std::clamp<long>(std::lround(static_cast<double>(w) * kFineUnits), -32767, 32767)));
}

int PatternEvaluator::evaluate8(std::uint64_t me, std::uint64_t opp) const {
  pattern::ActiveList active;
  pattern::active_features(me, opp, active);
  const std::int16_t* w =
      fine_.data() + static_cast<std::size_t>(pattern::phase_of(me, opp, weights_->phases())) *
                         pattern::weights_per_phase();
  int sum = 0;
  for (std::uint32_t i : active) sum += w[i];
  // Eval units (rounded to nearest), kept inside the +-64 disc range the interface promises.
  constexpr int kRatio = kFineUnits / kUnitsPerDisc;
  constexpr int kLimit = 64 * kUnitsPerDisc - 1;
  const int units = (sum + (sum >= 0 ? kRatio / 2 : -kRatio / 2)) / kRatio;
  return std::clamp(units, -kLimit, kLimit);
}

std::shared_ptr<const Evaluator> pattern_evaluator() {
  // The shipped weights live for the whole program; share them without a copy.
  static const auto shared = std::make_shared<const PatternEvaluator>(
      std::shared_ptr<const PatternWeights>(&shipped_weights(), [](const PatternWeights*) {}));
  return shared;
}

std::shared_ptr<const Evaluator> pattern_evaluator(const std::string& weights_path) {
  return std::make_shared<const PatternEvaluator>(
      std::make_shared<const PatternWeights>(load_weights(weights_path)));
}

}  // namespace flank
