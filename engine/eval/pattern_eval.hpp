#pragma once
// The trained pattern evaluation as the engine uses it on 8x8 boards (other
// sizes keep the hand-made evaluation). The weights built into the program are
// the default; load_weights() (tools/common/weights_file.hpp) reads others, e.g. for a
// `--weights FILE` option.

#include <cstdint>
#include <string_view>

#include "engine/eval/pattern_weights.hpp"

namespace flank {

// The weights shipped with flank (data/pattern-weights.bin, embedded at build time).
const PatternWeights& shipped_weights();
// The bytes of that file as built in.
std::string_view shipped_weights_bytes();

// The value of an 8x8 position in discs for the side to move `me`.
inline float pattern_evaluate(const PatternWeights& weights, std::uint64_t me, std::uint64_t opp) {
  return weights.evaluate(me, opp);
}

}  // namespace flank
