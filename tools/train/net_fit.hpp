#pragma once
// Fits a residual net (engine/eval/residual_net.hpp) over fixed pattern weights:
// the net learns what the weights' linear sum misses of each position's
// label. Minibatch Adam on the absolute error's gradient clipped to +-8 discs
// (the labels' outliers pull no harder than that), lazy updates of the table
// entries a batch touches; one thread, deterministic for a seed.

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/eval/pattern_weights.hpp"
#include "engine/eval/residual_net.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

struct NetFitOptions {
  int phases = 4;  // net phases (by discs on the board)
  int epochs = 6;
  int batch = 256;
  float rate = 1e-3f;        // the head's first step size
  float entry_rate = 3e-3f;  // the table entries' first step size
  float decay = 0.6f;        // both rates times this after each epoch
  float clip = 8;            // the error's gradient clipped to +-clip discs
  double holdout = 0.05;     // share of games held out (held_out(), design.hpp)
  std::uint64_t seed = 1;
};

// Mean absolute errors in discs, overall and per net phase.
struct NetErrors {
  double all = 0;
  std::vector<double> phase;
};

struct NetEpoch {
  int epoch = 0;             // 0: before training
  NetErrors train, holdout;  // of weights plus net (train: a sample of the training positions)
  NetErrors linear;          // held-out error of the weights alone
};

// The net for `base` (its base_checksum set); `on_epoch` after each epoch and
// once before, `on_batch` with the positions trained so far.
ResidualNet fit_net(
    const std::vector<Sample>& samples, const PatternWeights& base, const NetFitOptions& options,
    const std::function<void(const NetEpoch&)>& on_epoch = nullptr,
    const std::function<void(std::size_t done, std::size_t total)>& on_batch = nullptr);

// Held-out errors (held_out() with `holdout` and `seed`) of base plus net, as
// the net is written (its 16-bit entries), and of the base alone (`train`
// left empty).
NetEpoch measure_net(const std::vector<Sample>& samples, const PatternWeights& base,
                     const ResidualNet& net, double holdout, std::uint64_t seed);

}  // namespace flank::train
