#include "engine/board/position.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

#include "engine/board/square.hpp"

namespace flank {
namespace {

std::string lowercase(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

Color parse_color(std::string_view text) {
  const std::string t = lowercase(text);
  if (t == "b" || t == "black" || t == "x" || t == "*") return Color::Black;
  if (t == "w" || t == "white" || t == "o") return Color::White;
  throw std::invalid_argument(
      "cannot read \"" + std::string(text) +
      "\" as a colour (expected b or black, w or white; also x or * for black, o for white)");
}

std::string color_name(Color c) { return c == Color::Black ? "black" : "white"; }

Position::Position(Shape shape) : shape_(shape) {
  if (!is_valid_shape(shape))
    throw std::invalid_argument(
        "board size " + (shape.is_square() ? std::to_string(shape.cols) : shape_name(shape)) +
        " is not supported (even sizes 4 to 26)");
  const int top = shape.rows / 2 - 1, left = shape.cols / 2 - 1;  // top-left centre square
  const auto square = [&](int row, int col) { return row * shape.cols + col; };
  set_bit(white_, square(top, left));
  set_bit(white_, square(top + 1, left + 1));
  set_bit(black_, square(top, left + 1));
  set_bit(black_, square(top + 1, left));
}

namespace {

// The cell characters of board text, whitespace dropped; throws on anything else.
std::string read_cells(std::string_view text) {
  std::string cells;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (c != 'X' && c != 'x' && c != '*' && c != 'O' && c != 'o' && c != '-' && c != '.')
      throw std::invalid_argument(std::string("board text has an unknown cell character '") + c +
                                  "' (use X or * for black, O for white, - or . for empty)");
    cells += c;
  }
  return cells;
}

}  // namespace

Position Position::from_cells(std::string_view text, Color to_move) {
  const std::string cells = read_cells(text);
  const int n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(cells.size()))));
  if (n * n != static_cast<int>(cells.size()) || !is_valid_size(n))
    throw std::invalid_argument("board text has " + std::to_string(cells.size()) +
                                " cells; expected N*N for an even N from 4 to 26 (64 for 8x8),"
                                " or a COLSxROWS shape first");
  return from_cells(Shape::square(n), cells, to_move);
}

Position Position::from_cells(Shape shape, std::string_view text, Color to_move) {
  const std::string cells = read_cells(text);
  Position p(shape);  // throws for an unsupported shape
  if (static_cast<int>(cells.size()) != shape.squares())
    throw std::invalid_argument("board text has " + std::to_string(cells.size()) + " cells; a " +
                                shape_name(shape) + " board has " +
                                std::to_string(shape.squares()));
  p.black_ = WideSet{};
  p.white_ = WideSet{};
  for (int sq = 0; sq < shape.squares(); ++sq) {
    const char c = cells[sq];
    if (c == 'X' || c == 'x' || c == '*') set_bit(p.black_, sq);
    if (c == 'O' || c == 'o') set_bit(p.white_, sq);
  }
  p.to_move_ = to_move;
  return p;
}

Position Position::parse(std::string_view text) {
  const size_t end = text.find_last_not_of(" \t\r\n");
  if (end == std::string_view::npos) throw std::invalid_argument("empty board text");
  text = text.substr(0, end + 1);
  const size_t space = text.find_last_of(" \t\r\n");
  if (space == std::string_view::npos)
    throw std::invalid_argument(
        "board text needs the side to move after the cells, e.g. \"... X\"");
  const Color to_move = parse_color(text.substr(space + 1));
  std::string_view cells = text.substr(0, space);
  // A shape prefix starts with a digit; cells never do.
  const size_t first = cells.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && std::isdigit(static_cast<unsigned char>(cells[first]))) {
    const size_t shape_end = std::min(cells.find_first_of(" \t\r\n", first), cells.size());
    // The shape first: a bad one is the error, whether cells follow or not.
    const Shape shape = parse_shape(cells.substr(first, shape_end - first));
    if (shape_end == cells.size())
      throw std::invalid_argument("board text has the shape " + shape_name(shape) +
                                  " but no cells");
    return from_cells(shape, cells.substr(shape_end), to_move);
  }
  return from_cells(cells, to_move);
}

template <class F>
decltype(auto) Position::with_board(F&& f) const {
  return with_narrowest_set(shape_.squares(),
                            [&]<class Set>() { return f(board<Set>(), geometry<Set>(shape_)); });
}

Cell Position::at(Square sq) const {
  if (test(black_, sq)) return Cell::Black;
  if (test(white_, sq)) return Cell::White;
  return Cell::Empty;
}

std::vector<Square> Position::legal_moves() const {
  std::vector<Square> out;
  with_board([&](const auto& b, const auto& g) {
    for_each_square(flank::legal_moves(b.me, b.opp, g), [&](int sq) { out.push_back(sq); });
  });
  return out;
}

bool Position::has_legal_move() const {
  return with_board(
      [](const auto& b, const auto& g) { return any(flank::legal_moves(b.me, b.opp, g)); });
}

bool Position::is_game_over() const {
  return with_board([](const auto& b, const auto& g) {
    return !any(flank::legal_moves(b.me, b.opp, g)) && !any(flank::legal_moves(b.opp, b.me, g));
  });
}

std::vector<Square> Position::flips(Square move) const {
  std::vector<Square> out;
  if (move < 0 || move >= squares() || at(move) != Cell::Empty) return out;
  with_board([&](const auto& b, const auto& g) {
    for_each_square(flank::flips(b.me, b.opp, move, g), [&](int sq) { out.push_back(sq); });
  });
  return out;
}

Illegal Position::why_illegal(Square move) const {
  if (move == kPass) {
    if (is_game_over()) return Illegal::GameOver;
    if (has_legal_move()) return Illegal::MayNotPass;
    return Illegal::None;
  }
  if (move < 0 || move >= squares()) return Illegal::OffBoard;
  if (at(move) != Cell::Empty) return Illegal::Occupied;
  if (flips(move).empty()) return Illegal::FlipsNothing;
  return Illegal::None;
}

bool Position::is_legal(Square move) const { return why_illegal(move) == Illegal::None; }

void Position::play(Square move) {
  if (const Illegal why = why_illegal(move); why != Illegal::None)
    throw IllegalMove(*this, move, why);
  if (move != kPass) {
    WideSet& me = to_move_ == Color::Black ? black_ : white_;
    WideSet& opp = to_move_ == Color::Black ? white_ : black_;
    for (Square sq : flips(move)) {
      set_bit(me, sq);
      opp ^= single<WideSet>(sq);
    }
    set_bit(me, move);
  }
  to_move_ = opponent(to_move_);
}

int Position::count(Color c) const { return popcount(c == Color::Black ? black_ : white_); }

int Position::score() const {
  const int diff = count(Color::Black) - count(Color::White);
  if (diff > 0) return diff + empties();
  if (diff < 0) return diff - empties();
  return 0;
}

std::string Position::cells() const {
  std::string out;
  for (int sq = 0; sq < squares(); ++sq) {
    const Cell c = at(sq);
    out += c == Cell::Black ? 'X' : c == Cell::White ? 'O' : '-';
  }
  return out;
}

std::string Position::to_string() const {
  const std::string prefix = shape_.is_square() ? "" : shape_name(shape_) + " ";
  return prefix + cells() + (to_move_ == Color::Black ? " X" : " O");
}

}  // namespace flank
