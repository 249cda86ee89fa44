// Passes both ways: scripts may send them, Quarry never does (it just sends
// the other colour's move), and genmove must cope with both.
#include <doctest/doctest.h>

#include "session_helpers.hpp"

using namespace flank;
using namespace flank::gtp;
using namespace flank::gtp::testing;

namespace {

// White to move with no move: white b1 can never flank black a1, while
// black can play c1 (flipping b1), after which the board is all black.
const std::string kWhiteMustPass = "XO" + std::string(62, '-') + " O";

void set_board(Engine& engine, const std::string& board) {
  REQUIRE(send(engine, "flank-setboard " + board).ok);
}

}  // namespace

TEST_CASE("the side with no move can pass explicitly") {
  Engine engine(fast_options());
  set_board(engine, kWhiteMustPass);
  CHECK(send(engine, "flank-legal_moves").text == "pass");
  CHECK(send(engine, "play w pass").ok);
  CHECK(send(engine, "flank-history").text == "pass");
  CHECK(send(engine, "gogui-rules_side_to_move").text == "black");
  CHECK(send(engine, "play b c1").ok);
  CHECK(send(engine, "final_score").text == "B+64");
}

TEST_CASE("a move by the other colour records the pass first; undo takes back both") {
  Engine engine(fast_options());
  set_board(engine, kWhiteMustPass);
  CHECK(send(engine, "play b c1").ok);
  CHECK(send(engine, "flank-history").text == "pass c1");
  CHECK(send(engine, "undo").ok);
  CHECK(send(engine, "flank-history").text == "");
  CHECK(send(engine, "flank-getboard").text == kWhiteMustPass);
  CHECK(send(engine, "undo").text == "cannot undo");
}

TEST_CASE("Quarry style: two black moves in a row, then two undos") {
  // After black c1, white b2 has no move (every line from it runs off the board).
  const std::string start = "XO------XO------" + std::string(48, '-') + " X";
  Engine engine(fast_options());
  set_board(engine, start);
  CHECK(send(engine, "play b c1").ok);
  CHECK(send(engine, "play b c2").ok);
  CHECK(send(engine, "flank-history").text == "c1 pass c2");
  CHECK(send(engine, "undo").ok);
  CHECK(send(engine, "flank-history").text == "c1");
  CHECK(send(engine, "undo").ok);
  CHECK(send(engine, "flank-getboard").text == start);
}

TEST_CASE("an explicit pass is a move of its own for undo") {
  Engine engine(fast_options());
  set_board(engine, kWhiteMustPass);
  CHECK(send(engine, "play w pass").ok);
  CHECK(send(engine, "play b c1").ok);
  CHECK(send(engine, "undo").ok);
  CHECK(send(engine, "flank-history").text == "pass");
  CHECK(send(engine, "undo").ok);
  CHECK(send(engine, "flank-history").text == "");
  // flank-play_sequence passes count as explicit too.
  CHECK(send(engine, "flank-play_sequence c1").ok);
  CHECK(send(engine, "flank-history").text == "pass c1");
  CHECK(send(engine, "undo").ok);
  CHECK(send(engine, "flank-history").text == "pass");
}

TEST_CASE("genmove after a pass it recorded: undo takes back both") {
  Engine engine(fast_options());
  set_board(engine, kWhiteMustPass);
  CHECK(send(engine, "genmove b").text == "c1");
  CHECK(send(engine, "undo").ok);
  CHECK(send(engine, "flank-getboard").text == kWhiteMustPass);
}

TEST_CASE("genmove for the side with no move replies pass and records it") {
  Engine engine(fast_options());
  set_board(engine, kWhiteMustPass);
  CHECK(send(engine, "reg_genmove w").text == "pass");
  CHECK_FALSE(engine.game().has_moves());
  CHECK(send(engine, "genmove w").text == "pass");
  CHECK(send(engine, "flank-history").text == "pass");
}

TEST_CASE("genmove for the other colour when the side on move must pass") {
  Engine engine(fast_options());
  set_board(engine, kWhiteMustPass);
  CHECK(send(engine, "reg_genmove b").text == "c1");
  CHECK_FALSE(engine.game().has_moves());
  CHECK(send(engine, "genmove b").text == "c1");
  CHECK(send(engine, "flank-history").text == "pass c1");
  CHECK(send(engine, "final_score").text == "B+64");
}

TEST_CASE("a pass is refused while a move exists, and an unneeded pass is not recorded") {
  Engine engine(fast_options());
  set_board(engine, kWhiteMustPass);
  const Reply black_pass = send(engine, "play b pass");  // black has c1
  CHECK_FALSE(black_pass.ok);
  CHECK(black_pass.text == "illegal move: black has a legal move and may not pass");
  CHECK_FALSE(engine.game().has_moves());

  Engine start(fast_options());
  CHECK(send(start, "play b pass").text == "illegal move: black has a legal move and may not pass");
  CHECK(send(start, "play w pass").text == "illegal move: it is black's turn");
  CHECK(send(start, "genmove w").text == "illegal move: it is black's turn");
  CHECK(send(start, "reg_genmove w").text == "illegal move: it is black's turn");
  CHECK_FALSE(start.game().has_moves());
}
