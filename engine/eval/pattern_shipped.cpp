// The shipped weights: data/pattern-weights.bin is built into the library
// (cmake/EmbedFile.cmake defines shipped_weights_bytes), so the engine needs no
// data file at run time.
#include <string_view>

#include "engine/eval/pattern_eval.hpp"

namespace flank {

const PatternWeights& shipped_weights() {
  static const PatternWeights weights = PatternWeights::from_bytes(
      shipped_weights_bytes(), "built into flank (data/pattern-weights.bin)");
  return weights;
}

}  // namespace flank
