#include "tools/common/ggf.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <optional>
#include <stdexcept>

#include "engine/board/square.hpp"

namespace flank {

namespace {

// Property values cannot hold ']' (no escapes in GGF), nor line breaks here.
std::string clean_value(std::string s) {
  for (char& c : s) {
    if (c == ']' || c == '[' || c == '\n' || c == '\r') c = '_';
  }
  return s;
}

// "8" for a square board as GGF has it; flank's extension "10x6" otherwise.
std::string shape_text(Shape shape) {
  return shape.is_square() ? std::to_string(shape.cols) : shape_name(shape);
}

std::string board_text(const Position& p) {
  std::string cells = p.cells();
  for (char& c : cells) {
    if (c == 'X') c = '*';
  }
  return shape_text(p.shape()) + " " + cells + " " + (p.to_move() == Color::Black ? "*" : "O");
}

// "1.50" for a move's eval or seconds, "" when the record has none.
std::string number(std::optional<double> value) {
  if (!value) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", *value);
  return buf;
}

}  // namespace

std::string ggf_date_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y.%m.%d_%H:%M:%S.UTC", &tm);
  return buf;
}

std::string to_ggf(const GgfGame& game) {
  static const char* const kFirst[] = {"PC", "DT", "PB", "PW", "RE", "TI"};
  std::string out = "(;GM[Othello]";
  const auto add = [&out](const std::string& key, const std::string& value) {
    out += key + "[" + clean_value(value) + "]";
  };
  for (const char* key : kFirst)
    if (const auto it = game.properties.find(key); it != game.properties.end())
      add(key, it->second);
  for (const auto& [key, value] : game.properties) {
    const bool written = std::find(std::begin(kFirst), std::end(kFirst), key) != std::end(kFirst);
    if (!written && key != "GM" && key != "TY" && key != "BO") add(key, value);
  }
  add("TY", shape_text(game.start.shape()));
  add("BO", board_text(game.start));
  for (const GgfMove& m : game.moves) {
    out += m.color == Color::Black ? "B[" : "W[";
    std::string square =
        m.square == kPass ? std::string("PA") : square_name(m.square, game.start.shape());
    for (char& c : square) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    out += square;
    if (m.eval || m.seconds) {
      out += '/';
      out += number(m.eval);
      out += '/';
      out += number(m.seconds);
    }
    out += "]";
  }
  return out + ";)";
}

GgfGame parse_ggf(std::string_view text) {
  const size_t open = text.find("(;");
  const size_t close = text.rfind(";)");
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
    throw std::invalid_argument("not a GGF game: no '(;' ... ';)'");
  }
  return ggf::parse_record(text.substr(open, close + 2 - open));
}

std::string validate_ggf(const GgfGame& game) {
  Position pos;
  try {
    pos = ggf::replay(game).game.position();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  const auto re = game.properties.find("RE");
  if (re == game.properties.end()) return "no result (RE)";
  std::string result = re->second;
  if (result == "?") return "";  // unfinished game: moves checked, nothing more to compare
  bool forfeit = false;
  const size_t colon = result.find(':');
  if (colon != std::string::npos) {
    const std::string flag = result.substr(colon + 1);
    if (flag != "t" && flag != "r" && flag != "s") return "unknown result flag '" + flag + "'";
    forfeit = true;  // time, resignation or agreed score: the board need not be final
    result = result.substr(0, colon);
  }
  double claimed = 0;
  try {
    size_t used = 0;
    claimed = std::stod(result, &used);
    if (used != result.size()) throw std::invalid_argument(result);
  } catch (const std::exception&) {
    return "unreadable result '" + re->second + "'";
  }
  if (forfeit) {
    if (pos.is_game_over())
      return "result " + re->second + " is a forfeit but the game was played to the end";
    return "";
  }
  if (!pos.is_game_over()) return "result " + re->second + " but the game is not over";
  if (claimed != pos.score()) {
    return "result " + re->second + " but the final board scores " + std::to_string(pos.score());
  }
  return "";
}

}  // namespace flank
