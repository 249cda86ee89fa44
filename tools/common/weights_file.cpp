#include "tools/common/weights_file.hpp"

#include "engine/pattern_evaluator.hpp"
#include "tools/common/binary_file.hpp"

namespace flank {

void save_weights(const PatternWeights& weights, const std::string& path) {
  write_binary_file(path, weights.to_bytes(), "weights file");
}

PatternWeights load_weights(const std::string& path) {
  return PatternWeights::from_bytes(read_binary_file(path, "weights file"), path);
}

std::shared_ptr<const Evaluator> pattern_evaluator(const std::string& weights_path) {
  return std::make_shared<const PatternEvaluator>(
      std::make_shared<const PatternWeights>(load_weights(weights_path)));
}

std::shared_ptr<const Evaluator> evaluator_named(const std::string& name) {
  if (name == "pattern") return pattern_evaluator();
  if (name == "hand") return hand_evaluator();
  return pattern_evaluator(name);
}

}  // namespace flank
