#include "protocol/ggf_reader.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "engine/board/square.hpp"
#include "protocol/illegal_move.hpp"

namespace flank::ggf {
namespace {

[[noreturn]] void fail(const std::string& what) { throw std::invalid_argument(what); }

double parse_double(std::string_view text, std::string_view what) {
  double value = 0;
  const char* begin = text.data() + (!text.empty() && text.front() == '+' ? 1 : 0);
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() || ptr != end || begin == end || !std::isfinite(value))
    fail(std::string(what) + " '" + std::string(text) + "' is not a number");
  return value;
}

// One side of a board: digits only, read as an int (a double cast to int could overflow).
int parse_side(std::string_view text, std::string_view what, std::string_view whole) {
  int value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ptr == text.data()) fail(std::string(what) + " '" + std::string(whole) + "' is not a number");
  // Read as an integer, never through a double or a cast: too large, a
  // fraction ("8.5") or a size flank does not play are all unsupported.
  if (ec != std::errc() || ptr != end || !is_valid_size(value))
    fail(std::string(what) + " " + std::string(whole) + " unsupported");
  return value;
}

// A board size: "N" (N x N, standard GGF) or flank's extension "COLSxROWS".
Shape parse_size(std::string_view text, std::string_view what) {
  const size_t x = text.find('x');
  if (x == std::string_view::npos) return Shape::square(parse_side(text, what, text));
  return Shape{parse_side(text.substr(0, x), what, text),
               parse_side(text.substr(x + 1), what, text)};
}

// "[[HH:]MM:]SS", seconds possibly fractional.
double parse_duration(std::string_view text) {
  double total = 0;
  int fields = 0;
  while (true) {
    const size_t colon = text.find(':');
    const std::string_view field = text.substr(0, colon);
    const double value = parse_double(field, "clock time");
    if (value < 0) fail("clock time '" + std::string(field) + "' is negative");
    total = total * 60 + value;
    if (++fields > 3) fail("clock time has more than hours, minutes and seconds");
    if (colon == std::string_view::npos) return total;
    text.remove_prefix(colon + 1);
  }
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

Position parse_board(std::string_view text) {
  text = trim(text);
  const size_t space = text.find_first_of(" \t");
  if (space == std::string_view::npos) fail("BO has no board size");
  const Shape shape = parse_size(text.substr(0, space), "BO board size");
  std::string cells;
  for (char c : text.substr(space)) {
    if (!std::isspace(static_cast<unsigned char>(c))) cells += c;
  }
  if (cells.size() != static_cast<size_t>(shape.squares()) + 1)
    fail("BO has " + std::to_string(cells.size()) + " cells and side to move; expected " +
         std::to_string(shape.squares() + 1));
  const char side = cells.back();
  cells.pop_back();
  if (side != '*' && side != 'O') fail("BO side to move must be * or O");
  return Position::from_cells(shape, cells, side == '*' ? Color::Black : Color::White);
}

// The board size a TY value names ("8", "10", "8r", flank's "10x6", ...); 8x8 when there is none.
Shape size_of_type(const std::string& type) {
  const auto digits_from = [&](size_t i) {
    while (i < type.size() && std::isdigit(static_cast<unsigned char>(type[i]))) ++i;
    return i;
  };
  size_t end = digits_from(0);
  if (end == 0) return Shape::square(8);
  if (end + 1 < type.size() && type[end] == 'x' &&
      std::isdigit(static_cast<unsigned char>(type[end + 1])))
    end = digits_from(end + 1);
  return parse_size(std::string_view(type).substr(0, end), "TY board size");
}

}  // namespace

Clock parse_clock(std::string_view text) {
  Clock clock;
  double* parts[] = {&clock.initial, &clock.increment, nullptr};
  for (int i = 0; i < 3 && !text.empty(); ++i) {
    const size_t slash = text.find('/');
    std::string_view part = trim(text.substr(0, slash));
    part = part.substr(0, part.find(','));  // ",[N]moves": not needed to budget time
    if (!part.empty() && parts[i]) *parts[i] = parse_duration(part);
    if (!part.empty() && !parts[i]) parse_duration(part);  // extension: checked, not used
    if (slash == std::string_view::npos) break;
    text.remove_prefix(slash + 1);
  }
  return clock;
}

