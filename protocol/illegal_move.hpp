#pragma once
// The words for an illegal move, shared by every front end (GTP, NBoard, the
// game-record readers, flank-play's start moves, the referee): the engine only
// says why (Illegal), never in text.

#include <exception>
#include <string>

#include "engine/board/position.hpp"

namespace flank {

// The reason alone: "d4 is occupied", "a1 flips no white disc",
// "black has a legal move and may not pass", "the game is over", "off the board".
std::string illegal_reason_text(const Position& before, Square move, Illegal why);

// The whole message: "illegal move: d4 is occupied", preceded by
// "move 2 (a1): " when the move was part of a played list.
std::string illegal_move_text(const IllegalMove& e);

// illegal_move_text for an IllegalMove, else e.what(): what a front end shows
// for an exception from the engine.
std::string error_text(const std::exception& e);

}  // namespace flank
