#include "tools/common/weights_file.hpp"

#include "engine/eval/pattern_eval.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "tools/common/binary_file.hpp"

namespace flank {

void save_weights(const PatternWeights& weights, const std::string& path) {
  write_binary_file(path, weights.to_bytes(), "weights file");
}

PatternWeights load_weights(const std::string& path) {
  return PatternWeights::from_bytes(read_binary_file(path, "weights file"), path);
}

ResidualNet load_net(const std::string& path) {
  return ResidualNet::from_bytes(read_binary_file(path, "net file"), path);
}

void save_net(const ResidualNet& net, const std::string& path) {
  write_binary_file(path, net.to_bytes(), "net file");
}

const char* const kNetOptionHelp =
    "residual net added to the 8x8 pattern weights: on (the shipped net, with the weights it "
    "was fitted over: the shipped ones), off, or a net file made by flank-train --net-out for "
    "the weights in use";

std::shared_ptr<const ResidualNet> net_from_option(const std::string& option,
                                                   const PatternWeights& weights) {
  if (option == "off") return nullptr;
  if (option == "on") {
    const ResidualNet& shipped = shipped_net();
    if (!shipped.fits(weights)) return nullptr;
    return {&shipped, [](const ResidualNet*) {}};
  }
  auto net = std::make_shared<const ResidualNet>(load_net(option));
  if (!net->fits(weights))
    throw std::runtime_error("net file " + option +
                             " was fitted over other weights than the ones in use (see --weights)");
  return net;
}

std::shared_ptr<const Evaluator> pattern_evaluator(const std::string& weights_path,
                                                   const std::string& net_option) {
  if (weights_path.empty() && net_option == "on") return pattern_evaluator();
  auto weights =
      weights_path.empty()
          ? std::shared_ptr<const PatternWeights>(&shipped_weights(), [](const PatternWeights*) {})
          : std::make_shared<const PatternWeights>(load_weights(weights_path));
  return std::make_shared<const PatternEvaluator>(weights, net_from_option(net_option, *weights));
}

std::shared_ptr<const Evaluator> evaluator_named(const std::string& name,
                                                 const std::string& net_option) {
  if (name == "pattern") return pattern_evaluator("", net_option);
  if (name == "hand") return hand_evaluator();
  return pattern_evaluator(name, net_option);
}

}  // namespace flank
