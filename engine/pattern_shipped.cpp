// The shipped weights file, embedded in the library by the assembler so the
// engine needs no data file at run time. FLANK_SHIPPED_WEIGHTS (set by
// engine/CMakeLists.txt) is the absolute path of data/pattern-weights.bin.
#include <string_view>

#include "engine/pattern_eval.hpp"

#ifndef FLANK_SHIPPED_WEIGHTS
#error "FLANK_SHIPPED_WEIGHTS must name the weights file to embed"
#endif

asm(".pushsection .rodata\n"
    ".balign 16\n"
    ".globl flank_shipped_weights_begin\n"
    "flank_shipped_weights_begin:\n"
    ".incbin \"" FLANK_SHIPPED_WEIGHTS
    "\"\n"
    ".globl flank_shipped_weights_end\n"
    "flank_shipped_weights_end:\n"
    ".popsection\n");

extern "C" const char flank_shipped_weights_begin[];
extern "C" const char flank_shipped_weights_end[];

namespace flank {

const PatternWeights& shipped_weights() {
  static const PatternWeights weights = PatternWeights::from_bytes(
      std::string_view(
          flank_shipped_weights_begin,
          static_cast<std::size_t>(flank_shipped_weights_end - flank_shipped_weights_begin)),
      "built into flank (" FLANK_SHIPPED_WEIGHTS ")");
  return weights;
}

}  // namespace flank
