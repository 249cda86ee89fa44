#pragma once
// The game a review reads: game N of a GGF file (one game per "(;...;)") or
// of a WTHOR PGN file, or a move list on a board of any size. A record that
// breaks the rules at some ply gives the moves before it and says why.

#include <string>
#include <string_view>

#include "engine/board/game.hpp"

namespace flank::review {

struct ReviewInput {
  Game game;          // the legal moves, from the record's start
  std::string title;  // the players and event, for the graph ("" when the record names none)
  std::string error;  // what is wrong with the next move ("ply 23: ..."), "" when none is
};

// Game `number` (1 = the first) of a GGF or WTHOR PGN text. Throws
// std::invalid_argument for an empty text, one that is neither, a record that
// does not parse and a game number the text does not have.
ReviewInput read_review_text(std::string_view text, int number);

// The same for a file; throws std::runtime_error when it cannot be read.
ReviewInput read_review_file(const std::string& path, int number);

// A move list such as "f5d6c3" from the start of a board of this shape
// (passes may be left out). Throws std::invalid_argument for an unreadable list.
ReviewInput read_review_moves(std::string_view moves, Shape shape);

}  // namespace flank::review
