// libFuzzer target for the residual net file reader (`flank --net FILE`): the
// input is the file's bytes. A bad file may only throw std::runtime_error; a
// file that loads must evaluate a position and save to bytes that load again.
#include <stdexcept>

#include "engine/eval/residual_net.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using flank::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const auto net = flank::ResidualNet::from_bytes(flank::fuzz::as_text(data, size), "fuzz");
    (void)net.evaluate(0x0000000810000000ULL, 0x0000001008000000ULL);
    const auto again = flank::ResidualNet::from_bytes(net.to_bytes(), "fuzz");
    require(again.to_bytes() == net.to_bytes(), "a saved net loads back the same");
  } catch (const std::runtime_error&) {
  }
  return 0;
}
