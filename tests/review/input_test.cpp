// What flank-review reads: GGF and WTHOR PGN records, game N of a file, move
// lists, and every kind of bad input as one clear message.
#include "tools/review/input.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

#include "engine/board/square.hpp"

using namespace flank;
using namespace flank::review;

namespace {

const char* kGgf =
    "(;GM[Othello]PC[test]PB[Ann]PW[Bob]RE[?]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[D6]B[C3];)\n"
    "(;GM[Othello]PC[test]PB[Cy]PW[Di]RE[?]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[F6]B[E6]W[F4];)\n";

const char* kPgn =
    "% two games\n"
    "[Event \"Test\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n[Result \"33-31\"]\n1. F5 D6\n2. C3\n\n"
    "[Event \"Test\"]\n[Black \"Cy\"]\n[White \"Di\"]\n[Result \"10-54\"]\n1. F5 F6\n2. A1 E6\n";

}  // namespace

TEST_CASE("game N of a GGF file") {
  const ReviewInput first = read_review_text(kGgf, 1);
  CHECK(first.game.record() == "f5d6c3");
  CHECK(first.error.empty());
  CHECK(first.title == "Ann (black) vs Bob (white)");
  CHECK(read_review_text(kGgf, 2).game.record() == "f5f6e6f4");
  CHECK_THROWS_WITH_AS(read_review_text(kGgf, 3), "there is no game 3 (the file has 2 games)",
                       std::invalid_argument);
}

TEST_CASE("game N of a WTHOR PGN file") {
  const ReviewInput first = read_review_text(kPgn, 1);
  CHECK(first.game.record() == "f5d6c3");
  CHECK(first.title == "Ann (black) vs Bob (white), Test (33-31)");
  // Game 2 breaks the rules at ply 3: the moves before it, and why.
  const ReviewInput second = read_review_text(kPgn, 2);
  CHECK(second.game.record() == "f5f6");
  CHECK(second.error.starts_with("ply 3: illegal move A1"));
  CHECK_THROWS_WITH_AS(read_review_text(kPgn, 5), "there is no game 5 (the file has 2 games)",
                       std::invalid_argument);
}

TEST_CASE("an illegal move in a GGF record stops the game before it") {
  const std::string bad =
      "(;GM[Othello]PC[test]TY[8]"
      "BO[8 ---------------------------O*------*O--------------------------- *]"
      "B[F5]W[D6]B[D6];)";
  const ReviewInput input = read_review_text(bad, 1);
  CHECK(input.game.record() == "f5d6");
  CHECK(input.error.starts_with("ply 3: move 3 (B d6)"));
}

TEST_CASE("a move list on any board, with an illegal move named by its ply") {
  const ReviewInput input = read_review_moves("f5d6c3", Shape{8, 8});
  CHECK(input.game.moves().size() == 3);
  CHECK(input.error.empty());
  CHECK(read_review_moves("b1", Shape{4, 4}).game.moves().size() == 1);
  const Shape wide{6, 4};
  const std::string first = square_name(Position(wide).legal_moves().front(), wide);
  CHECK(read_review_moves(first, wide).game.record() == first);
  const ReviewInput bad = read_review_moves("f5f5", Shape{8, 8});
  CHECK(bad.game.record() == "f5");
  CHECK(bad.error.starts_with("ply 2: "));
  CHECK(bad.error.find("f5") != std::string::npos);
  CHECK_THROWS_AS(read_review_moves("f5zz", Shape{8, 8}), std::invalid_argument);
}

TEST_CASE("bad files: one message each") {
  CHECK_THROWS_WITH_AS(read_review_text("", 1), "the file is empty", std::invalid_argument);
  CHECK_THROWS_WITH_AS(read_review_text(" \n\n", 1), "the file is empty", std::invalid_argument);
  CHECK_THROWS_WITH_AS(read_review_text("hello world\n", 1), doctest::Contains("not a game record"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(read_review_text("(;GM[Chess];)", 1),
                       doctest::Contains("game 1 does not parse: "), std::invalid_argument);
  CHECK_THROWS_WITH_AS(read_review_text("(;GM[Othello]B[F5", 1),
                       doctest::Contains("game 1 does not parse: "), std::invalid_argument);
  CHECK_THROWS_WITH_AS(read_review_text(kGgf, 0), "--game must be 1 or more",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(read_review_text("[Event \"x\"]\n", 1), "game 1 (line 1): no moves",
                       std::invalid_argument);
  CHECK_THROWS_AS(read_review_file("/nonexistent/game.ggf", 1), std::runtime_error);
  CHECK_THROWS_AS(read_review_file("/", 1), std::runtime_error);
}
