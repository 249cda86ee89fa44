#pragma once
// Fitting the Multi-ProbCut statistics (engine/search/mpc.hpp) from flank's own
// searches: positions of the training data are searched at every depth up to
// `max_depth` with the fitted weights, and for each empties bucket and deep
// depth d the scores at d are regressed on those at mpc::shallow_depth(d);
// for the endgame pairs, exact scores on mpc::endgame_shallow_depth(empties).

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval/eval.hpp"
#include "engine/search/mpc.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

struct MpcFitOptions {
  int positions = 2000;  // positions searched (spread over the data)
  int max_depth = 12;    // deepest depth fitted; deeper nodes use its pair
  int threads = 1;
  int empties_per_bucket = 10;
  // The selective endgame's pairs (shallow search -> exact score), one per
  // empties count from mpc::kSelectiveMinEmpties to endgame_max (0: none),
  // each fitted on endgame_positions solved positions with that many empties.
  int endgame_max = 22;
  int endgame_positions = 100;
};

// Progress callback: positions searched so far.
mpc::Statistics fit_mpc(const std::vector<Sample>& samples,
                        std::shared_ptr<const Evaluator> evaluator, const MpcFitOptions& options,
                        const std::function<void(std::size_t)>& on_progress);

// The statistics as a Markdown table (slope, intercept, sigma per bucket and depth).
std::string mpc_table(const mpc::Statistics& stats);

}  // namespace flank::train
