// The words for every reason the engine gives for an illegal move.
#include "protocol/illegal_move.hpp"

#include <doctest/doctest.h>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"

using namespace flank;

namespace {
std::string text_of_play(Game g, const std::string& moves) {
  try {
    g.play_sequence(moves);
  } catch (const std::exception& e) {
    return error_text(e);
  }
  return "";
}
}  // namespace

TEST_CASE("each reason in words, naming the square and the colours") {
  const Position start(8);
  const auto reason = [&](Square sq) {
    return illegal_reason_text(start, sq, start.why_illegal(sq));
  };
  CHECK(reason(parse_square("d4", 8)) == "d4 is occupied");
  CHECK(reason(parse_square("a1", 8)) == "a1 flips no white disc");
  CHECK(reason(kPass) == "black has a legal move and may not pass");
  CHECK(reason(64) == "off the board");
  CHECK(reason(parse_square("d3", 8)).empty());
  Position white = start;
  white.play(parse_square("d3", 8));
  CHECK(illegal_reason_text(white, parse_square("a1", 8), Illegal::FlipsNothing) ==
        "a1 flips no black disc");
  CHECK(illegal_reason_text(white, kPass, Illegal::GameOver) == "the game is over");
}

TEST_CASE("the whole message, with the move's place when it was part of a list") {
  Game g(8);
  CHECK(text_of_play(g, "d3 d4") == "move 2 (d4): illegal move: d4 is occupied");
  CHECK(text_of_play(g, "pass") ==
        "move 1 (pass): illegal move: black has a legal move and may not pass");
  try {
    g.play(parse_square("a1", 8));
    FAIL("a1 was accepted");
  } catch (const std::exception& e) {
    CHECK(error_text(e) == "illegal move: a1 flips no white disc");
  }
  CHECK(error_text(std::invalid_argument("other")) == "other");
}
