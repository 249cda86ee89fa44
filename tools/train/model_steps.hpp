#pragma once
// What flank-train fits over a set of weights: the Multi-ProbCut statistics
// and the residual net, each written to its file.
#include <vector>

#include "engine/eval/pattern_weights.hpp"
#include "tools/train/sample.hpp"
#include "tools/train/train_settings.hpp"

namespace flank::train {

// Fits the Multi-ProbCut statistics of `weights` by searching positions of the
// data, and writes them to --mpc-out.
void fit_and_write_mpc(const Settings& s, const std::vector<Sample>& samples,
                       const PatternWeights& weights);

// Fits a residual net over the --init weights to the positions' labels, and
// writes it to --net-out with its learning curve.
void fit_and_write_net(const Settings& s, const std::vector<Sample>& samples,
                       const PatternWeights& weights);

}  // namespace flank::train
