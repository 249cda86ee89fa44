#pragma once
// How well evaluations predict labelled positions: mean absolute error and
// mean signed error (bias) by number of empties, to compare trained weights
// with each other or with the hand-made evaluation on held-out exact scores.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tools/train/sample.hpp"

namespace flank::train {

struct NamedEvaluation {
  std::string name;
  std::function<float(std::uint64_t me, std::uint64_t opp)> evaluate;  // discs for the mover
};

// A Markdown table: one row per band of `band` empties from `low` up to
// `high` (only bands with positions), the number of positions, each
// evaluation's mean absolute error, then each one's bias: the mean of label
// minus evaluation (above 0: it values the side to move too low); only
// positions whose label kind is in `kinds` count.
std::string error_by_empties(const std::vector<Sample>& samples,
                             const std::vector<NamedEvaluation>& evaluations,
                             const std::string& kinds, int band, int low = 0, int high = 60);

}  // namespace flank::train
