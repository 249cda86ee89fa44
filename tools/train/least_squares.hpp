#pragma once
// Fitting the pattern weights by regularised least squares, solved to the
// optimum: minimise over the training rows
//   sum (label - value)^2 + ridge * sum w^2 + smooth * sum (w[p] - w[p+1])^2
// (the last sum over neighbouring phases of the same entry, which keeps the
// phases alike where their data is thin; a blended design's rows count in two
// phases, design.hpp; with `huber`, the Huber loss instead of the squared
// error, by reweighted solves) by preconditioned conjugate
// gradients on the normal equations. Unlike the stochastic fit, every weight
// ends at the same optimum whatever its frequency, and the result does not
// depend on the order of the rows or the thread count.

#include <functional>

#include "engine/eval/pattern_weights.hpp"
#include "tools/train/design.hpp"
#include "tools/train/fit.hpp"

namespace flank::train {

struct LeastSquaresOptions {
  double ridge = 4;         // per weight, in units of one position's squared error
  double smooth = 0;        // between the same entry in neighbouring phases
  int iterations = 300;     // conjugate-gradient steps at most
  double tolerance = 1e-5;  // stop when the residual's norm falls by this factor
  int threads = 1;
  // Only these phases' weights change (the others, fixed, still tie their
  // neighbours); -1: every phase. Rows of other phases are left out.
  int first_phase = 0, last_phase = -1;
  // Huber loss (0: squared error): residuals beyond `huber` discs weigh in
  // linearly, by iteratively reweighted least squares over `reweights` more solves.
  double huber = 0;
  int reweights = 3;
};

// Fits `weights` (starting from their values) to the design's training rows;
// calls `on_step(iteration, residual ratio)` every `report_every` iterations and
// returns the errors (EpochRow, epoch = iterations done) before and after.
std::vector<EpochRow> solve_least_squares(
    const Design& design, PatternWeights& weights, const LeastSquaresOptions& options,
    const std::function<void(int iteration, double residual)>& on_step = nullptr,
    int report_every = 10);

}  // namespace flank::train
