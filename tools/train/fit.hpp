#pragma once
// Fitting the pattern weights to labelled positions: regularised least squares
// (squared error plus an L2 penalty) by stochastic gradient descent, with whole
// games held out to measure the error on positions never trained on.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/eval/pattern_weights.hpp"
#include "tools/train/design.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

struct FitOptions {
  int epochs = 20;
  double learning_rate = 0.002;  // first epoch's step; later epochs shrink it
  double l2 = 1e-4;              // weight decay per update of a weight
  double holdout = 0.05;         // fraction of games kept out of training
  // Smoothing across phases: a position of phase p also trains phases p-1 and
  // p+1 with this fraction of the step, so that neighbouring phases (one or two
  // plies apart when there are many) stay alike and share their data.
  double neighbours = 0;
  std::uint64_t seed = 1;
};

struct PhaseError {
  double train_mae = 0, holdout_mae = 0;
  std::size_t train_count = 0, holdout_count = 0;
};

// One line of the learning curve (epoch 0 is before any training).
struct EpochRow {
  int epoch = 0;
  double learning_rate = 0;
  double train_mae = 0, holdout_mae = 0, holdout_rmse = 0;
  std::vector<PhaseError> phases;
  double seconds = 0;
};

bool held_out(std::uint32_t game, const FitOptions& options);

// Mean absolute errors of `weights` per phase over the rows of a design.
EpochRow measure_design(const Design& design, const PatternWeights& weights);

// Mean absolute errors of `weights` per phase over the samples, split by held_out().
EpochRow measure(const std::vector<Sample>& samples, const PatternWeights& weights,
                 const FitOptions& options);

// Trains `weights` in place (starting from their current values); calls
// `on_epoch` after every epoch with that epoch's row.
std::vector<EpochRow> fit(const std::vector<Sample>& samples, PatternWeights& weights,
                          const FitOptions& options,
                          const std::function<void(const EpochRow&)>& on_epoch);

// The learning curve as a Markdown table (one row per epoch, errors per phase).
std::string curve_table(const std::vector<EpochRow>& rows, int phases);

}  // namespace flank::train
