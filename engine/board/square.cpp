#include "engine/board/square.hpp"

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

// A whole number of one or two digits, or -1.
int read_side(std::string_view text) {
  if (text.empty() || text.size() > 2 || !is_digit(text[0]) || !is_digit(text.back())) return -1;
  return std::stoi(std::string(text));
}

}  // namespace

std::string shape_name(Shape shape) {
  return std::to_string(shape.cols) + "x" + std::to_string(shape.rows);
}

Shape parse_shape(std::string_view text) {
  const size_t x = text.find_first_of("xX");
  const Shape shape = x == std::string_view::npos
                          ? Shape::square(read_side(text))
                          : Shape{read_side(text.substr(0, x)), read_side(text.substr(x + 1))};
  if (!is_valid_shape(shape))
    throw std::invalid_argument("cannot read \"" + std::string(text) +
                                "\" as a board size (expected N or COLSxROWS, each an even number"
                                " from 4 to 26, e.g. 8 or 10x6)");
  return shape;
}

std::string square_name(Square sq, Shape shape) {
  if (sq == kPass) return "pass";
  return std::string(1, static_cast<char>('a' + sq % shape.cols)) +
         std::to_string(sq / shape.cols + 1);
}

Square parse_square(std::string_view text, Shape shape) {
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
  if (col >= shape.cols || row >= shape.rows)
    throw std::invalid_argument(quoted + " is off the " + shape_name(shape) + " board (columns a-" +
                                std::string(1, static_cast<char>('a' + shape.cols - 1)) +
                                ", rows 1-" + std::to_string(shape.rows) + ")");
  return row * shape.cols + col;
}

std::vector<Square> parse_square_list(std::string_view text, Shape shape) {
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
    out.push_back(parse_square(text.substr(i, end - i), shape));
    i = end;
  }
  return out;
}

std::string join_squares(const std::vector<Square>& squares, Shape shape, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < squares.size(); ++i) {
    if (i) out += sep;
    out += square_name(squares[i], shape);
  }
  return out;
}

}  // namespace flank
