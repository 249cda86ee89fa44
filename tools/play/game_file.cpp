#include "tools/play/game_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "tools/common/ggf.hpp"

namespace flank::terminal_play {
namespace {

std::string player_name(const PlaySettings& s, Color c) {
  if (!s.name(c).empty()) return s.name(c);
  if (s.is_human(c)) return "human";
  std::string name = "flank level ";  // += : GCC 12 warns falsely (-Wrestrict) on "..." + string
  name += std::to_string(s.level(c));
  return name;
}

std::string result_text(const Position& end) {
  if (!end.is_game_over()) return "?";
  const int score = end.score();
  if (score == 0) return "0.00";
  std::string text = score > 0 ? "+" : "";
  text += std::to_string(score);
  text += ".00";
  return text;
}

constexpr std::uintmax_t kMaxFileBytes = 16 << 20;  // far more than any game file

}  // namespace

std::string game_to_ggf(const Game& game, const PlaySettings& s, const std::string& date) {
  GgfGame ggf;
  ggf.properties = {{"PC", "flank-play"},
                    {"DT", date},
                    {"PB", player_name(s, Color::Black)},
                    {"PW", player_name(s, Color::White)},
                    {"RE", result_text(game.position())},
                    {"TI", "0"}};
  ggf.start = game.start();
  for (size_t i = 0; i < game.moves().size(); ++i)
    ggf.moves.push_back({game.mover_of(i), game.moves()[i], std::nullopt, std::nullopt});
  return to_ggf(ggf);
}

Game game_from_ggf(std::string_view text) {
  const size_t open = text.find("(;");
  if (open == std::string_view::npos) throw std::invalid_argument("no GGF game in it");
  const size_t close = text.find(";)", open);
  // The result is not checked: a record without one is still a game.
  return ggf::replay(
             parse_ggf(text.substr(open, close == std::string_view::npos ? std::string_view::npos
                                                                         : close + 2 - open)))
      .game;
}

Game load_game_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw std::invalid_argument(path + ": is a directory, not a game file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::invalid_argument(path + ": cannot open: " + std::strerror(errno));
  std::string text;
  char chunk[4096];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<size_t>(in.gcount()));
    if (text.size() > kMaxFileBytes)
      throw std::invalid_argument(path + ": too large for a game file");
  }
  try {
    return game_from_ggf(text);
  } catch (const std::exception& e) {
    throw std::invalid_argument(path + ": " + e.what());
  }
}

void save_game_file(const std::string& path, const Game& game, const PlaySettings& s) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
  out << game_to_ggf(game, s, ggf_date_now()) << "\n";
  out.flush();
  if (!out) throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
}

}  // namespace flank::terminal_play
