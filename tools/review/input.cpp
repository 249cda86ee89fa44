#include "tools/review/input.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "engine/board/square.hpp"
#include "protocol/ggf_reader.hpp"
#include "protocol/illegal_move.hpp"
#include "tools/common/not_a_directory.hpp"
#include "tools/common/wthor_pgn.hpp"

namespace flank::review {
namespace {

[[noreturn]] void fail(const std::string& what) { throw std::invalid_argument(what); }

std::string ply_error(const Game& game, const std::string& why) {
  return "ply " + std::to_string(game.moves().size() + 1) + ": " + why;
}

std::string players(const std::string& black, const std::string& white) {
  if (black.empty() && white.empty()) return "";
  return (black.empty() ? "?" : black) + " (black) vs " + (white.empty() ? "?" : white) +
         " (white)";
}

std::string no_game(int number, int games) {
  return "there is no game " + std::to_string(number) + " (the file has " + std::to_string(games) +
         (games == 1 ? " game)" : " games)");
}

// The "(;" ... ";)" spans of a GGF text, one per game.
std::vector<std::string_view> ggf_games(std::string_view text) {
  std::vector<std::string_view> games;
  for (std::size_t at = text.find("(;"); at != std::string_view::npos;) {
    const std::size_t end = text.find(";)", at + 2);
    const std::size_t stop = end == std::string_view::npos ? text.size() : end + 2;
    games.push_back(text.substr(at, stop - at));
    at = text.find("(;", stop);
  }
  return games;
}

ReviewInput from_ggf(std::string_view text, int number) {
  const std::vector<std::string_view> games = ggf_games(text);
  if (number > static_cast<int>(games.size()))
    fail(no_game(number, static_cast<int>(games.size())));
  ggf::Record record;
  try {
    record = ggf::parse_record(games[static_cast<std::size_t>(number - 1)]);
  } catch (const std::invalid_argument& e) {
    fail("game " + std::to_string(number) + " does not parse: " + e.what());
  }
  std::string error;
  ggf::Replay replay = ggf::replay(record, error);
  const auto property = [&](const char* key) {
    const auto it = record.properties.find(key);
    return it == record.properties.end() ? std::string() : it->second;
  };
  ReviewInput input{std::move(replay.game), players(property("PB"), property("PW")), ""};
  if (!error.empty()) input.error = ply_error(input.game, error);
  return input;
}

ReviewInput from_pgn(std::string_view text, int number) {
  std::istringstream in{std::string(text)};
  int seen = 0;
  std::optional<WthorRecord> wanted;
  read_wthor_pgn_records(in, [&](const WthorRecord& r) {
    if (++seen == number) wanted = r;
  });
  if (!wanted) fail(no_game(number, seen));
  const WthorGame& g = wanted->game;
  if (!g.game.has_moves() && !wanted->error.empty())
    fail("game " + std::to_string(number) + " (line " + std::to_string(wanted->line) +
         "): " + wanted->error);
  std::string title = players(g.black, g.white);
  if (!g.event.empty()) title += (title.empty() ? "" : ", ") + g.event;
  if (!g.result.empty()) title += " (" + g.result + ")";
  ReviewInput input{g.game, title, ""};
  if (!wanted->error.empty()) input.error = ply_error(input.game, wanted->error);
  return input;
}

bool looks_like_pgn(std::string_view text) {
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[0] == '%') continue;
    return line[first] == '[' || (line[first] >= '0' && line[first] <= '9');
  }
  return false;
}

}  // namespace

ReviewInput read_review_text(std::string_view text, int number) {
  if (number < 1) fail("--game must be 1 or more");
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) fail("the file is empty");
  if (text.find("(;") != std::string_view::npos) return from_ggf(text, number);
  if (looks_like_pgn(text)) return from_pgn(text, number);
  fail("not a game record (GGF \"(;GM[Othello]...;)\" or WTHOR PGN)");
}

ReviewInput read_review_file(const std::string& path, int number) {
  refuse_directory(path, "game file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw std::runtime_error("cannot read " + path);
  try {
    return read_review_text(text.str(), number);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(path + ": " + e.what());
  }
}

ReviewInput read_review_moves(std::string_view moves, Shape shape) {
  const std::vector<Square> list = parse_square_list(moves, shape);
  ReviewInput input{Game(shape), "", ""};
  Game& game = input.game;
  for (Square move : list) {
    const Position& p = game.position();
    if (move != kPass && !p.has_legal_move() && !p.is_game_over()) game.play(kPass);
    try {
      game.play(move);
    } catch (const IllegalMove& e) {
      input.error = ply_error(game, illegal_move_text(e));
      break;
    }
  }
  return input;
}

}  // namespace flank::review
