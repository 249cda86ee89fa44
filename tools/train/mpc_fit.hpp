#pragma once
// Fitting the Multi-ProbCut statistics (engine/mpc.hpp) from flank's own
// searches: positions of the training data are searched at every depth up to
// `max_depth` with the fitted weights, and for each empties bucket and deep
// depth d the scores at d are regressed on those at mpc::shallow_depth(d).

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval.hpp"
#include "engine/mpc.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

struct MpcFitOptions {
  int positions = 2000;  // positions searched (spread over the data)
  int max_depth = 8;     // deepest depth fitted; deeper nodes use its pair
  int threads = 1;
  int empties_per_bucket = 10;
};

// Progress callback: positions searched so far.
mpc::Statistics fit_mpc(const std::vector<Sample>& samples,
                        std::shared_ptr<const Evaluator> evaluator, const MpcFitOptions& options,
                        const std::function<void(std::size_t)>& on_progress);

// The statistics as a Markdown table (slope, intercept, sigma per bucket and depth).
std::string mpc_table(const mpc::Statistics& stats);

}  // namespace flank::train
