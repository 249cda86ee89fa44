// libFuzzer target for board text and move lists: the first line goes to
// Position::parse, the rest to parse_square_list and Game::play_sequence on
// that board. Parsers may only throw std::invalid_argument, squares must be
// on the board, and a failed sequence must leave the game as it was.
#include <stdexcept>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using flank::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = flank::fuzz::as_text(data, size);
  const std::size_t eol = input.find('\n');
  const std::string_view board_text = input.substr(0, eol);
  const std::string_view moves = eol == std::string_view::npos ? "" : input.substr(eol + 1);
  flank::Position start(8);
  try {
    start = flank::Position::parse(board_text);
  } catch (const std::invalid_argument&) {
  }
  try {
    for (const flank::Square sq : flank::parse_square_list(moves, start.shape()))
      require(sq == flank::kPass || (sq >= 0 && sq < start.squares()), "square on the board");
  } catch (const std::invalid_argument&) {
  }
  flank::Game game(start);
  const flank::Game before = game;
  try {
    game.play_sequence(moves);
  } catch (const std::invalid_argument&) {
    require(game.moves() == before.moves() && game.position() == before.position(),
            "a failed move list leaves the game unchanged");
  }
  return 0;
}
