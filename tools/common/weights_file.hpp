#pragma once
// The pattern weights file on disk (format in engine/pattern_weights.hpp):
// reading and writing it is I/O, so it lives here, outside the engine library.

#include <memory>
#include <string>

#include "engine/eval.hpp"
#include "engine/pattern_weights.hpp"

namespace flank {

// Reads a weights file; a missing, truncated, corrupt or foreign file throws
// std::runtime_error with a one-line message naming the file.
PatternWeights load_weights(const std::string& path);

// Writes one; throws std::runtime_error naming the file on any failure.
void save_weights(const PatternWeights& weights, const std::string& path);

// Weights read from a file as an Evaluator, e.g. for a `--weights FILE` option;
// throws like load_weights.
std::shared_ptr<const Evaluator> pattern_evaluator(const std::string& weights_path);

// The evaluation a tool option names: "pattern" (the shipped weights, as
// genmove plays), "hand" (the hand-made evaluation), or else a weights file
// (flank-train --out), so that other weights can be measured; throws like
// load_weights for a bad file.
std::shared_ptr<const Evaluator> evaluator_named(const std::string& name);

}  // namespace flank
