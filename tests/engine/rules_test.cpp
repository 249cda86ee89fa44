// Rules on hand-made positions: openings, flips in every direction, passes, the end and the score.
#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"

using namespace flank;

namespace {

std::string names(const std::vector<Square>& sqs, int size) {
  std::vector<std::string> v;
  for (Square s : sqs) v.push_back(square_name(s, size));
  std::sort(v.begin(), v.end());
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
  return out;
}

}  // namespace

TEST_CASE("8x8 start: white d4 e5, black e4 d5, black to move with d3 c4 f5 e6") {
  const Position p(8);
  CHECK(p.at(parse_square("d4", 8)) == Cell::White);
  CHECK(p.at(parse_square("e5", 8)) == Cell::White);
  CHECK(p.at(parse_square("e4", 8)) == Cell::Black);
  CHECK(p.at(parse_square("d5", 8)) == Cell::Black);
  CHECK(p.to_move() == Color::Black);
  CHECK(names(p.legal_moves(), 8) == "c4 d3 e6 f5");
  CHECK(p.to_string() == "---------------------------OX------XO--------------------------- X");
}

TEST_CASE("every size starts with the same centred diagonal") {
  for (int n = 4; n <= 26; n += 2) {
    const Position p(n);
    const int h = n / 2 - 1;
    CHECK(p.at(h, h) == Cell::White);
    CHECK(p.at(h + 1, h + 1) == Cell::White);
    CHECK(p.at(h, h + 1) == Cell::Black);
    CHECK(p.at(h + 1, h) == Cell::Black);
    CHECK(p.legal_moves().size() == 4);
    CHECK(p.empties() == n * n - 4);
  }
}

TEST_CASE("a move flips in all eight directions at once") {
  // Black plays d4 surrounded by white, each line closed by a black disc.
  const std::string cells =
      "X--X--X-"
      "-O-O-O--"
      "--OOO---"
      "XOO-OOX-"
      "--OOO---"
      "-O-O-O--"
      "X--X--X-"
      "--------";
  Position p = Position::from_cells(cells, Color::Black);
  const Square d4 = parse_square("d4", 8);
  CHECK(p.flips(d4).size() == 16);
  p.play(d4);
  CHECK(p.count(Color::White) == 0);
  CHECK(p.count(Color::Black) == 8 + 16 + 1);
  CHECK(p.to_move() == Color::White);
}

TEST_CASE("the same eight-way flip on a 12x12 board uses the wide sets") {
  std::string cells(144, '-');
  auto put = [&](int r, int c, char v) { cells[r * 12 + c] = v; };
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      if (!dr && !dc) continue;
      put(5 + dr, 5 + dc, 'O');
      put(5 + 2 * dr, 5 + 2 * dc, 'O');
      put(5 + 3 * dr, 5 + 3 * dc, 'X');
    }
  Position p = Position::from_cells(cells, Color::Black);
  CHECK(p.flips(5 * 12 + 5).size() == 16);
  p.play(5 * 12 + 5);
  CHECK(p.count(Color::White) == 0);
}

TEST_CASE("illegal moves say why and change nothing") {
  Position p(8);
  const Position before = p;
  CHECK(p.why_illegal(parse_square("d4", 8)) == Illegal::Occupied);
  CHECK(p.why_illegal(parse_square("a1", 8)) == Illegal::FlipsNothing);
  CHECK(p.why_illegal(kPass) == Illegal::MayNotPass);
  CHECK(p.why_illegal(64) == Illegal::OffBoard);
  CHECK(p.why_illegal(-2) == Illegal::OffBoard);
  CHECK(p.why_illegal(parse_square("d3", 8)) == Illegal::None);
  CHECK_THROWS_AS(p.play(parse_square("a1", 8)), std::invalid_argument);
  CHECK_THROWS_AS(p.play(kPass), std::invalid_argument);
  CHECK(p == before);
  // The exception carries what the front ends put in words.
  try {
    p.play(parse_square("d4", 8));
    FAIL("d4 was accepted");
  } catch (const IllegalMove& e) {
    CHECK(e.before == before);
    CHECK(e.move == parse_square("d4", 8));
    CHECK(e.reason == Illegal::Occupied);
    CHECK(e.move_number == 0);
  }
}

