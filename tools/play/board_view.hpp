#pragma once
// The board drawn for people: column letters on top, row numbers on the left,
// the discs in the chosen style, the legal moves marked, the last move and the
// discs it flipped marked (with or without colour), and a few lines of text
// (scores, whose turn) beside the board. Large boards are drawn compact (one
// character a square) so board and text fit 80 columns; text that does not fit
// beside the board goes below it, so nothing ever wraps. A coloured board too
// tall for the screen shows two rows a line.

#include <string>
#include <string_view>
#include <vector>

#include "engine/board/position.hpp"
#include "tools/play/settings.hpp"

namespace flank::terminal_play {

struct BoardStyle {
  DiscStyle discs = DiscStyle::Letters;
  bool colour = false;  // ANSI colours: only for terminals
  // Lines on the screen (0: no limit, as in a pipe). A coloured board taller
  // than the screen is drawn with two rows a line (half blocks ▀ whose top and
  // bottom take the colours of two squares), so 26x26 fits 24 lines.
  size_t screen_rows = 0;
};

struct BoardMarks {
  Square last =
      kPass;  // the last move: [X] (compact: > < on its row, its column's letter in capitals)
  std::vector<Square> flipped;  // drawn x / o (or ◉ / ◎): the discs the last move turned
};

constexpr size_t kScreenWidth = 80;

// The symbol of a disc of colour c ("X"/"O" or "●"/"○"), coloured if asked.
std::string disc_symbol(Color c, const BoardStyle& style);

// Columns the text takes on a terminal: UTF-8 characters, colour codes left out.
size_t display_width(std::string_view text);

// Draws the position; legal moves of the side to move are marked when
// mark_legal is set. The beside lines go to the right of the first rows, or
// below the board when they would not fit in `width` columns.
std::string render_board(const Position& p, const BoardStyle& style, bool mark_legal,
                         const std::vector<std::string>& beside, const BoardMarks& marks = {},
                         size_t width = kScreenWidth);

}  // namespace flank::terminal_play
