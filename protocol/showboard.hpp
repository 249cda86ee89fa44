#pragma once
// A board a person can read at a glance: coordinates on all four sides, the
// discs, the legal moves of the side on move, the last move in parentheses,
// and beside the board the disc counts, whose turn it is and the last move.

#include <string>

#include "engine/board/game.hpp"

namespace flank::gtp {

enum class DiscStyle { Ascii, Unicode };  // X/O or ●/○

// Lines separated by '\n', no trailing newline, no empty line.
std::string render_board(const Game& game, DiscStyle style);

}  // namespace flank::gtp
