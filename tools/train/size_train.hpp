#pragma once
// Training the evaluation for the other board sizes (engine/eval/size_eval.hpp):
// self-play games on several sizes from random openings, labelled by the game's
// result (exact from the solve point on) mixed with a short search's score,
// and a least-squares fit of the
// weights phase by phase. Also balanced random openings for matches on any size.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval/eval.hpp"
#include "engine/eval/size_eval.hpp"
#include "engine/search/search.hpp"

namespace flank::train {

struct SizeSample {
  SizeFeatures features;
  float label = 0;  // final disc difference for the mover, scaled to 64 squares
  std::uint32_t game = 0;
};

struct SizePlayOptions {
  int random_plies = 8;        // uniformly random moves at the start
  int play_depth = 2;          // search depth of the other moves
  double random_moves = 0.05;  // chance of a random move after the opening
  int exact_empties = 12;      // solved exactly (both sides perfect) from here
  int phases = 10;
  // Before the solve point a position's label mixes the game's result with a
  // search of this depth (0: the result alone), the result weighing this much.
  int label_depth = 4;
  double result_weight = 0.5;
};

// One game on an n x n board; the same game number and seed give the same game.
// `searcher`'s evaluator plays (its size weights, or the hand evaluation).
std::vector<SizeSample> play_size_game(int n, std::uint32_t game, std::uint64_t seed,
                                       const SizePlayOptions& options, Searcher& searcher);

struct SizeFitOptions {
  double ridge = 2.0;       // L2 penalty on each corner pattern weight (scalars: 1e-3 of it)
  double neighbours = 0.5;  // a position also counts this much in the phases next to its own
  int holdout_every = 10;   // games with number % this == 0 are held out (0: none)
};

struct SizeFitReport {
  double train_mae = 0, holdout_mae = 0;
  std::size_t train = 0, holdout = 0;
};

// Least squares over the training games' samples, each phase solved exactly
// (normal equations, Cholesky). Reports mean absolute errors in 8x8 discs.
SizeWeights fit_size_weights(const std::vector<SizeSample>& samples, int phases,
                             const SizeFitOptions& options, SizeFitReport& report);

// `count` distinct openings of `plies` random moves on an n x n board whose
// depth-`depth` search score (hand evaluation) is within `balance` discs, one
// move list per entry ("e4 f6 ..."). Deterministic for a seed.
std::vector<std::string> balanced_openings(int n, int count, int plies, int depth, int balance,
                                           std::uint64_t seed);

// `flank-train sizes ...` (its own options; --help lists them).
int size_train_main(int argc, char** argv);

}  // namespace flank::train
