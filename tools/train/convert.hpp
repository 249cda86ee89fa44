#pragma once
// Weights carried over to another pattern set or phase count, as the start of
// a fit (flank-train --init FILE with --patterns or --phases): a new set keeps
// what the old one learnt for the tables they share. (Phases blended per move:
// engine/eval/phase_blend.hpp.)

#include "engine/eval/pattern_features.hpp"
#include "engine/eval/pattern_weights.hpp"

namespace flank::train {

// Weights of `set` with `phases` phases: every table of `from` whose name and
// size `set` also has is copied, each new phase taking the old phase of its
// middle position; the other tables start at zero.
PatternWeights convert_weights(const PatternWeights& from, const pattern::PatternSet& set,
                               int phases);

}  // namespace flank::train
