// WTHOR PGN reading: tags, numbered moves, implicit passes, validation.
#include "tools/common/wthor_pgn.hpp"

#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/board/square.hpp"
#include "protocol/illegal_move.hpp"
#include "tools/common/not_a_directory.hpp"

namespace flank {
namespace {

constexpr std::size_t kErrorsKept = 10;

struct Record : WthorRecord {
  bool started = false;    // a tag or a move was seen
  bool has_moves = false;  // a move was played
  bool in_moves = false;   // a move line was read (so a tag starts the next record)
};

void set_tag(WthorGame& g, const std::string& line) {
  const auto space = line.find(' ');
  const auto open = line.find('"');
  const auto close = line.rfind('"');
  if (space == std::string::npos || open == std::string::npos || close <= open) return;
  const std::string key = line.substr(1, space - 1);
  const std::string value = line.substr(open + 1, close - open - 1);
  if (key == "Event")
    g.event = value;
  else if (key == "Date")
    g.date = value;
  else if (key == "Black")
    g.black = value;
  else if (key == "White")
    g.white = value;
  else if (key == "Result")
    g.result = value;
}

// Plays one move token, passing first when the mover has no move.
void play_token(Record& r, const std::string& token) {
  Game& game = r.game.game;
  const Square sq = parse_square(token, 8);
  if (game.position().is_game_over()) throw std::invalid_argument(token + " after the game ended");
  if (!game.position().has_legal_move()) game.play(kPass);
  const Position& p = game.position();
  if (const Illegal why = p.why_illegal(sq); why != Illegal::None)
    throw std::invalid_argument("illegal move " + token + " (" + illegal_reason_text(p, sq, why) +
                                ")");
  game.play(sq);
}

bool is_move_number(const std::string& token) {
  if (token.size() < 2 || token.back() != '.') return false;
  for (size_t i = 0; i + 1 < token.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(token[i]))) return false;
  return true;
}

}  // namespace

void read_wthor_pgn_records(std::istream& in,
                            const std::function<void(const WthorRecord&)>& on_record) {
  Record r;
  const auto finish = [&] {
    if (r.started) {
      if (r.error.empty() && !r.has_moves) r.error = "no moves";
      on_record(r);
    }
    r = Record{};
  };
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[0] == '%') continue;  // blank, or a PGN escape line
    if (line[first] == '[') {
      if (r.in_moves) finish();  // tags after moves start the next game
      if (!r.started) r.line = number;
      r.started = true;
      set_tag(r.game, line.substr(first));
      continue;
    }
    if (!r.started) r.line = number;
    r.started = r.in_moves = true;
    std::istringstream tokens(line);
    for (std::string token; tokens >> token;) {
      if (is_move_number(token) || !r.error.empty()) continue;
      if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") continue;
      try {
        play_token(r, token);
        r.has_moves = true;
      } catch (const std::invalid_argument& e) {
        r.error = e.what();
        r.line = number;
      }
    }
  }
  finish();
}

void read_wthor_pgn(std::istream& in, const std::string& source,
                    const std::function<void(const WthorGame&)>& on_game, WthorStats& stats) {
  read_wthor_pgn_records(in, [&](const WthorRecord& r) {
    if (r.error.empty()) {
      ++stats.games;
      on_game(r.game);
    } else {
      ++stats.skipped;
      if (stats.first_errors.size() < kErrorsKept)
        stats.first_errors.push_back(source + ":" + std::to_string(r.line) + ": " + r.error);
    }
  });
}

void read_wthor_pgn_file(const std::string& path,
                         const std::function<void(const WthorGame&)>& on_game, WthorStats& stats) {
  refuse_directory(path, "PGN file");
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  read_wthor_pgn(in, path, on_game, stats);
  if (in.bad()) throw std::runtime_error("cannot read " + path);
}

}  // namespace flank
