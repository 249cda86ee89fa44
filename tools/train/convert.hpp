#pragma once
// Weights carried over to another pattern set or phase count, as the start of
// a fit (flank-train --init FILE with --patterns or --phases): a new set keeps
// what the old one learnt for the tables they share.

#include "engine/pattern_features.hpp"
#include "engine/pattern_weights.hpp"

namespace flank::train {

// Weights of `set` with `phases` phases: every table of `from` whose name and
// size `set` also has is copied, each new phase taking the old phase of its
// middle position; the other tables start at zero.
PatternWeights convert_weights(const PatternWeights& from, const pattern::PatternSet& set,
                               int phases);

// Where a position `played` moves in (0..60) lies between the middles (the
// mean of their moves played) of the phases of `phases`: between `phase` and
// `next` (next == phase before the first middle and after the last), a
// `share` of the way to next.
struct PhaseBlend {
  int phase, next;
  double share;
};
PhaseBlend blend_at(double played, int phases);

// The same weights with `phases` phases, each a linear blend of the two phases
// of `from` whose middles (the mean of their moves played) surround its own,
// so that the evaluation changes a little with every move instead of jumping
// at a phase's edge; before the first middle and after the last, that phase
// alone. `phases` equal to from's gives `from` back. Throws
// std::invalid_argument unless 1 <= phases <= 61.
PatternWeights interpolate_phases(const PatternWeights& from, int phases);

}  // namespace flank::train
