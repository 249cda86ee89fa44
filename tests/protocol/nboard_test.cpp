// The NBoard protocol in memory: GGF records, each command's replies, the
// depth-to-level mapping, and malformed or impossible input changing nothing.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/board/square.hpp"
#include "protocol/ggf_reader.hpp"
#include "protocol/nboard_engine.hpp"
#include "protocol/nboard_loop.hpp"

using namespace flank;

namespace {

const std::string kStart8 =
    "BO[8 ---------------------------O*------*O--------------------------- *]";

// The example game of the NBoard protocol description (8 moves, 15 minutes each).
const std::string kExampleGame =
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]" +
    kStart8 + "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

gtp::EngineOptions fast() {
  gtp::EngineOptions o;
  o.level = 2;
  o.hash_mb = 1;
  return o;
}

// Runs lines one after the other to completion; returns the reply lines and the errors.
struct Outcome {
  std::vector<std::string> lines;
  std::vector<std::string> errors;
};

Outcome drive(nboard::Engine& engine, const std::vector<std::string>& input) {
  Outcome o;
  const nboard::Engine::Emit emit = [&](const std::string& line) { o.lines.push_back(line); };
  for (const std::string& line : input) {
    std::string error;
    const auto request = nboard::parse_request(line, error);
    if (!request) {
      if (!error.empty()) o.errors.push_back(error);
      continue;
    }
    const std::string problem = engine.execute(*request, emit);
    if (!problem.empty()) o.errors.push_back(problem);
  }
  return o;
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> w;
  for (std::string s; in >> s;) w.push_back(s);
  return w;
}

}  // namespace

TEST_CASE("GGF: board, moves with evals and times, clocks") {
  const ggf::Record r =
      ggf::parse_record("(;GM[Othello]PB[a]PW[b]RE[?]TI[15:00]TW[1:02:03/0:05/2:00]TY[8]" +
                        kStart8 + "B[F5]W[d6/-1.50/2.25]B[C3//0.5]W[PA];)");
  CHECK(r.properties.at("PB") == "a");
  CHECK(r.start == Position(8));
  REQUIRE(r.moves.size() == 4);
  CHECK(r.moves[0].square == parse_square("f5", 8));
  CHECK_FALSE(r.moves[0].eval);
  CHECK(r.moves[1].color == Color::White);
  CHECK(*r.moves[1].eval == -1.5);
  CHECK(*r.moves[1].seconds == 2.25);
  CHECK_FALSE(r.moves[2].eval);
  CHECK(*r.moves[2].seconds == 0.5);
  CHECK(r.moves[3].square == kPass);
  CHECK(r.clocks[0].initial == 900);
  CHECK(r.clocks[0].increment == 0);
  CHECK(r.clocks[1].initial == 3723);
  CHECK(r.clocks[1].increment == 5);
  CHECK(ggf::parse_clock("0").limited() == false);
  CHECK(ggf::parse_clock("5:00,N40//1:00").initial == 300);
}

