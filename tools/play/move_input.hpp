#pragma once
// What a player types during a game: a square as "d3" (any case) or as row and
// column numbers "3 4" (row first), or one of the words pass, undo, hint,
// quit, help. Turned into a command, or an error saying why it is no move.

#include <string>
#include <string_view>

#include "engine/board/position.hpp"

namespace flank::terminal_play {

struct MoveInput {
  enum class Kind { Square, Pass, Undo, Hint, Quit, Help, OffBoard, Unreadable };
  Kind kind = Kind::Unreadable;
  Square square = kPass;  // for Kind::Square
  std::string message;    // for OffBoard and Unreadable: what to tell the player
};

MoveInput parse_move_input(std::string_view text, Shape shape);

// Why a square on the board is not a legal move for the side to move, in a
// sentence for people ("d4 is occupied." ...); empty if it is legal.
std::string why_not_legal(const Position& p, Square sq);

}  // namespace flank::terminal_play
