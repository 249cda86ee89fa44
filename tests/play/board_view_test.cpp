// The board drawn for people: labels, discs, legal-move marks, text beside it,
// colours only when asked.
#include "tools/play/board_view.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"

using namespace flank;
using namespace flank::terminal_play;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The cells of board row r (0-based) as drawn: every second character after
// the label, or every character on a compact board (18x18 and up).
std::string drawn_row(const std::string& board, int size, int r) {
  const std::string line = lines_of(board).at(static_cast<size_t>(r + 1));
  const size_t label = std::to_string(size).size();
  const size_t step = size >= 18 ? 1 : 2;
  std::string cells;
  for (int c = 0; c < size; ++c) cells += line.at(label + 1 + step * static_cast<size_t>(c));
  return cells;
}

size_t occurrences_of(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
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

TEST_CASE("the last move is marked without colour: in brackets, also in the last column") {
  Game game(8);
  game.play(parse_square("d3", 8));
  std::string board = render_board(game.position(), {}, false, {}, {parse_square("d3", 8), {}});
  CHECK(lines_of(board)[3] == "3 . . .[X]. . . .");
  game.play(parse_square("c3", 8));
  game.play(parse_square("b3", 8));
  board = render_board(game.position(), {}, false, {}, {parse_square("b3", 8), {}});
  CHECK(lines_of(board)[3] == "3 .[X]X X . . . .");
  Position wide = Position::parse(
      "----"
      "-XO-"
      "-OXX"
      "---- X");
  board = render_board(wide, {}, false, {"", "", "text"}, {parse_square("d3", 4), {}});
  CHECK(lines_of(board)[3] == "3 . O X[X]   text");
}

TEST_CASE("the discs the last move flipped can be marked: x and o, or other unicode discs") {
  Game game(8);
  game.play(parse_square("d3", 8));  // flips d4
  const std::vector<Square> flipped{parse_square("d4", 8)};
  std::string board =
      render_board(game.position(), {}, false, {}, {parse_square("d3", 8), flipped});
  CHECK(lines_of(board)[4] == "4 . . . x X . . .");
  const BoardStyle unicode{DiscStyle::Unicode, false};
  board = render_board(game.position(), unicode, false, {}, {parse_square("d3", 8), flipped});
  CHECK(lines_of(board)[4].find("\u25C9") != std::string::npos);
}

TEST_CASE("every size up to 26x26 with long text beside fits 80 columns, coordinates kept") {
  const std::string name(20, 'n');
  const std::vector<std::string> beside{"X " + name + " (Black): 2 (computer, level 10)",
                                        "O " + name + " (White): 2 (computer, level 10)",
                                        "Last move: " + name + " (White) z26",
                                        name + " (Black) to move"};
  for (int n = 4; n <= 26; n += 2) {
    CAPTURE(n);
    for (bool colour : {false, true}) {
      Game game(n);
      game.play(game.position().legal_moves().front());
      const BoardMarks marks{game.last_move(), {}};
      const std::string board =
          render_board(game.position(), {DiscStyle::Unicode, colour}, true, beside, marks);
      const auto lines = lines_of(board);
      for (const auto& line : lines) CHECK(display_width(line) <= kScreenWidth);
      // Every beside line is shown whole, once.
      for (const auto& text : beside) CHECK(board.find(text) != std::string::npos);
      // The header names every column, the rows are numbered 1..n in order.
      std::string letters;
      for (char c : lines[0])
        if (std::isalpha(static_cast<unsigned char>(c)))
          letters += static_cast<char>(std::tolower(c));
      std::string want;
      for (int c = 0; c < n; ++c) want += static_cast<char>('a' + c);
      CHECK(letters == want);
      for (int r = 1; r <= n; ++r) CHECK(std::stoi(lines[static_cast<size_t>(r)]) == r);
    }
  }
}

TEST_CASE("26x26 is compact: one column a square, the text beside it, the last move pointed at") {
  Game game(26);
  const Square last = game.position().legal_moves().front();
  game.play(last);
  const std::string board =
      render_board(game.position(), {}, true, {"X Black: 4", "O White: 1"}, {last, {}});
  const auto lines = lines_of(board);
  REQUIRE(lines.size() == 27);
  CHECK(lines[0].find("abcdefghijkl") != std::string::npos);  // the column letters side by side
  CHECK(lines[0].find(static_cast<char>('A' + last % 26)) !=
        std::string::npos);  // last move's column
  const std::string row = lines[static_cast<size_t>(last / 26 + 1)];
  CHECK(row.find('>') != std::string::npos);
  CHECK(row.find('<') != std::string::npos);
  CHECK(lines[1].ends_with("X Black: 4"));
  CHECK(lines[1] == " 1 " + std::string(26, '.') + "    X Black: 4");
  // Boards up to 16x16 stay wide: two columns a square.
  CHECK(lines_of(render_board(Position(16), {}, true, {}))[0] ==
        "   a b c d e f g h i j k l m n o p");
  CHECK(lines_of(render_board(Position(18), {}, true, {}))[0] == "   abcdefghijklmnopqr");
}

TEST_CASE("display width counts characters and skips colour codes") {
  CHECK(display_width("abc") == 3);
  CHECK(display_width("\u25CF x") == 3);
  CHECK(display_width("\x1b[42m\x1b[1;30mX\x1b[0m") == 1);
}

TEST_CASE("a coloured board taller than the screen shows two rows a line, numbered both sides") {
  Game game(26);
  const Square last = game.position().legal_moves().front();
  game.play(last);
  const BoardStyle short_screen{DiscStyle::Letters, true, 24};
  const std::string board =
      render_board(game.position(), short_screen, true, {"X Black: 4", "O White: 1"}, {last, {}});
  const auto lines = lines_of(board);
  REQUIRE(lines.size() == 14);  // the letters and 13 lines of two rows: 24 lines with the prompt
  for (int line = 1; line <= 13; ++line) {
    std::string label = std::to_string(2 * line - 1);  // right-aligned in two columns
    if (label.size() == 1) label.insert(0, 1, ' ');
    label += ' ';
    CHECK(lines[static_cast<size_t>(line)].starts_with(label));
    CHECK(occurrences_of(lines[static_cast<size_t>(line)], "\u2580") == 26);
    CHECK(display_width(lines[static_cast<size_t>(line)]) <= kScreenWidth);
  }
  CHECK(lines[13].ends_with(" 26"));
  CHECK(lines[1].ends_with("X Black: 4"));
  // The last move in red, in the upper or lower half of its line.
  CHECK(board.find(last / 26 % 2 == 0 ? "\x1b[31;" : ";41m") != std::string::npos);
  CHECK(board.find(";43m") != std::string::npos);  // a legal move, yellow in a lower half
  // A tall enough screen, or no colour, draws one row a line.
  CHECK(lines_of(render_board(game.position(), {DiscStyle::Letters, true, 40}, true, {})).size() ==
        27);
  CHECK(lines_of(render_board(game.position(), {DiscStyle::Letters, false, 24}, true, {})).size() ==
        27);
}
