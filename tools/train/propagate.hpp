#pragma once
// "Propagated by phase" labels: the exact scores fix the last phases; every
// earlier phase is relabelled by a search whose leaves, a few moves later, are
// scored by the weights already fitted for the later phases, and refitted
// before the phase before it is relabelled. Exact labels are never replaced,
// and a win/loss/draw label's search score keeps its proven result.

#include <functional>
#include <memory>
#include <vector>

#include "engine/mpc.hpp"
#include "engine/pattern_weights.hpp"
#include "tools/train/fit.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

struct PropagateOptions {
  int depth = 4;    // search depth of the relabelling
  int threads = 1;  // parallel searches
  // Multi-ProbCut in the relabelling searches (null: off): a deeper label for
  // about the time of a shallower full-width one. The statistics belong to
  // other weights (the ones being fitted have none yet); the relation between
  // shallow and deep scores changes little from one fit to the next.
  std::shared_ptr<const mpc::Statistics> mpc;
  double mpc_confidence = mpc::kTimedConfidence;
};

// Refits one phase's weights to that phase's positions (the stochastic fit or
// least squares); returns the fit's errors, first and last row at least.
using PhaseRefit = std::function<std::vector<EpochRow>(const std::vector<Sample>& positions,
                                                       PatternWeights& weights, int phase)>;

// Relabels and refits phase by phase, from `from_phase` (-1: the last phase;
// a resumed run starts below the phases done) to the first. Calls
// `on_phase(phase, relabelled, rows)` after each phase with its fit's curve.
void propagate_by_phase(std::vector<Sample>& samples, PatternWeights& weights,
                        const PhaseRefit& refit, const PropagateOptions& options,
                        const std::function<void(int phase, std::size_t relabelled,
                                                 const std::vector<EpochRow>&)>& on_phase,
                        int from_phase = -1);

// Refits, one by one, the phases with fewer than `thin` positions (none
// empty) with `refit` (least squares, after a fit by descent without
// propagation).
void refit_thin_phases(const std::vector<Sample>& samples, PatternWeights& weights, int thin,
                       const PhaseRefit& refit);

}  // namespace flank::train
