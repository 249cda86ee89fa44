// libFuzzer target for the Multi-ProbCut statistics reader (`flank --mpc FILE`):
// the input is the file's bytes. A bad file may only throw std::runtime_error;
// a file that loads must give cut bounds and save to bytes that load again the
// same (a version 1 file saves as the current version).
#include <stdexcept>

#include "engine/search/mpc.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using flank::fuzz::require;
namespace mpc = flank::mpc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const auto stats = mpc::Statistics::from_bytes(flank::fuzz::as_text(data, size), "fuzz");
    for (int empties = 0; empties <= 60; empties += 7) {
      (void)mpc::probe(stats, empties, 12, -160, 160, 1.5, 16);
      (void)mpc::probe_endgame(stats, empties, -160, 160, 1.5, 16);
    }
    const std::string bytes = stats.to_bytes();
    const auto again = mpc::Statistics::from_bytes(bytes, "fuzz");
    require(again.to_bytes() == bytes, "saved statistics load back the same");
  } catch (const std::runtime_error&) {
  }
  return 0;
}
