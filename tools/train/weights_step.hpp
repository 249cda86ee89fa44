#pragma once
// flank-train's fit of the pattern weights: the first fit, the propagation of
// search labels phase by phase (resumable, shardable), and the outputs.
#include <vector>

#include "tools/train/sample.hpp"
#include "tools/train/train_settings.hpp"

namespace flank::train {

// Fits the weights to the (deduplicated) positions, propagates search labels
// when asked, and writes the weights, the learning curve, --labels-out and
// --mpc-out; a --propagate-shard worker writes its part file instead.
void fit_and_write(const Settings& s, std::vector<Sample> samples);

}  // namespace flank::train
