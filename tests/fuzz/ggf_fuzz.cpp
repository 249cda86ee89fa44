// libFuzzer target for the two GGF readers: tools/common/ggf (flank-play's
// load, flank-referee's records) and protocol/ggf_reader (NBoard's `set game`).
// Bad records may only throw std::invalid_argument; a record one reader
// accepts and validates is written back and must read again to the same game.
#include <stdexcept>

#include "protocol/ggf_reader.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tools/common/ggf.hpp"

using flank::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = flank::fuzz::as_text(data, size);
  try {
    const flank::GgfGame game = flank::parse_ggf(text);
    if (flank::validate_ggf(game).empty()) {
      const flank::GgfGame again = flank::parse_ggf(flank::to_ggf(game));
      require(again.start == game.start && again.moves.size() == game.moves.size(),
              "a valid record reads back the same after writing");
    }
  } catch (const std::invalid_argument&) {
  }
  try {
    const flank::ggf::Replay replay = flank::ggf::replay(flank::ggf::parse_record(text));
    require(replay.seconds.size() == replay.game.moves().size(), "one time per move");
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
