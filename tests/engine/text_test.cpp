// Square names, move lists and board strings: round trips and clear errors.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"

using namespace flank;

namespace {

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("square names: column letter then row from the top, any case") {
  CHECK(parse_square("a1", 8) == 0);
  CHECK(parse_square("H1", 8) == 7);
  CHECK(parse_square("a8", 8) == 56);
  CHECK(parse_square("D3", 8) == 2 * 8 + 3);
  CHECK(parse_square("z26", 26) == 26 * 26 - 1);
  CHECK(parse_square("PASS", 8) == kPass);
  for (int n = 4; n <= 26; n += 2)
    for (int sq = 0; sq < n * n; ++sq) CHECK(parse_square(square_name(sq, n), n) == sq);
  CHECK(square_name(kPass, 8) == "pass");
}

TEST_CASE("bad square text is refused with a message naming it") {
  CHECK(error_of([] { parse_square("i1", 8); }) ==
        "\"i1\" is off the 8x8 board (columns a-h, rows 1-8)");
  CHECK(error_of([] { parse_square("a9", 8); }).find("off the 8x8 board") != std::string::npos);
  CHECK(error_of([] { parse_square("a0", 8); }).find("cannot read \"a0\"") != std::string::npos);
  for (const char* bad : {"", "a", "1a", "aa", "a-1", "a1000", "ä1", "pas"})
    CHECK(error_of([&] { parse_square(bad, 8); }).find("cannot read") != std::string::npos);
}

TEST_CASE("move lists: back to back, spaced or comma separated, two-digit rows") {
  CHECK(parse_square_list("f5d6C3", 8) == std::vector<Square>{4 * 8 + 5, 5 * 8 + 3, 2 * 8 + 2});
  CHECK(parse_square_list("f5, d6 pass", 8) == std::vector<Square>{4 * 8 + 5, 5 * 8 + 3, kPass});
  CHECK(parse_square_list("a10b3", 12) == std::vector<Square>{9 * 12, 2 * 12 + 1});
  CHECK_THROWS_AS(parse_square_list("f5x", 8), std::invalid_argument);
}

TEST_CASE("a move list plays all or nothing and names the bad move") {
  Game g(8);
  g.play_sequence("f5");
  const Position before = g.position();
  try {
    g.play_sequence("d6 a1");
    FAIL("a1 was accepted");
  } catch (const IllegalMove& e) {
    CHECK(e.move_number == 2);
    CHECK(e.move == parse_square("a1", 8));
    CHECK(e.reason == Illegal::FlipsNothing);
    CHECK(e.before.to_move() == Color::Black);
  }
  CHECK(g.position() == before);
  CHECK(g.moves().size() == 1);
}

TEST_CASE("board strings round-trip and bad ones are refused") {
  Game g(10);
  g.play_sequence("e4f4g5");
  const Position p = g.position();
  CHECK(Position::parse(p.to_string()) == p);
  CHECK(Position::parse("---------------------------OX------XO--------------------------- X") ==
        Position(8));
  CHECK(Position::from_cells("....\n.OX.\n.XO.\n....", Color::Black) == Position(4));
  CHECK(error_of([] { Position::parse("XO--"); }).find("side to move") != std::string::npos);
  CHECK(error_of([] { Position::parse("XO-- X"); }).find("4 cells") != std::string::npos);
  CHECK(error_of([] { Position::parse(std::string(64, '-') + " Q"); }).find("colour") !=
        std::string::npos);
  CHECK(error_of([] { Position::parse(std::string(63, '-') + "Z X"); }).find("'Z'") !=
        std::string::npos);
  CHECK(error_of([] { Position::parse(std::string(81, '-') + " X"); }).find("81 cells") !=
        std::string::npos);
  CHECK(error_of([] { Position(7); }) == "board size 7 is not supported (even sizes 4 to 26)");
  CHECK_THROWS_AS(Position(28), std::invalid_argument);
  CHECK_THROWS_AS(Position(2), std::invalid_argument);
}
