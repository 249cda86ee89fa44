#include <boost/program_options/variables_map.hpp>
#include <stdexcept>

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

std::shared_ptr<const Evaluator> chosen_evaluator(const std::string& name, const std::string& net,
                                                  const boost::program_options::variables_map& vm) {
  // As flank refuses it: a net given beside the hand evaluation would be ignored.
  if (name == "hand" && !vm["net"].defaulted())
    throw std::invalid_argument("--net goes with pattern weights, not --eval hand");
  return evaluator_named(name, net);
}

}  // namespace flank::bench
