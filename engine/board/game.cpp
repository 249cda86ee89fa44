#include "engine/board/game.hpp"

#include <stdexcept>

#include "engine/board/square.hpp"

namespace flank {

void Game::play(Square move) {
  Position next = position();
  next.play(move);  // throws, leaving history untouched
  history_.push_back(next);
  moves_.push_back(move);
}

bool Game::undo() {
  if (moves_.empty()) return false;
  moves_.pop_back();
  history_.pop_back();
  return true;
}

void Game::play_sequence(std::string_view text) {
  const std::vector<Square> list = parse_square_list(text, shape());
  Game trial = *this;
  for (size_t i = 0; i < list.size(); ++i) {
    const Square move = list[i];
    if (move != kPass && !trial.position().has_legal_move() && !trial.position().is_game_over())
      trial.play(kPass);
    try {
      trial.play(move);
    } catch (IllegalMove& e) {
      e.move_number = static_cast<int>(i) + 1;
      throw;
    }
  }
  *this = std::move(trial);
}

std::string Game::record() const { return join_squares(moves_, shape(), ""); }

}  // namespace flank
