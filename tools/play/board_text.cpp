#include "tools/play/board_text.hpp"

#include <cctype>
#include <stdexcept>

#include "engine/board/position.hpp"

namespace flank::terminal_play {
namespace {

constexpr int kSmallestBoardCells = 16;  // 4x4

bool is_cell(char c) { return std::string_view("XxOo*-.").find(c) != std::string_view::npos; }

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

bool looks_like_board_text(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return false;
  if (is_digit(text[first])) return true;  // a shape; a move list starts with a letter
  int cells = 0;
  for (size_t i = 0; i < text.size(); ++i)
    if (is_cell(text[i]) && !(i + 1 < text.size() && is_digit(text[i + 1]))) ++cells;
  return cells >= kSmallestBoardCells;
}

std::string board_text_problem(std::string_view text) {
  try {
    Position::parse(text);
    return "";
  } catch (const std::invalid_argument& e) {
    // Without the side, parse takes the last row of cells for it: say what is missing.
    const size_t end = text.find_last_not_of(" \t\r\n");
    const size_t start = text.find_last_of(" \t\r\n", end) + 1;  // npos + 1 == 0
    const std::string_view last = text.substr(start, end + 1 - start);
    bool all_cells = last.size() > 1;
    for (const char c : last) all_cells = all_cells && is_cell(c);
    if (all_cells) return "the side to move (X or O) is missing after the cells";
    return e.what();
  }
}

}  // namespace flank::terminal_play
