#include "tools/common/ggf.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "engine/square.hpp"

namespace flank {

namespace {

// Property values cannot hold ']' (no escapes in GGF), nor line breaks here.
std::string clean_value(std::string s) {
  for (char& c : s) {
    if (c == ']' || c == '[' || c == '\n' || c == '\r') c = '_';
  }
  return s;
}

std::string board_text(const Position& p) {
  std::string cells = p.cells();
  for (char& c : cells) {
    if (c == 'X') c = '*';
  }
  return std::to_string(p.size()) + " " + cells + " " + (p.to_move() == Color::Black ? "*" : "O");
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
  add("TY", std::to_string(game.start.size()));
  add("BO", board_text(game.start));
  for (const GgfMove& m : game.moves) {
    out += m.color == Color::Black ? "B[" : "W[";
    std::string square =
        m.square == kPass ? std::string("PA") : square_name(m.square, game.start.size());
    for (char& c : square) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    out += square;
    if (m.timed) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "//%.2f", m.seconds);
      out += buf;
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
  std::string_view body = text.substr(open + 2, close - open - 2);
  GgfGame game;
  bool have_board = false;
  int size = 0;
  std::vector<std::pair<Color, std::string>> raw_moves;
  size_t i = 0;
  while (i < body.size()) {
    if (std::isspace(static_cast<unsigned char>(body[i]))) {
      ++i;
      continue;
    }
    const size_t bracket = body.find('[', i);
    if (bracket == std::string_view::npos) {
      throw std::invalid_argument("text after the last property: '" +
                                  std::string(body.substr(i, 20)) + "'");
    }
    const size_t end = body.find(']', bracket);
    if (end == std::string_view::npos) throw std::invalid_argument("unterminated property value");
    std::string key(body.substr(i, bracket - i));
    while (!key.empty() && std::isspace(static_cast<unsigned char>(key.back()))) key.pop_back();
    for (char c : key) {
      if (!std::isupper(static_cast<unsigned char>(c))) {
        throw std::invalid_argument("bad property name '" + key + "'");
      }
    }
    const std::string value(body.substr(bracket + 1, end - bracket - 1));
    if (key == "B" || key == "W") {
      raw_moves.emplace_back(key == "B" ? Color::Black : Color::White, value);
    } else {
      game.properties.emplace(key, value);
    }
    i = end + 1;
  }
  const auto gm = game.properties.find("GM");
  if (gm == game.properties.end() || gm->second != "Othello") {
    throw std::invalid_argument("not an Othello game (GM[Othello] missing)");
  }
  const auto bo = game.properties.find("BO");
  if (bo != game.properties.end()) {
    std::string cells;
    std::string_view b = bo->second;
    size_t pos = 0;
    try {
      size = std::stoi(std::string(b), &pos);
    } catch (const std::exception&) {
      throw std::invalid_argument("BO does not start with the board size");
    }
    if (!is_valid_size(size))
      throw std::invalid_argument("BO size " + std::to_string(size) + " unsupported");
    for (char c : b.substr(pos)) {
      if (std::isspace(static_cast<unsigned char>(c))) continue;
      cells.push_back(c == '*' ? 'X' : c);
    }
    if (static_cast<int>(cells.size()) != size * size + 1) {
      throw std::invalid_argument("BO has " + std::to_string(cells.size()) +
                                  " cells and side, expected " + std::to_string(size * size + 1));
    }
    const char side = cells.back();
    cells.pop_back();
    if (side != 'X' && side != 'O') throw std::invalid_argument("BO side to move is not * or O");
    game.start = Position::from_cells(cells, side == 'X' ? Color::Black : Color::White);
    have_board = true;
  }
  if (!have_board) {
    const auto ty = game.properties.find("TY");
    size = 8;
    if (ty != game.properties.end()) {
      try {
        size = std::stoi(ty->second);
      } catch (const std::exception&) {
        throw std::invalid_argument("TY '" + ty->second + "' has no board size");
      }
    }
    game.start = Position(size);
  }
  for (const auto& [color, value] : raw_moves) {
    const size_t slash = value.find('/');
    std::string square = value.substr(0, slash);
    GgfMove m{color, kPass, 0, false};
    std::string lowered;
    for (char c : square)
      lowered.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    if (lowered != "pa" && lowered != "pass") m.square = parse_square(lowered, size);
    if (slash != std::string::npos) {
      const size_t second = value.find('/', slash + 1);
      if (second != std::string::npos && second + 1 < value.size()) {
        try {
          m.seconds = std::stod(value.substr(second + 1));
          m.timed = true;
        } catch (const std::exception&) {
          throw std::invalid_argument("bad time in move '" + value + "'");
        }
      }
    }
    game.moves.push_back(m);
  }
  return game;
}

std::string validate_ggf(const GgfGame& game) {
  Position pos = game.start;
  int number = 0;
  for (const GgfMove& m : game.moves) {
    ++number;
    const std::string where =
        "move " + std::to_string(number) + " (" + (m.color == Color::Black ? "B " : "W ") +
        (m.square == kPass ? std::string("PA") : square_name(m.square, pos.size())) + ")";
    if (pos.is_game_over()) return where + ": the game was already over";
    if (m.color != pos.to_move()) {
      if (pos.has_legal_move()) return where + ": not " + color_name(m.color) + "'s turn";
      pos.play(kPass);  // records may leave out forced passes
    }
    if (!pos.is_legal(m.square)) {
      return where + ": illegal: " +
             (m.square == kPass ? "pass with legal moves" : pos.why_illegal(m.square));
    }
    pos.play(m.square);
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
