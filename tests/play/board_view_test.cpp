// The board drawn for people: labels, discs, legal-move marks, text beside it,
// colours only when asked.
#include "tools/play/board_view.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <vector>

#include "engine/game.hpp"

using namespace flank;
using namespace flank::terminal_play;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The cells of board row r (0-based) as drawn: every second character after the label.
std::string drawn_row(const std::string& board, int size, int r) {
  const std::string line = lines_of(board).at(static_cast<size_t>(r + 1));
  const size_t label = std::to_string(size).size();
  std::string cells;
  for (int c = 0; c < size; ++c) cells += line.at(label + 1 + 2 * static_cast<size_t>(c));
  return cells;
}

}  // namespace

TEST_CASE("the 8x8 start: column letters, row numbers, discs and black's four moves") {
  const std::string board = render_board(Position(8), {}, true, {});
  const auto lines = lines_of(board);
  REQUIRE(lines.size() == 9);
  CHECK(lines[0] == "  a b c d e f g h");
  CHECK(lines[1] == "1 . . . . . . . .");
  CHECK(lines[3] == "3 . . . * . . . .");
  CHECK(lines[4] == "4 . . * O X . . .");
  CHECK(lines[5] == "5 . . . X O * . .");
  CHECK(lines[6] == "6 . . . . * . . .");
  CHECK(board.find('\x1b') == std::string::npos);
}

TEST_CASE("drawn cells match the position on every size, marks exactly on legal moves") {
  for (int n = 4; n <= 26; n += 2) {
    Game game(n);
    // A few moves in, so both colours and marks are spread around.
    for (int i = 0; i < 6 && !game.position().is_game_over(); ++i) {
      const auto moves = game.position().legal_moves();
      game.play(moves.empty() ? kPass : moves[static_cast<size_t>(i) % moves.size()]);
    }
    const Position& p = game.position();
    const std::string board = render_board(p, {}, true, {});
    const auto legal = p.legal_moves();
    for (int r = 0; r < n; ++r) {
      const std::string row = drawn_row(board, n, r);
      for (int c = 0; c < n; ++c) {
        const Square sq = r * n + c;
        const char want = p.at(sq) == Cell::Black                      ? 'X'
                          : p.at(sq) == Cell::White                    ? 'O'
                          : std::count(legal.begin(), legal.end(), sq) ? '*'
                                                                       : '.';
        CHECK(row[static_cast<size_t>(c)] == want);
      }
    }
    // Row labels are right-aligned so the columns line up on 10x10 and larger.
    const auto lines = lines_of(board);
    CHECK(lines.back().starts_with(std::to_string(n) + " "));
    if (n >= 10) CHECK(lines[1].starts_with(" 1 "));
  }
}

TEST_CASE("no marks when asked for none") {
  const std::string board = render_board(Position(6), {}, false, {});
  CHECK(board.find('*') == std::string::npos);
}

TEST_CASE("text beside the board goes to the right of the first rows") {
  const std::string board = render_board(Position(4), {}, true, {"X Black: 2", "O White: 2"});
  const auto lines = lines_of(board);
  CHECK(lines[1] == "1 . * . .    X Black: 2");
  CHECK(lines[2] == "2 * O X .    O White: 2");
  CHECK(lines[3] == "3 . X O *");
  // More lines than rows continue below, aligned.
  const auto longer = lines_of(render_board(Position(4), {}, true, {"1", "2", "3", "4", "5"}));
  REQUIRE(longer.size() == 6);
  CHECK(longer[5] == std::string(13, ' ') + "5");
}

TEST_CASE("unicode discs and colours") {
  const BoardStyle unicode{DiscStyle::Unicode, false};
  const std::string board = render_board(Position(8), unicode, true, {});
  CHECK(board.find("\u25CF") != std::string::npos);
  CHECK(board.find("\u25CB") != std::string::npos);
  CHECK(board.find('X') == std::string::npos);
  CHECK(disc_symbol(Color::Black, unicode) == "\u25CF");
  CHECK(disc_symbol(Color::White, {}) == "O");

  const BoardStyle coloured{DiscStyle::Letters, true};
  const std::string painted = render_board(Position(8), coloured, true, {});
  CHECK(painted.find("\x1b[") != std::string::npos);
  CHECK(disc_symbol(Color::Black, coloured).find("\x1b[") != std::string::npos);
  // Every escape sequence opened on a line is reset before the line ends.
  for (const auto& line : lines_of(painted))
    if (line.find("\x1b[") != std::string::npos) CHECK(line.ends_with("\x1b[0m"));
}
