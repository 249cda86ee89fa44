// showboard: readable at a glance on every size.
#include "protocol/showboard.hpp"

#include <doctest/doctest.h>

#include <sstream>
#include <vector>

#include "session_helpers.hpp"

using namespace flank;
using namespace flank::gtp;
using namespace flank::gtp::testing;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("the 8x8 start: coordinates on all sides, discs, legal moves, counts, turn") {
  const auto lines = lines_of(render_board(Game(8), DiscStyle::Ascii));
  REQUIRE(lines.size() == 10);
  CHECK(lines[0] == "  a b c d e f g h");
  CHECK(lines[9] == "  a b c d e f g h");
  CHECK(lines[1].starts_with("1 . . . . . . . . 1"));
  CHECK(lines[3].starts_with("3 . . . * . . . . 3"));  // d3 is legal for black
  CHECK(lines[4].starts_with("4 . . * O X . . . 4"));  // c4; white d4, black e4
  CHECK(lines[5].starts_with("5 . . . X O * . . 5"));  // f5
  CHECK(lines[6].starts_with("6 . . . . * . . . 6"));  // e6
  const std::string all = render_board(Game(8), DiscStyle::Ascii);
  CHECK(all.find("Black X: 2") != std::string::npos);
  CHECK(all.find("White O: 2") != std::string::npos);
  CHECK(all.find("To move: black") != std::string::npos);
  CHECK(all.find("Last move: none") != std::string::npos);
  CHECK(all.find("\n\n") == std::string::npos);
}

TEST_CASE("the last move is framed by parentheses and named beside the board") {
  Game game(8);
  game.play_sequence("d3");
  const std::string board = render_board(game, DiscStyle::Ascii);
  const auto lines = lines_of(board);
  CHECK(lines[3].starts_with("3 . . *(X)* . . . 3"));
  CHECK(board.find("Last move: black d3") != std::string::npos);
  CHECK(board.find("Black X: 4") != std::string::npos);
  CHECK(board.find("White O: 1") != std::string::npos);
  CHECK(board.find("To move: white") != std::string::npos);
}

TEST_CASE("a finished game shows the result, a forced pass is announced") {
  Game game(Position::parse("XO" + std::string(62, '-') + " O"));
  CHECK(render_board(game, DiscStyle::Ascii).find("To move: white (must pass)") !=
        std::string::npos);
  game.play(kPass);
  game.play(2);  // c1
  const std::string board = render_board(game, DiscStyle::Ascii);
  CHECK(board.find("Game over: B+64") != std::string::npos);
  CHECK(lines_of(board)[1].starts_with("1 X X(X). . . . . 1"));
}

TEST_CASE("Unicode discs") {
  const std::string board = render_board(Game(8), DiscStyle::Unicode);
  CHECK(board.find("\u25CF") != std::string::npos);
  CHECK(board.find("\u25CB") != std::string::npos);
  CHECK(board.find('X') == std::string::npos);
}

TEST_CASE("every size up to 26x26 keeps its columns aligned") {
  for (int size = 4; size <= 26; size += 2) {
    CAPTURE(size);
    const auto lines = lines_of(render_board(Game(size), DiscStyle::Ascii));
    REQUIRE(lines.size() >= static_cast<size_t>(size + 2));
    const std::string letters = lines[0];
    CHECK(lines[size + 1] == letters);
    CHECK(letters.back() == static_cast<char>('a' + size - 1));
    for (int row = 1; row <= size; ++row) {
      const std::string& line = lines[row];
      // Left number right-aligned, the cells under their letters, right number.
      const size_t a_column = letters.find('a');
      CHECK(std::stoi(line.substr(0, a_column)) == row);
      CHECK(line.substr(a_column + 2 * (size - 1) + 2).starts_with(std::to_string(row)));
      for (int col = 0; col < size; ++col) {
        const char c = line[a_column + 2 * col];
        CHECK((c == '.' || c == 'X' || c == 'O' || c == '*'));
      }
    }
  }
}

TEST_CASE("showboard through GTP starts on the line after =") {
  Engine engine(fast_options());
  const std::string raw = engine.handle_line("3 showboard");
  CHECK(raw.starts_with("=3\n  a b c d e f g h\n1 "));
  CHECK(raw.ends_with("  a b c d e f g h\n\n"));
}
