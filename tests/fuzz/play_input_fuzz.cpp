// libFuzzer target for what a player types in flank-play: the first byte picks
// the board's shape (both sides even, 4..26), the rest is the line. parse_move_input must not
// throw; a square it returns is on the board, with a reason when it is no move.
#include "engine/board/position.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tools/play/line_input.hpp"
#include "tools/play/move_input.hpp"

using flank::fuzz::require;
using flank::terminal_play::MoveInput;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // Every shape: columns and rows each one of the twelve even sizes 4..26.
  const flank::Shape board_size{4 + 2 * (data[0] % 12), 4 + 2 * (data[0] / 12 % 12)};
  const std::string line = flank::terminal_play::trim(flank::fuzz::as_text(data + 1, size - 1));
  const MoveInput input = flank::terminal_play::parse_move_input(line, board_size);
  if (input.kind == MoveInput::Kind::Square) {
    require(input.square >= 0 && input.square < board_size.squares(), "square on the board");
    const flank::Position start(board_size);
    require(start.is_legal(input.square) ==
                flank::terminal_play::why_not_legal(start, input.square).empty(),
            "a reason exactly when the square is no move");
  }
  if (input.kind == MoveInput::Kind::OffBoard || input.kind == MoveInput::Kind::Unreadable)
    require(!input.message.empty(), "an error says why");
  return 0;
}
