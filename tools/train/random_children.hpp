#pragma once
// Positions one uniformly random legal move off the game path. A search
// spends most of its nodes after poor moves, which the games it learns from
// rarely show: after one random move the shipped evaluation valued the side
// to move 4.3 discs too low (docs/experiments.md, 2026-11-29). Each child is a
// sample of its parent's game, so the held-out split, the shards and the
// propagation treat it as that game's.

#include <cstdint>
#include <vector>

#include "tools/train/sample.hpp"

namespace flank::train {

struct ChildOptions {
  double share = 0;        // the share of eligible positions given a child (0..1)
  int exact_empties = 14;  // children keep more empties than this: searched, not solved
  std::uint64_t seed = 1;
};

// The children of one game's samples, in their order: for a share of the
// positions whose child keeps more than exact_empties empties, the position
// after a uniformly random legal move, from its new mover's view, when that
// mover has a move (a child that would pass is left out). Each is labelled
// with its parent's label negated, an outcome for the propagation to replace.
// The choices depend only on the seed, the game and the position, so they
// are the same whatever the order, the shard or the thread.
std::vector<Sample> random_children(const std::vector<Sample>& game, const ChildOptions& options);

}  // namespace flank::train
