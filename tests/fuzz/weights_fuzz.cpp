// libFuzzer target for the weights file reader (`flank --weights FILE`): the
// input is the file's bytes. A bad file may only throw std::runtime_error; a
// file that loads must evaluate a position and save to bytes that load again.
// (Re-point the one call below if the reader moves out of engine/.)
#include <stdexcept>

#include "engine/eval/pattern_weights.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using flank::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const auto weights =
        flank::PatternWeights::from_bytes(flank::fuzz::as_text(data, size), "fuzz");
    (void)weights.evaluate(0x0000000810000000ULL, 0x0000001008000000ULL);
    const auto again = flank::PatternWeights::from_bytes(weights.to_bytes(), "fuzz");
    require(again.to_bytes() == weights.to_bytes(), "saved weights load back the same");
  } catch (const std::runtime_error&) {
  }
  return 0;
}
