#include "engine/pattern_evaluator.hpp"
#include "tools/bench/commands.hpp"
#include "tools/common/weights_file.hpp"

namespace flank::bench {

std::shared_ptr<const Evaluator> evaluator_named(const std::string& name) {
  if (name == "pattern") return pattern_evaluator();
  if (name == "hand") return hand_evaluator();
  // Anything else is a weights file (flank-train --out), so the speed of
  // other weights (more phases, another pattern set) can be measured.
  return pattern_evaluator(name);
}

void add_eval_option(boost::program_options::options_description& opts, std::string& name) {
  opts.add_options()("eval", boost::program_options::value(&name)->default_value(name),
                     "evaluation: pattern (the shipped weights, as genmove plays), hand, or a "
                     "weights file (flank-train --out)");
}

}  // namespace flank::bench
