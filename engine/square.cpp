#include "engine/square.hpp"

#include <cctype>
#include <stdexcept>

namespace flank {
namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

std::string board_name(int size) { return std::to_string(size) + "x" + std::to_string(size); }

}  // namespace

std::string square_name(Square sq, int size) {
  if (sq == kPass) return "pass";
  return std::string(1, static_cast<char>('a' + sq % size)) + std::to_string(sq / size + 1);
}

Square parse_square(std::string_view text, int size) {
  if (equals_ignoring_case(text, "pass")) return kPass;
  std::string quoted(1, '"');
  quoted.append(text).push_back('"');
  if (text.size() < 2 || text.size() > 3 || !is_alpha(text[0]) || !is_digit(text[1]) ||
      (text.size() == 3 && !is_digit(text[2])) || text[1] == '0')
    throw std::invalid_argument(
        "cannot read " + quoted +
        " as a move (expected a column letter and a row number like d3, or pass)");
  const int col = lower(text[0]) - 'a';
  const int row = std::stoi(std::string(text.substr(1))) - 1;
  if (col >= size || row >= size)
    throw std::invalid_argument(quoted + " is off the " + board_name(size) + " board (columns a-" +
                                std::string(1, static_cast<char>('a' + size - 1)) + ", rows 1-" +
                                std::to_string(size) + ")");
  return row * size + col;
}

std::vector<Square> parse_square_list(std::string_view text, int size) {
  std::vector<Square> out;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
      continue;
    }
    size_t end = i + 1;
    if (equals_ignoring_case(text.substr(i, 4), "pass")) {
      end = i + 4;
    } else {
      while (end < text.size() && is_digit(text[end])) ++end;
    }
    out.push_back(parse_square(text.substr(i, end - i), size));
    i = end;
  }
  return out;
}

std::string join_squares(const std::vector<Square>& squares, int size, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < squares.size(); ++i) {
    if (i) out += sep;
    out += square_name(squares[i], size);
  }
  return out;
}

}  // namespace flank
