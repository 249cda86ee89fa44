#pragma once
// "Propagated by phase" labels: the exact scores fix the last phases; every
// earlier phase is relabelled by a search whose leaves, a few moves later, are
// scored by the weights already fitted for the later phases, and refitted
// before the phase before it is relabelled. Exact labels are never replaced,
// and a win/loss/draw label's search score keeps its proven result.

#include <functional>
#include <memory>
#include <vector>

#include "engine/eval/pattern_weights.hpp"
#include "engine/search/mpc.hpp"
#include "tools/train/fit.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

// The cut confidence of the relabelling searches: timed play's until session
// 33. The shipped weights' labels were made with it, so it stays the default
// for tools/train/train-shipped.sh to reproduce them.
constexpr double kPropagationConfidence = 1.5;

struct PropagateOptions {
  int depth = 4;    // search depth of the relabelling
  int threads = 1;  // parallel searches
  // Multi-ProbCut in the relabelling searches (null: off): a deeper label for
  // about the time of a shallower full-width one. The statistics belong to
  // other weights (the ones being fitted have none yet); the relation between
  // shallow and deep scores changes little from one fit to the next.
  std::shared_ptr<const mpc::Statistics> mpc;
  double mpc_confidence = kPropagationConfidence;
  // Label with the mean of the search's last two iterations (depths depth and
  // depth - 1) instead of the last: a search's score swings between odd and
  // even depths (the side that moves last at the leaves looks better), and
  // the mean cancels most of it, for the cost of the deeper search alone.
  bool average_last_two = false;
  // Called (one call at a time) with 0 when a relabelling starts, then as its
  // searches finish, every 64 positions and at the last, with counts that
  // only go up: how many are done of how many.
  std::function<void(std::size_t done, std::size_t total)> on_searched;
};

// Refits one phase's weights to that phase's positions (the stochastic fit or
// least squares); returns the fit's errors, first and last row at least.
using PhaseRefit = std::function<std::vector<EpochRow>(const std::vector<Sample>& positions,
                                                       PatternWeights& weights, int phase)>;

// Where a propagation run starts and stops, and how it relabels.
struct PropagationSteps {
  int from_phase = -1;  // -1: the last phase; a resumed run starts below the phases done
  int max_phases = -1;  // stop after relabelling this many phases (-1: all)
  // Relabels the positions `which` of `phase` (null: the depth-limited
  // searches of `relabel` below; a merge of sharded searches puts theirs).
  std::function<void(int phase, const std::vector<std::size_t>& which)> relabel;
};

// Relabels and refits phase by phase, last phase first (or as `steps` say).
// Calls `on_phase(phase, relabelled, rows)` after each phase with its fit's
// curve. Returns whether every phase is done (false: stopped by max_phases).
bool propagate_by_phase(std::vector<Sample>& samples, PatternWeights& weights,
                        const PhaseRefit& refit, const PropagateOptions& options,
                        const std::function<void(int phase, std::size_t relabelled,
                                                 const std::vector<EpochRow>&)>& on_phase,
                        const PropagationSteps& steps = {});

// The positions of `phase` that a propagation relabels (the inexact ones), in
// sample order.
std::vector<std::size_t> relabelled_in_phase(const std::vector<Sample>& samples, int phases,
                                             int phase);

// The phase a propagation relabels next when the phases from `done` up are
// done: the highest below it with positions to relabel; -1 when none is left.
int next_phase(const std::vector<Sample>& samples, int phases, int done);

// Replaces the labels of samples[i] for i in `which` by depth-limited search
// scores on `weights`; each label is independent of the others.
void relabel(std::vector<Sample>& samples, const std::vector<std::size_t>& which,
             const PatternWeights& weights, const PropagateOptions& options);

// Refits, one by one, the phases with fewer than `thin` positions (none
// empty) with `refit` (least squares, after a fit by descent without
// propagation).
void refit_thin_phases(const std::vector<Sample>& samples, PatternWeights& weights, int thin,
                       const PhaseRefit& refit);

}  // namespace flank::train
