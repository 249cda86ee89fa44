// What players type in a game: squares in both notations, commands, and the
// reasons a typed move is refused.
#include "tools/play/move_input.hpp"

#include <doctest/doctest.h>

#include "engine/board/position.hpp"
#include "engine/board/square.hpp"

using namespace flank;
using namespace flank::terminal_play;
using Kind = MoveInput::Kind;

TEST_CASE("a square as letter and number, any case, with spaces around") {
  for (const char* text : {"d3", "D3", "  d3 ", "d03"}) {
    const MoveInput m = parse_move_input(text, 8);
    CHECK(m.kind == Kind::Square);
    CHECK(m.square == parse_square("d3", 8));
  }
  CHECK(parse_move_input("z26", 26).square == 26 * 26 - 1);
  CHECK(parse_move_input("a1", 4).square == 0);
}

TEST_CASE("a square as row then column numbers") {
  CHECK(parse_move_input("3 4", 8).square == parse_square("d3", 8));
  CHECK(parse_move_input("3,4", 8).square == parse_square("d3", 8));
  CHECK(parse_move_input("8 1", 8).square == parse_square("a8", 8));
  CHECK(parse_move_input("1 8", 8).square == parse_square("h1", 8));
  CHECK(parse_move_input("26 26", 26).square == 26 * 26 - 1);
}

TEST_CASE("command words in any case") {
  CHECK(parse_move_input("pass", 8).kind == Kind::Pass);
  CHECK(parse_move_input("PASS", 8).kind == Kind::Pass);
  CHECK(parse_move_input("Undo", 8).kind == Kind::Undo);
  CHECK(parse_move_input("hint", 8).kind == Kind::Hint);
  CHECK(parse_move_input("quit", 8).kind == Kind::Quit);
  CHECK(parse_move_input("help", 8).kind == Kind::Help);
  CHECK(parse_move_input("?", 8).kind == Kind::Help);
}

TEST_CASE("squares beyond the edge are off the board, named with the board's limits") {
  for (const char* text : {"i1", "a9", "I9", "9 1", "1 9", "0 3", "3 0", "z26"}) {
    const MoveInput m = parse_move_input(text, 8);
    CHECK_MESSAGE(m.kind == Kind::OffBoard, text);
    CHECK(m.message.find("off the board") != std::string::npos);
    CHECK(m.message.find("columns a-h and rows 1-8") != std::string::npos);
  }
  CHECK(parse_move_input("e1", 4).kind == Kind::OffBoard);
  CHECK(parse_move_input("a5", 4).message.find("columns a-d and rows 1-4") != std::string::npos);
}

TEST_CASE("text that is no square and no command is unreadable") {
  for (const char* text :
       {"hello", "d", "3", "3d", "d3x", "d-3", "1 2 3", "d3 e4", "a1234", "é3"}) {
    const MoveInput m = parse_move_input(text, 8);
    CHECK_MESSAGE(m.kind == Kind::Unreadable, text);
    CHECK(m.message.find("cannot read") != std::string::npos);
  }
}

TEST_CASE("why a square is no legal move: occupied or flips nothing") {
  const Position start(8);
  CHECK(why_not_legal(start, parse_square("d4", 8)) == "d4 is occupied.");
  CHECK(why_not_legal(start, parse_square("e5", 8)) == "e5 is occupied.");
  const std::string nothing = why_not_legal(start, parse_square("c3", 8));
  CHECK(nothing.starts_with("c3 flips nothing"));
  CHECK(nothing.find("White disc") != std::string::npos);
  for (Square sq : start.legal_moves()) CHECK(why_not_legal(start, sq).empty());
  // Every empty square that is no legal move flips nothing.
  for (Square sq = 0; sq < start.squares(); ++sq)
    if (start.at(sq) == Cell::Empty && !start.is_legal(sq))
      CHECK(why_not_legal(start, sq).find("flips nothing") != std::string::npos);
}