TEST_CASE("a pass is forced only without a move, and the game ends when neither can move") {
  // White to move has no move (no line from a white disc through black reaches h7 or h8);
  // black still has moves, so white must pass.
  Position p = Position::from_cells(
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXX-"
      "OXXXXXO-",
      Color::White);
  CHECK(!p.has_legal_move());
  CHECK(!p.is_game_over());
  CHECK(p.is_legal(kPass));
  p.play(kPass);
  CHECK(p.to_move() == Color::Black);
  CHECK(p.legal_moves() == std::vector<Square>{63});  // h8 flanks g8
  p.play(63);
  CHECK(p.is_game_over());
  CHECK(p.why_illegal(kPass) == Illegal::GameOver);
  // 62 black, 1 white, h7 empty: the empty goes to the winner.
  CHECK(p.count(Color::Black) == 62);
  CHECK(p.score() == 62 - 1 + 1);
}

TEST_CASE("empty squares go to the winner, whichever colour wins") {
  const Position white_wins = Position::from_cells("OOOOOOOOOOOOOO--", Color::Black);
  REQUIRE(white_wins.is_game_over());
  CHECK(white_wins.score() == -16);
  const Position black_wins = Position::from_cells("XXXXXXXXXXXXXX--", Color::White);
  REQUIRE(black_wins.is_game_over());
  CHECK(black_wins.score() == 16);
}

TEST_CASE("undo takes back any number of moves, passes included") {
  Game g(8);
  g.play_sequence("f5d6c3d3c4f4f6f3e6e7");
  CHECK(g.moves().size() == 10);
  const Position after4 = [&] {
    Game h(8);
    h.play_sequence("f5d6c3d3");
    return h.position();
  }();
  for (int i = 0; i < 6; ++i) CHECK(g.undo());
  CHECK(g.position() == after4);
  while (g.undo()) {
  }
  CHECK(g.position() == Position(8));
  CHECK(!g.undo());
}

TEST_CASE("Takizawa's perfect 8x8 line replays to a 32-32 draw") {
  Game g(8);
  g.play_sequence(
      "F5D6C3D3C4F4F6F3E6E7D7C5B6D8C6C7D2B5A5A6A7G5E3B4C8G6G4C2E8D1F7E2G3H4F1E1F2G1B1F8G8B3H3B2H5B7"
      "A3A4A1A2C1H2H1G2B8A8G7H8H7H6");
  CHECK(g.moves().size() == 60);
  CHECK(g.position().is_game_over());
  CHECK(g.position().count(Color::Black) == 32);
  CHECK(g.position().score() == 0);
}

TEST_CASE("Feinstein's perfect 6x6 line ends 16-20 with one pass inserted") {
  // The published line names 6x6 squares in the 8x8 frame (columns b-g, rows 2-7).
  const std::string line =
      "d3 c5 d6 e3 f5 f4 e2 d2 c2 e6 e7 g5 c4 c3 g4 g3 f3 c7 b5 d7 b7 b3 c6 b6 f7 f6 b4 b2 g6 g7 "
      "f2 g2";
  std::string shifted;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c >= 'b' && c <= 'g')
      shifted += static_cast<char>(c - 1);
    else if (c >= '2' && c <= '7')
      shifted += static_cast<char>(c - 1);
    else
      shifted += c;
  }
  Game g(6);
  g.play_sequence(shifted);
  CHECK(std::count(g.moves().begin(), g.moves().end(), kPass) == 1);
  CHECK(g.position().is_game_over());
  CHECK(g.position().count(Color::Black) == 16);
  CHECK(g.position().count(Color::White) == 20);
  CHECK(g.position().score() == -4);
}
