#pragma once
// Telling a board text from a move list in a start answer or --position, so a
// broken board is reported as a board and not as moves that cannot be read.

#include <string>
#include <string_view>

namespace flank::terminal_play {

// Whether text is meant as a board text: it starts with a shape (10x6 ...) or
// holds at least 16 cells (X x * O o - .), the smallest board's. A cell letter
// followed by a digit is a move (o5, x12), not a cell.
bool looks_like_board_text(std::string_view text);

// What is wrong with a board text, or "" when Position::parse reads it.
std::string board_text_problem(std::string_view text);

}  // namespace flank::terminal_play
