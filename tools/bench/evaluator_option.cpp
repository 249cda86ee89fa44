#include <stdexcept>

#include "engine/pattern_evaluator.hpp"
#include "tools/bench/commands.hpp"

namespace flank::bench {

std::shared_ptr<const Evaluator> evaluator_named(const std::string& name) {
  if (name == "pattern") return pattern_evaluator();
  if (name == "hand") return hand_evaluator();
  throw std::invalid_argument("--eval must be pattern or hand, not '" + name + "'");
}

}  // namespace flank::bench
