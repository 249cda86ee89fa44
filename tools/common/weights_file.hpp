#pragma once
// The pattern weights file on disk (format in engine/eval/pattern_weights.hpp):
// reading and writing it is I/O, so it lives here, outside the engine library.

#include <memory>
#include <string>

#include "engine/eval/eval.hpp"
#include "engine/eval/pattern_weights.hpp"
#include "engine/eval/residual_net.hpp"

namespace flank {

// Reads a weights file; a missing, truncated, corrupt or foreign file throws
// std::runtime_error with a one-line message naming the file.
PatternWeights load_weights(const std::string& path);

// Writes one; throws std::runtime_error naming the file on any failure.
void save_weights(const PatternWeights& weights, const std::string& path);

// The residual net file (format in engine/eval/residual_net.hpp); like the weights.
ResidualNet load_net(const std::string& path);
void save_net(const ResidualNet& net, const std::string& path);

// What a `--net` option gives for `weights`: "on" the shipped net when it was
// fitted over those weights (else none), "off" none, else a net file, which
// must have been fitted over them (std::runtime_error otherwise).
std::shared_ptr<const ResidualNet> net_from_option(const std::string& option,
                                                   const PatternWeights& weights);
// The --net option's help, shared by the tools that have it.
extern const char* const kNetOptionHelp;

// Weights read from a file (the shipped ones when the path is empty) with the
// net of a `--net` option as an Evaluator, e.g. for `--weights FILE`; throws
// like load_weights and net_from_option.
std::shared_ptr<const Evaluator> pattern_evaluator(const std::string& weights_path,
                                                   const std::string& net_option = "on");

// The evaluation a tool option names: "pattern" (the shipped weights, as
// genmove plays), "hand" (the hand-made evaluation), or else a weights file
// (flank-train --out), so that other weights can be measured; with the net of
// `net_option` (a pattern evaluation only); throws like pattern_evaluator.
std::shared_ptr<const Evaluator> evaluator_named(const std::string& name,
                                                 const std::string& net_option = "on");

}  // namespace flank
