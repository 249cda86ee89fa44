// Every failing command replies "? message" and leaves the game exactly as it
// was, in every kind of situation: start, mid-game, a forced pass, game over.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <vector>

#include "session_helpers.hpp"

using namespace flank;
using namespace flank::gtp;
using namespace flank::gtp::testing;

namespace {

struct Snapshot {
  Position start, position;
  std::vector<Square> moves;
  int level = 0;
  int threads = 0;
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

Snapshot snapshot(const Engine& e) {
  return {e.game().start(), e.game().position(), e.game().moves(), e.level(), e.threads()};
}

const std::string kCells64 = std::string(27, '-') + "OX------XO" + std::string(27, '-');

// Commands that fail in every situation below, for every command in the table.
const std::map<std::string, std::vector<std::string>> kFailing = {
    {"protocol_version", {"protocol_version 2"}},
    {"name", {"name flank"}},
    {"version", {"version 1"}},
    {"known_command", {"known_command", "known_command play genmove"}},
    {"list_commands", {"list_commands all"}},
    {"quit", {"quit now"}},
    {"boardsize",
     {"boardsize", "boardsize 7", "boardsize 2", "boardsize 28", "boardsize 0", "boardsize -8",
      "boardsize eight", "boardsize 8 8 8", "boardsize 8.0", "boardsize 99999999999",
      "boardsize 8 7", "boardsize 7 8", "boardsize 10 28", "boardsize 10 2", "boardsize 10 x",
      "boardsize 10x6"}},
    {"clear_board", {"clear_board 8"}},
    {"komi", {"komi", "komi abc", "komi nan", "komi inf", "komi 1 2"}},
    {"play",
     {"play", "play b", "play b d3 e4", "play red d3", "play b z9", "play b i1", "play b d0",
      "play b a1", "play b d", "play b 3d", "play b d27", "play b pass pass", "play 1 d3"}},
    {"genmove", {"genmove", "genmove red", "genmove b w", "genmove pass"}},
    {"reg_genmove", {"reg_genmove", "reg_genmove red", "reg_genmove b w"}},
    {"undo", {"undo 1"}},
    {"showboard", {"showboard now"}},
    {"final_score", {"final_score b"}},
    {"time_settings",
     {"time_settings", "time_settings 1 2", "time_settings a 0 0", "time_settings -1 0 0",
      "time_settings 0 -5 1", "time_settings 0 0 -1", "time_settings 1 1 1.5",
      "time_settings 1 1 1 1"}},
    {"time_left",
     {"time_left", "time_left b 10", "time_left red 10 0", "time_left b abc 0",
      "time_left b 10 1.5", "time_left b 10 0 0"}},
    {"kgs-time_settings",
     {"kgs-time_settings", "kgs-time_settings fischer 10 5", "kgs-time_settings none 5",
      "kgs-time_settings absolute", "kgs-time_settings absolute -1", "kgs-time_settings absolute x",
      "kgs-time_settings byoyomi 60 30", "kgs-time_settings byoyomi 60 30 1.5",
      "kgs-time_settings byoyomi 60 -30 3", "kgs-time_settings canadian 60 30 -1",
      "kgs-time_settings canadian 60 30 5 5", "kgs-time_settings NONE"}},
    {"cputime", {"cputime b", "cputime 1"}},
    {"list_games", {"list_games all"}},
    {"set_game", {"set_game", "set_game Go", "set_game Othello Go"}},
    {"gogui-rules_game_id", {"gogui-rules_game_id x"}},
    {"gogui-rules_board_size", {"gogui-rules_board_size x"}},
    {"gogui-rules_legal_moves", {"gogui-rules_legal_moves x"}},
    {"gogui-rules_side_to_move", {"gogui-rules_side_to_move x"}},
    {"gogui-rules_board", {"gogui-rules_board x"}},
    {"gogui-rules_final_result", {"gogui-rules_final_result x"}},
    {"flank-setboard",
     {"flank-setboard", "flank-setboard X", "flank-setboard " + kCells64.substr(1) + " X",
      "flank-setboard " + kCells64 + " Z", "flank-setboard Q" + kCells64.substr(1) + " X",
      "flank-setboard " + kCells64 + "-- X", "flank-setboard " + std::string(36, '-') + " X " + "O",
      "flank-setboard 6x4 " + std::string(23, '-') + " X",
      "flank-setboard 6x5 " + std::string(30, '-') + " X",
      "flank-setboard 6x " + std::string(24, '-') + " X",
      "flank-setboard 6x4x4 " + std::string(24, '-') + " X", "flank-setboard 6x4",
      "flank-setboard 28x4 " + std::string(112, '-') + " X"}},
    {"flank-getboard", {"flank-getboard x"}},
    {"flank-boardsize", {"flank-boardsize 8", "flank-boardsize 10 6"}},
    {"flank-play_sequence",
     {"flank-play_sequence", "flank-play_sequence zz", "flank-play_sequence a1",
      "flank-play_sequence d3 d3"}},
    {"flank-legal_moves", {"flank-legal_moves b"}},
    {"flank-history", {"flank-history x"}},
    {"flank-level",
     {"flank-level 0", "flank-level 11", "flank-level x", "flank-level maxi", "flank-level 1 2"}},
    {"flank-threads",
     {"flank-threads 0", "flank-threads -1", "flank-threads 257", "flank-threads two",
      "flank-threads 1.5", "flank-threads 1 2"}},
    {"flank-analyze", {"flank-analyze d3"}},
    {"flank-solve", {"flank-solve d3"}},
    {"flank-book", {"flank-book d3"}},
    {"flank-analyze_all", {"flank-analyze_all d3"}},
    {"flank-solve_all", {"flank-solve_all d3"}},
    {"flank-analyze_gfx", {"flank-analyze_gfx d3"}},
    {"flank-solve_gfx", {"flank-solve_gfx d3"}},
    {"gogui-analyze_commands", {"gogui-analyze_commands all"}},
};

// Each situation is set up from a fresh engine by the given commands.
const std::vector<std::pair<const char*, std::vector<std::string>>> kSituations = {
    {"start", {}},
    {"mid-game", {"play b d3", "play w c5", "flank-level 2"}},
    {"white must pass", {"flank-setboard XO" + std::string(62, '-') + " O"}},
    {"game over", {"flank-setboard XO" + std::string(62, '-') + " O", "play b c1"}},
    {"4x4 after two moves", {"boardsize 4", "play b b1", "play w a1"}},
    {"10x6 after one move", {"boardsize 10 6", "play b e2"}},
};

}  // namespace

TEST_CASE("every command has failing cases") {
  Engine engine(fast_options());
  for (const std::string& name : engine.command_names())
    CHECK_MESSAGE(kFailing.count(name) == 1, name);
}

TEST_CASE("a failing command leaves the game exactly unchanged") {
  for (const auto& [situation_name, setup] : kSituations) {
    // A reference of its own: clang 14 cannot capture a structured binding.
    const auto& situation = situation_name;
    for (const auto& [name, lines] : kFailing) {
      for (const std::string& line : lines) {
        CAPTURE(situation);
        CAPTURE(line);
        Engine engine(fast_options());
        for (const std::string& s : setup) REQUIRE(send(engine, s).ok);
        const Snapshot before = snapshot(engine);
        const Reply r = send(engine, line);
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.text.empty());
        CHECK(snapshot(engine) == before);
        CHECK_FALSE(engine.quit_requested());
      }
    }
  }
}