TEST_CASE("GGF: replay puts in the passes a record leaves out, and names a bad move") {
  // White has no move after B[C1] here... set up: black X at a1, white O at b1, white to move.
  const std::string forced = "(;GM[Othello]BO[8 *O" + std::string(62, '-') + " O]B[C1//3];)";
  const ggf::Replay r = ggf::replay(ggf::parse_record(forced));
  CHECK(r.game.moves() == std::vector<Square>{kPass, parse_square("c1", 8)});
  CHECK(r.seconds == std::vector<double>{0, 3});
  CHECK(r.game.position().is_game_over());

  CHECK_THROWS_WITH(ggf::replay(ggf::parse_record("(;GM[Othello]" + kStart8 + "B[A1];)")),
                    doctest::Contains("move 1 (B a1)"));
  CHECK_THROWS_WITH(ggf::replay(ggf::parse_record("(;GM[Othello]" + kStart8 + "W[F5];)")),
                    doctest::Contains("black's turn"));
  for (const std::string bad :
       {"", "(;GM[Othello];", "(;GM[Go];)", "(;GM[Othello]BO[8 ---];)", "(;GM[Othello]B[Z9];)",
        "(;GM[Othello]B[F5/x];)", "(;GM[Othello]TI[1:xx];)", "(;GM[Othello]pb[x];)",
        "(;GM[Othello]PB[x;)", "(;GM[Othello]TY[7];)", "(;GM[Othello]B[F5/1/2/3];)",
        "(;GM[Othello]TY[99999999999];)", "(;GM[Othello]BO[1e300 *];)",
        "(;GM[Othello]BO[-8 *];)"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(ggf::parse_record(bad), std::invalid_argument);
  }
  // Sizes far beyond int (found by tests/fuzz/ggf_fuzz: the cast was undefined
  // behaviour) and fractional or odd ones are refused by name.
  const std::string huge(200, '4');
  const std::string bo_refused = "BO board size " + huge + " unsupported";
  const std::string ty_refused = "TY board size " + huge + " unsupported";
  CHECK_THROWS_WITH(ggf::parse_record("(;GM[Othello]BO[" + huge + " ---];)"),
                    doctest::Contains(bo_refused.c_str()));
  CHECK_THROWS_WITH(ggf::parse_record("(;GM[Othello]TY[" + huge + "];)"),
                    doctest::Contains(ty_refused.c_str()));
  CHECK_THROWS_WITH(ggf::parse_record("(;GM[Othello]BO[8.5 ---];)"),
                    doctest::Contains("BO board size 8.5 unsupported"));
  CHECK_THROWS_WITH(ggf::parse_record("(;GM[Othello]BO[9 ---];)"),
                    doctest::Contains("BO board size 9 unsupported"));
  // Other sizes come from BO or TY.
  CHECK(ggf::parse_record("(;GM[Othello]TY[10];)").start == Position(10));
  CHECK(ggf::parse_record("(;GM[Othello]TY[8r];)").start == Position(8));
}

TEST_CASE("set depth maps NBoard depths onto flank's levels") {
  // NBoard depth, flank level.
  const std::pair<int, int> kDepthLevels[] = {{1, 1},  {2, 1},  {3, 2},   {5, 2},
                                              {6, 3},  {12, 3}, {13, 4},  {20, 4},
                                              {21, 5}, {25, 9}, {26, 10}, {60, 10}};
  for (const auto& row : kDepthLevels) {
    CAPTURE(row.first);
    CHECK(nboard::level_for_depth(row.first) == row.second);
  }
  for (int depth = 1; depth <= 60; ++depth)
    CHECK(level_depth(nboard::level_for_depth(depth)) <= std::max(depth, 1));
}

TEST_CASE("an NBoard session: name, game, hints, go, ping, move, learn") {
  nboard::Engine engine(fast());
  const Outcome o = drive(engine, {"nboard 2", "set depth 6", "set game " + kExampleGame, "ping 1",
                                   "hint 3", "go", "ping 2", "learn"});
  CHECK(o.errors.empty());
  REQUIRE(o.lines.size() >= 8);
  CHECK(o.lines[0] == "set myname flank");
  CHECK(o.lines[1] == "pong 1");
  CHECK(engine.level() == 3);
  CHECK(engine.game().moves().size() == 8);
  CHECK(*engine.time_left(Color::Black) == 900);
  // hint: status, search lines for the top 3 moves (level 2, then 3), nodestats, status.
  CHECK(o.lines[2] == "status flank is thinking");
  size_t i = 3;
  const Position& p = engine.game().position();
  for (int level = 2; level <= 3; ++level) {
    double previous = 1e9;
    for (int k = 0; k < 3; ++k, ++i) {
      CAPTURE(o.lines[i]);
      const auto w = words(o.lines[i]);
      REQUIRE(w.size() == 5);
      CHECK(w[0] == "search");
      std::string first = w[1].substr(0, 2);
      for (char& c : first) c = static_cast<char>(std::tolower(c));
      CHECK(p.is_legal(parse_square(first, 8)));
      const double eval = std::stod(w[2]);
      CHECK(eval <= previous);  // best first
      previous = eval;
      CHECK(w[3] == "0");
      CHECK(w[4] == std::to_string(level_depth(level)));
    }
  }
  CHECK(o.lines[i++].rfind("nodestats ", 0) == 0);
  CHECK(o.lines[i++] == "status");
  // go: status, the search line of the chosen move, nodestats, === MOVE/EVAL/TIME, status.
  CHECK(o.lines[i++] == "status flank is thinking");
  CHECK(o.lines[i++].rfind("search ", 0) == 0);
  CHECK(o.lines[i++].rfind("nodestats ", 0) == 0);
  const std::string played = o.lines[i++];
  REQUIRE(played.rfind("=== ", 0) == 0);
  std::string move = played.substr(4, 2);
  for (char& c : move) c = static_cast<char>(std::tolower(c));
  CHECK(p.is_legal(parse_square(move, 8)));
  CHECK(played.find('/', 7) != std::string::npos);
  CHECK(o.lines[i++] == "status");
  CHECK(o.lines[i++] == "pong 2");
  CHECK(o.lines[i++] == "learned");
  CHECK(i == o.lines.size());
  // go does not play its move: NBoard sends it back with "move".
  CHECK(engine.game().moves().size() == 8);
  const Outcome moved = drive(engine, {"move " + played.substr(4)});
  CHECK(moved.errors.empty());
  CHECK(engine.game().moves().size() == 9);
  // The move's time is charged to black's clock.
  const double seconds = std::stod(played.substr(played.rfind('/') + 1));
  CHECK(*engine.time_left(Color::Black) == doctest::Approx(900 - seconds));
}

TEST_CASE("moves with evals and times, passes, and the end of the game") {
  nboard::Engine engine(fast());
  const std::string forced = "(;GM[Othello]TI[1:00]BO[8 *O" + std::string(62, '-') + " O];)";
  Outcome o = drive(engine, {"set game " + forced, "go", "hint 2"});
  CHECK(o.errors.empty());
  // White must pass: go answers PA, hint shows the pass and black's reply.
  CHECK(std::any_of(o.lines.begin(), o.lines.end(),
                    [](const std::string& l) { return l.rfind("=== PA/-64.00/", 0) == 0; }));
  CHECK(std::any_of(o.lines.begin(), o.lines.end(),
                    [](const std::string& l) { return l.rfind("search PAC1 ", 0) == 0; }));
  o = drive(engine, {"move PA", "move c1/64/1.5"});
  CHECK(o.errors.empty());
  CHECK(engine.game().position().is_game_over());
  CHECK(*engine.time_left(Color::Black) == doctest::Approx(58.5));
  // A move the GUI sends without the pass before it: flank records the pass.
  nboard::Engine other(fast());
  o = drive(other, {"set game " + forced, "move C1"});
  CHECK(o.errors.empty());
  CHECK(other.game().moves() == std::vector<Square>{kPass, parse_square("c1", 8)});
  // Game over: go and hint have nothing to do; analyze scores every position.
  o = drive(other, {"go", "hint 1", "move d3"});
  CHECK(o.errors.size() == 3);
  CHECK(o.lines.empty());
  o = drive(other, {"analyze"});
  CHECK(o.lines.front() == "status flank is analysing the game");
  CHECK(std::find(o.lines.begin(), o.lines.end(), "analysis 2 -64.00") != o.lines.end());
  CHECK(std::find(o.lines.begin(), o.lines.end(), "analysis 1 64.00") != o.lines.end());
  CHECK(std::find(o.lines.begin(), o.lines.end(), "analysis 0 -64.00") != o.lines.end());
}

TEST_CASE("malformed and impossible commands report on stderr and change nothing") {
  nboard::Engine engine(fast());
  drive(engine, {"set depth 6", "set game " + kExampleGame});
  const Game before = engine.game();
  const int level = engine.level();
  const std::vector<std::string> bad = {"bogus",
                                        "nboard",
                                        "nboard two",
                                        "nboard 3",
                                        "set",
                                        "set depth",
                                        "set depth 0",
                                        "set depth 61",
                                        "set depth 4x",
                                        "set speed 3",
                                        "set contempt x",
                                        "set game",
                                        "set game (;GM[Othello]" + kStart8 + "B[A1];)",
                                        "set game (;GM[Go];)",
                                        "move",
                                        "move Z9",
                                        "move A1",
                                        "move F5/x",
                                        "move D6/1/2/3",
                                        "hint",
                                        "hint 0",
                                        "hint x",
                                        "go now",
                                        "ping",
                                        "ping x",
                                        "learn it",
                                        "analyze 3",
                                        "quit now",
                                        "move pa"};
  for (const std::string& line : bad) {
    CAPTURE(line);
    const Outcome o = drive(engine, {line});
    CHECK(o.lines.empty());
    CHECK(o.errors.size() == 1);
    CHECK(engine.game().moves() == before.moves());
    CHECK(engine.game().position() == before.position());
    CHECK(engine.level() == level);
    CHECK_FALSE(engine.quit_requested());
  }
  CHECK(drive(engine, {"", "   "}).errors.empty());  // blank lines ask for nothing
}

TEST_CASE("the stream loop answers ping after the search, and quits on quit or end of input") {
  nboard::Engine engine(fast());
  std::istringstream in("nboard 2\nset depth 2\nset game " + kExampleGame +
                        "\nbogus\nping 7\ngo\nquit\nping 8\n");
  std::ostringstream out, err;
  run(engine, in, out, err);
  const std::string text = out.str();
  CHECK(text.rfind("set myname flank\npong 7\nstatus flank is thinking\n", 0) == 0);
  CHECK(text.find("=== ") != std::string::npos);
  CHECK(text.find("pong 8") == std::string::npos);  // nothing after quit
  CHECK(err.str() == "error: unknown command 'bogus'\n");
}
