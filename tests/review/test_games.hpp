#pragma once
// What the review tests share: games of the WTHOR test data and an exact
// value from the rules alone (no search, no solver), to check the review's
// exact scores against.

#include <fstream>
#include <vector>

#include "engine/board/game.hpp"
#include "tools/common/wthor_pgn.hpp"

namespace flank::review::test {

inline std::vector<WthorGame> wthor_games() {
  std::vector<WthorGame> games;
  WthorStats stats;
  read_wthor_pgn_file(
      FLANK_SOURCE_DIR "/tests/data/wthor-2024-300.pgn",
      [&](const WthorGame& g) { games.push_back(g); }, stats);
  return games;
}

// The game from move `from` on: its position then as the start.
inline Game tail_of(const Game& game, std::size_t from) {
  Game tail(game.position_before(from));
  for (std::size_t i = from; i < game.moves().size(); ++i) tail.play(game.moves()[i]);
  return tail;
}

// The first move of the game with at most `empties` empty squares before it.
inline std::size_t first_move_at(const Game& game, int empties) {
  std::size_t i = 0;
  while (i < game.moves().size() && game.position_before(i).empties() > empties) ++i;
  return i;
}

// The final disc difference for p's mover with perfect play, by trying every
// line with the rules (few empties only).
inline int rules_value(const Position& p) {
  if (p.is_game_over()) return p.to_move() == Color::Black ? p.score() : -p.score();
  std::vector<Square> moves = p.legal_moves();
  if (moves.empty()) moves.push_back(kPass);
  int best = -1000;
  for (Square move : moves) {
    Position child = p;
    child.play(move);
    best = std::max(best, -rules_value(child));
  }
  return best;
}

// The value of `move` for p's mover.
inline int rules_move_value(const Position& p, Square move) {
  Position child = p;
  child.play(move);
  return -rules_value(child);
}

}  // namespace flank::review::test