TEST_CASE("situation-specific failures leave the game unchanged too") {
  const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> cases = {
      {{},
       {"undo", "final_score", "play w d3", "play b d3 ", "genmove w", "reg_genmove w",
        "play b pass", "flank-solve", "play b e4"}},
      {{"play b d3"}, {"play b d3", "play w d3", "play b c5", "final_score", "genmove b"}},
      {{"flank-setboard XO" + std::string(62, '-') + " O", "play b c1"},
       {"play b d3", "play w pass", "play b pass", "final_score 1", "flank-analyze", "flank-solve",
        "flank-play_sequence d3"}},
  };
  for (const auto& [setup, lines] : cases) {
    for (const std::string& line : lines) {
      CAPTURE(line);
      Engine engine(fast_options());
      for (const std::string& s : setup) REQUIRE(send(engine, s).ok);
      const Snapshot before = snapshot(engine);
      const Reply r = send(engine, line);
      if (line == "play b d3 ") {
        CHECK(r.ok);  // trailing space is just whitespace: this one succeeds
        continue;
      }
      CHECK_FALSE(r.ok);
      CHECK(snapshot(engine) == before);
    }
  }
}

TEST_CASE("random command lines: well-formed replies, and failures change nothing") {
  const std::vector<std::string> words = {"play",
                                          "genmove",
                                          "undo",
                                          "boardsize",
                                          "clear_board",
                                          "showboard",
                                          "final_score",
                                          "flank-setboard",
                                          "flank-play_sequence",
                                          "flank-level",
                                          "flank-threads",
                                          "time_left",
                                          "time_settings",
                                          "komi",
                                          "b",
                                          "w",
                                          "white",
                                          "pass",
                                          "d3",
                                          "c4",
                                          "f5",
                                          "e6",
                                          "a1",
                                          "h8",
                                          "z26",
                                          "4",
                                          "6",
                                          "8",
                                          "-1",
                                          "0.5",
                                          "x",
                                          "#",
                                          "\t",
                                          "\r",
                                          "1",
                                          "reg_genmove",
                                          "flank-analyze",
                                          "gogui-rules_legal_moves",
                                          "XO--",
                                          "list_commands"};
  std::mt19937 rng(12345);
  Engine engine(fast_options());
  for (int i = 0; i < 1500; ++i) {
    std::string line;
    const int n = 1 + static_cast<int>(rng() % 4);
    for (int w = 0; w < n; ++w) line += words[rng() % words.size()] + " ";
    CAPTURE(line);
    const Snapshot before = snapshot(engine);
    const std::string raw = engine.handle_line(line);
    if (raw.empty()) continue;  // comment or blank
    REQUIRE(raw.size() >= 3);
    CHECK((raw[0] == '=' || raw[0] == '?'));
    CHECK(raw.ends_with("\n\n"));
    CHECK(raw.find("\n\n") == raw.size() - 2);
    if (raw[0] == '?') CHECK(snapshot(engine) == before);
  }
}
