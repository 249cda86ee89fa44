// Start texts: a broken board is reported as a board, not read as moves.
#include "tools/play/board_text.hpp"

#include <doctest/doctest.h>

#include <string>

#include "tools/play/options_menu.hpp"

using namespace flank::terminal_play;

namespace {

const std::string kStart = "---------------------------OX------XO---------------------------";

}  // namespace

TEST_CASE("board texts and move lists are told apart") {
  CHECK(looks_like_board_text(kStart + " X"));
  CHECK(looks_like_board_text(kStart + " Q"));
  CHECK(looks_like_board_text(kStart));
  CHECK(looks_like_board_text("-X---XX--XO----- O"));  // 4x4: 16 cells
  CHECK(looks_like_board_text("7x4 ---------------------------- X"));
  CHECK(looks_like_board_text("  10x6 ----"));
  CHECK_FALSE(looks_like_board_text("f5d6c3"));
  CHECK_FALSE(looks_like_board_text("f5 d6 c3 pass"));
  CHECK_FALSE(looks_like_board_text("f5,d6,pass"));
  CHECK_FALSE(looks_like_board_text("XO X"));  // too few cells for a board
  CHECK_FALSE(looks_like_board_text(""));
  // Columns o and x of wide boards followed by their row are moves, not cells.
  CHECK_FALSE(looks_like_board_text("o5 x12 O7 X9 o5 x12 O7 X9 o5 x12 O7 X9 o5 x12 O7 X9 o1"));
}

TEST_CASE("what is wrong with a board text") {
  CHECK(board_text_problem(kStart + " X").empty());
  CHECK(board_text_problem(kStart + " Q").find("cannot read \"Q\" as a colour") !=
        std::string::npos);
  CHECK(board_text_problem(kStart) == "the side to move (X or O) is missing after the cells");
  CHECK(board_text_problem("-------- -------- ---OX--- ---XO--- -------- -------- -------- "
                           "--------") == "the side to move (X or O) is missing after the cells");
  CHECK(board_text_problem("7x4 ---------------------------- X").find("\"7x4\" as a board size") !=
        std::string::npos);
  CHECK(board_text_problem(kStart.substr(1) + " X").find("63 cells") != std::string::npos);
}

TEST_CASE("a bad board start says what is wrong with the board and changes nothing") {
  PlaySettings settings;
  settings.start_moves = "f5";
  const PlaySettings before = settings;
  for (const std::string& bad :
       {kStart + " Q", kStart, std::string("7x4 ") + kStart + " X", kStart.substr(1) + " X"}) {
    const std::string problem = apply_start(settings, bad);
    CHECK_MESSAGE(problem.rfind("The board text cannot be read: ", 0) == 0, problem);
    CHECK(problem.find("as a move") == std::string::npos);
    CHECK(settings.start_moves == before.start_moves);
    CHECK(settings.start_board.empty());
  }
  CHECK(apply_start(settings, "-X---XX--XO----- O") == "");
  CHECK(settings.start_board == "-X---XX--XO----- O");
  CHECK(settings.shape == flank::Shape::square(4));
  PlaySettings eight;
  CHECK(apply_start(eight, "f5 d6") == "");
  CHECK(eight.start_board.empty());
  CHECK(eight.start_moves == "f5 d6");
  CHECK(apply_start(eight, "f5 zz").rfind("The start moves cannot be played: ", 0) == 0);
}
