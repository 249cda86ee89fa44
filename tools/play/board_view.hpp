#pragma once
// The board drawn for people: column letters on top, row numbers on the left,
// the discs in the chosen style, the legal moves marked, and a few lines of
// text (scores, whose turn) beside the board.

#include <string>
#include <vector>

#include "engine/position.hpp"
#include "tools/play/settings.hpp"

namespace flank::terminal_play {

struct BoardStyle {
  DiscStyle discs = DiscStyle::Letters;
  bool colour = false;  // ANSI colours: only for terminals
};

// The symbol of a disc of colour c ("X"/"O" or "●"/"○"), coloured if asked.
std::string disc_symbol(Color c, const BoardStyle& style);

// Draws the position; legal moves of the side to move are marked when
// mark_legal is set; last (if not kPass) is highlighted in colour. The
// beside lines go to the right of the first rows.
std::string render_board(const Position& p, const BoardStyle& style, bool mark_legal,
                         const std::vector<std::string>& beside, Square last = kPass);

}  // namespace flank::terminal_play