Move parse_move(std::string_view text, Color color, Shape shape) {
  Move m;
  m.color = color;
  const size_t slash = text.find('/');
  std::string square(trim(text.substr(0, slash)));
  for (char& c : square) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  m.square = square == "pa" || square == "pass" ? kPass : parse_square(square, shape);
  if (slash == std::string_view::npos) return m;
  text.remove_prefix(slash + 1);
  const size_t second = text.find('/');
  const std::string_view eval = trim(text.substr(0, second));
  if (!eval.empty()) m.eval = parse_double(eval, "evaluation");
  if (second == std::string_view::npos) return m;
  const std::string_view time = trim(text.substr(second + 1));
  if (time.find('/') != std::string_view::npos)
    fail("move '" + std::string(text) + "' has too many parts");
  if (!time.empty()) {
    m.seconds = parse_double(time, "move time");
    if (*m.seconds < 0) fail("move time '" + std::string(time) + "' is negative");
  }
  return m;
}

Record parse_record(std::string_view text) {
  text = trim(text);
  if (!text.starts_with("(;") || !text.ends_with(";)"))
    fail("a GGF game starts with (; and ends with ;)");
  std::string_view body = text.substr(2, text.size() - 4);
  Record record;
  std::vector<std::pair<Color, std::string>> moves;
  while (!(body = trim(body)).empty()) {
    size_t key_end = 0;
    while (key_end < body.size() && std::isupper(static_cast<unsigned char>(body[key_end])))
      ++key_end;
    if (key_end == 0 || key_end >= body.size() || body[key_end] != '[')
      fail("expected a property like PB[name] at '" + std::string(body.substr(0, 20)) + "'");
    const size_t close = body.find(']', key_end);
    if (close == std::string_view::npos)
      fail("property " + std::string(body.substr(0, key_end)) + " has no ]");
    const std::string key(body.substr(0, key_end));
    std::string value(body.substr(key_end + 1, close - key_end - 1));
    if (key == "B" || key == "W")
      moves.emplace_back(key == "B" ? Color::Black : Color::White, std::move(value));
    else
      record.properties.emplace(key, std::move(value));
    body.remove_prefix(close + 1);
  }
  const auto property = [&](const char* key) -> const std::string* {
    const auto it = record.properties.find(key);
    return it == record.properties.end() ? nullptr : &it->second;
  };
  if (const std::string* gm = property("GM"); !gm || *gm != "Othello")
    fail("not an Othello game (GM[Othello] missing)");
  if (const std::string* bo = property("BO"))
    record.start = parse_board(*bo);
  else
    record.start = Position(size_of_type(property("TY") ? *property("TY") : ""));
  if (const std::string* ti = property("TI"))
    record.clocks[0] = record.clocks[1] = parse_clock(*ti);
  if (const std::string* tb = property("TB")) record.clocks[0] = parse_clock(*tb);
  if (const std::string* tw = property("TW")) record.clocks[1] = parse_clock(*tw);
  for (const auto& [color, value] : moves)
    record.moves.push_back(parse_move(value, color, record.start.shape()));
  return record;
}

Replay replay(const Record& record, std::string& error) {
  Replay r{Game(record.start), {}};
  error.clear();
  for (size_t i = 0; i < record.moves.size(); ++i) {
    const Move& m = record.moves[i];
    const std::string where = "move " + std::to_string(i + 1) + " (" +
                              (m.color == Color::Black ? "B " : "W ") +
                              square_name(m.square, record.start.shape()) + ")";
    const Position& p = r.game.position();
    if (p.is_game_over()) {
      error = where + ": the game was already over";
      return r;
    }
    if (m.color != p.to_move()) {
      if (p.has_legal_move()) {
        error = where + ": it is " + color_name(p.to_move()) + "'s turn";
        return r;
      }
      r.game.play(kPass);  // the record left out a forced pass
      r.seconds.push_back(0);
    }
    try {
      r.game.play(m.square);
    } catch (const std::invalid_argument& e) {
      error = where + ": " + error_text(e);
      return r;
    }
    r.seconds.push_back(m.seconds.value_or(0));
  }
  return r;
}

Replay replay(const Record& record) {
  std::string error;
  Replay r = replay(record, error);
  if (!error.empty()) fail(error);
  return r;
}

}  // namespace flank::ggf
