// libFuzzer target for opening files (tools/common/openings, read by
// flank-referee --openings FILE): the first byte picks an even board size
// 4..26, the rest is the file. Bad lines
// may only throw std::invalid_argument; every accepted opening must replay.
#include <sstream>
#include <stdexcept>
#include <vector>

#include "engine/board/game.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tools/common/openings.hpp"

using flank::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // Every shape: columns and rows each one of the twelve even sizes 4..26.
  const flank::Shape board_size{4 + 2 * (data[0] % 12), 4 + 2 * (data[0] / 12 % 12)};
  std::istringstream in(std::string(flank::fuzz::as_text(data + 1, size - 1)));
  std::vector<flank::Opening> openings;
  try {
    openings = flank::read_openings(in, board_size);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  for (const auto& opening : openings) {
    flank::Game game(board_size);
    for (const flank::Square sq : opening.moves) {
      require(game.position().is_legal(sq), "an accepted opening replays legally");
      game.play(sq);
    }
  }
  return 0;
}
