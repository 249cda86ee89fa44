// Every move's score over GTP: flank-analyze_all, flank-solve_all, their GoGui
// graphics and gogui-analyze_commands.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "engine/board/square.hpp"
#include "session_helpers.hpp"

using namespace flank;
using namespace flank::gtp;
using namespace flank::gtp::testing;

namespace {

struct Line {
  std::string move;
  int score = 0;
  bool exact = false;
  int depth = 0;
  std::vector<std::string> pv;
};

// Parses "d3 score -4 exact false depth 4 nodes 149 seconds 0.000080 pv d3 c4" lines;
// the seconds must be plain decimals (never 8e-05).
std::vector<Line> parse_lines(const std::string& text) {
  std::vector<Line> lines;
  std::istringstream in(text);
  std::string row;
  while (std::getline(in, row)) {
    std::istringstream words(row);
    Line l;
    std::string key, exact, value;
    words >> l.move >> key >> l.score >> key >> exact >> key >> l.depth;
    REQUIRE(key == "depth");
    l.exact = exact == "true";
    words >> key >> value >> key >> value;
    REQUIRE(key == "seconds");
    CHECK(value.find_first_not_of("0123456789.") == std::string::npos);
    words >> key;
    REQUIRE(key == "pv");
    while (words >> value) l.pv.push_back(value);
    lines.push_back(l);
  }
  return lines;
}

// The legal moves flank lists, sorted, to compare with the moves analysed.
std::vector<std::string> legal(Engine& e) {
  std::istringstream in(send(e, "flank-legal_moves").text);
  std::vector<std::string> moves;
  for (std::string m; in >> m;) moves.push_back(m);
  std::sort(moves.begin(), moves.end());
  return moves;
}

std::vector<std::string> moves_of(const std::vector<Line>& lines) {
  std::vector<std::string> moves;
  for (const Line& l : lines) moves.push_back(l.move);
  std::sort(moves.begin(), moves.end());
  return moves;
}

void check_best_first(const std::vector<Line>& lines) {
  for (size_t i = 1; i < lines.size(); ++i) CHECK(lines[i - 1].score >= lines[i].score);
  for (const Line& l : lines) {
    REQUIRE_FALSE(l.pv.empty());
    CHECK(l.pv.front() == l.move);
  }
}

// Solves up to FFO #1's 14 empties.
EngineOptions solver_options() {
  EngineOptions o = fast_options();
  o.max_solve_empties = 16;
  return o;
}

// The score in a flank-solve reply "move d3 score 4 ...".
int solve_score(const std::string& text) {
  std::istringstream words(text);
  std::string key, move;
  int score = 0;
  words >> key >> move >> key >> score;
  return score;
}

// final_score ("B+6", "W+2", "0") for black or white.
int final_for(Engine& e, bool black) {
  const std::string text = send(e, "final_score").text;
  // "0", spelled out: `text == "0"` met a false GCC 12 maybe-uninitialized warning.
  if (text.size() == 1 && text[0] == '0') return 0;
  const int n = std::stoi(text.substr(2));
  return (text[0] == 'B') == black ? n : -n;
}

}  // namespace

TEST_CASE("flank-analyze_all scores every legal move, best first, with genmove's limits") {
  Engine e(fast_options());
  REQUIRE(send(e, "flank-level 3").ok);
  REQUIRE(send(e, "flank-play_sequence f5d6c3").ok);
  const Reply r = send(e, "flank-analyze_all");
  REQUIRE(r.ok);
  const auto lines = parse_lines(r.text);
  CHECK(moves_of(lines) == legal(e));
  check_best_first(lines);
  for (const Line& l : lines) {
    CHECK(l.depth == 6);  // level 3 searches 6 plies: the move and 5 more
    CHECK_FALSE(l.exact);
  }
  CHECK(send(e, "flank-history").text == "f5 d6 c3");  // nothing played
}

