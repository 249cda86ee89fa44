#include "tools/bench/commands.hpp"
#include "tools/common/weights_file.hpp"

namespace flank::bench {

void add_eval_option(boost::program_options::options_description& opts, std::string& name,
                     std::string& net) {
  opts.add_options()("eval", boost::program_options::value(&name)->default_value(name),
                     "evaluation: pattern (the shipped weights, as genmove plays), hand, or a "
                     "weights file (flank-train --out); either kind of weights with the net of "
                     "--net")("net", boost::program_options::value(&net)->default_value(net),
                              kNetOptionHelp);
}

}  // namespace flank::bench
