#pragma once
// One line of an endgame test suite (the FFO format of
// tests/data/ffo40-49.txt): "id board side bestmoves score", with the
// board as 64 cells a1..h8 (X black, O white, - empty), the side to move (X or
// O), the optimal moves comma-separated and the exact final disc difference
// for the side to move.

#include <string>
#include <string_view>
#include <vector>

#include "engine/board/position.hpp"
#include "engine/board/square.hpp"

namespace flank {

struct EndgameCase {
  std::string id;
  Position position;
  std::vector<Square> best_moves;
  int score = 0;
};

// Throws std::invalid_argument saying what is wrong with the line.
EndgameCase parse_endgame_case(std::string_view line);

}  // namespace flank