TEST_CASE("flank-solve_all: each exact score is the solve of the position after the move") {
  // 6x6 near the end, 4x4 from the start, and FFO #1 (14 empties, best G8 +18).
  const std::vector<std::vector<std::string>> setups = {
      {"boardsize 4"},
      {"boardsize 6", "flank-play_sequence c2d2e3b4d1c1b1f3e4f4b3a3a4a5c5b5d5e2f5f6"},
      {"flank-setboard --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"},
  };
  for (const auto& setup : setups) {
    CAPTURE(setup.back());
    Engine e(solver_options());
    for (const auto& s : setup) REQUIRE(send(e, s).ok);
    const bool black_moves = send(e, "gogui-rules_side_to_move").text == "black";
    const Reply r = send(e, "flank-solve_all");
    REQUIRE(r.ok);
    const auto lines = parse_lines(r.text);
    CHECK(moves_of(lines) == legal(e));
    check_best_first(lines);
    for (const Line& l : lines) {
      CHECK(l.exact);
      Engine child(solver_options());
      for (const auto& s : setup) REQUIRE(send(child, s).ok);
      REQUIRE(send(child, "flank-play_sequence " + l.move).ok);
      const Reply solved = send(child, "flank-solve");
      if (!solved.ok) {  // the game ended with this move: its score is the final one
        CHECK(final_for(child, black_moves) == l.score);
        continue;
      }
      CHECK(l.score == -solve_score(solved.text));
    }
    // The best move's score is flank-solve's score of the position itself.
    CHECK(lines.front().score == solve_score(send(e, "flank-solve").text));
  }
}

TEST_CASE("flank-solve_all on FFO #1 finds the published best move and score") {
  Engine e(solver_options());
  REQUIRE(
      send(e, "flank-setboard --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
          .ok);
  const auto lines = parse_lines(send(e, "flank-solve_all").text);
  REQUIRE_FALSE(lines.empty());
  CHECK(lines.front().move == "g8");
  CHECK(lines.front().score == 18);
  CHECK(lines[1].score < 18);  // G8 is the only best move
}

TEST_CASE("a side that must pass gets one line for its pass; a finished game fails") {
  Engine e(fast_options());
  REQUIRE(send(e, "flank-setboard XO" + std::string(62, '-') + " O").ok);
  const auto lines = parse_lines(send(e, "flank-analyze_all").text);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].move == "pass");
  CHECK(lines[0].pv.at(1) == "c1");
  REQUIRE(send(e, "play b c1").ok);
  for (const char* cmd :
       {"flank-analyze_all", "flank-solve_all", "flank-analyze_gfx", "flank-solve_gfx"}) {
    const Reply r = send(e, cmd);
    CHECK_FALSE(r.ok);
    CHECK(r.text == "the game is over");
  }
}

TEST_CASE("flank-solve_all refuses positions too large to solve, like flank-solve") {
  Engine e(fast_options());
  const Reply r = send(e, "flank-solve_all");
  CHECK_FALSE(r.ok);
  CHECK(r.text == "too many empty squares to solve (60; at most 10)");
}

TEST_CASE("analysis works on every board size") {
  for (int size = 4; size <= 26; size += 2) {
    CAPTURE(size);
    Engine e(fast_options());
    REQUIRE(send(e, "boardsize " + std::to_string(size)).ok);
    const auto lines = parse_lines(send(e, "flank-analyze_all").text);
    CHECK(moves_of(lines) == legal(e));
    check_best_first(lines);
    const Reply gfx = send(e, "flank-analyze_gfx");
    REQUIRE(gfx.ok);
    CHECK(gfx.text.rfind("LABEL ", 0) == 0);
  }
}

TEST_CASE("flank-analyze_gfx labels each move's square with its score for GoGui") {
  Engine e(solver_options());
  REQUIRE(send(e, "boardsize 4").ok);
  const Reply all = send(e, "flank-solve_all");
  const Reply gfx = send(e, "flank-solve_gfx");
  REQUIRE(gfx.ok);
  const auto lines = parse_lines(all.text);
  std::string labels = "LABEL";
  std::string best = "COLOR green";
  for (const Line& l : lines) {
    labels += " " + l.move + " " + (l.score > 0 ? "+" : "") + std::to_string(l.score);
    if (l.score == lines.front().score) best += " " + l.move;
  }
  CHECK(gfx.text == labels + "\n" + best + "\nTEXT best " + lines.front().move + " " +
                        std::to_string(lines.front().score) + " exact");
}

TEST_CASE(
    "gogui-analyze_commands lists flank's analysis commands in GoGui's type/label/command form") {
  Engine e(solver_options());
  REQUIRE(send(e, "boardsize 4").ok);  // small enough for the solvers too
  const Reply r = send(e, "gogui-analyze_commands");
  REQUIRE(r.ok);
  std::istringstream in(r.text);
  int count = 0;
  for (std::string row; std::getline(in, row); ++count) {
    const auto first = row.find('/'), last = row.rfind('/');
    REQUIRE(first != std::string::npos);
    REQUIRE(last > first);
    const std::string type = row.substr(0, first), command = row.substr(last + 1);
    CHECK((type == "gfx" || type == "string"));
    CHECK(send(e, "known_command " + command).text == "true");
    CHECK(send(e, command).ok);
  }
  CHECK(count == 6);
}
