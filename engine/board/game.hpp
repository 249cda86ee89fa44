#pragma once
// A game: a start position and the moves played from it (passes included), so
// any number of moves can be undone and the record written out.

#include <string>
#include <string_view>
#include <vector>

#include "engine/board/position.hpp"

namespace flank {

class Game {
 public:
  explicit Game(Shape shape = Shape{}) : Game(Position(shape)) {}
  explicit Game(const Position& start) : history_{start} {}

  const Position& position() const { return history_.back(); }
  const Position& start() const { return history_.front(); }
  Shape shape() const { return start().shape(); }
  const std::vector<Square>& moves() const { return moves_; }
  // The mover of moves()[i] (passes make this differ from strict alternation).
  Color mover_of(size_t i) const { return history_[i].to_move(); }
  const Position& position_before(size_t i) const { return history_[i]; }
  Square last_move() const { return moves_.empty() ? kPass : moves_.back(); }
  bool has_moves() const { return !moves_.empty(); }

  // Throws IllegalMove and leaves the game unchanged if illegal.
  void play(Square move);
  // Takes back the last move or pass; false (and no change) at the start.
  bool undo();
  // Plays a move list like "f5d6c3" (see parse_square_list). A side with no
  // legal move passes automatically before the next listed move. All or
  // nothing: on error the game is unchanged; an IllegalMove carries the
  // move's place in the list (move_number), an unreadable list throws
  // std::invalid_argument.
  void play_sequence(std::string_view text);
  // The moves as "f5d6c3...", passes written as "pass".
  std::string record() const;

 private:
  std::vector<Position> history_;  // history_[i] is the position before moves_[i]
  std::vector<Square> moves_;
};

}  // namespace flank
