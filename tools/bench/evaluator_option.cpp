#include "tools/bench/commands.hpp"

namespace flank::bench {

void add_eval_option(boost::program_options::options_description& opts, std::string& name) {
  opts.add_options()("eval", boost::program_options::value(&name)->default_value(name),
                     "evaluation: pattern (the shipped weights, as genmove plays), hand, or a "
                     "weights file (flank-train --out)");
}

}  // namespace flank::bench
