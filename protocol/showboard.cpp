#include "protocol/showboard.hpp"

#include <vector>

#include "engine/board/square.hpp"

namespace flank::gtp {
namespace {

struct Glyphs {
  const char* black;
  const char* white;
  const char* empty;
  const char* legal;
};

constexpr Glyphs kAscii{"X", "O", ".", "*"};
constexpr Glyphs kUnicode{"\u25CF", "\u25CB", "\u00B7", "*"};

std::string column_letters(int cols, int margin) {
  std::string out(margin + 1, ' ');
  for (int col = 0; col < cols; ++col) {
    out += static_cast<char>('a' + col);
    out += ' ';
  }
  return out;
}

std::string padded_number(int n, int width) {
  std::string s = std::to_string(n);
  return std::string(width - s.size(), ' ') + s;
}

std::vector<std::string> side_notes(const Game& game, const Glyphs& g) {
  const Position& p = game.position();
  std::vector<std::string> notes = {
      std::string("Black ") + g.black + ": " + std::to_string(p.count(Color::Black)),
      std::string("White ") + g.white + ": " + std::to_string(p.count(Color::White)),
  };
  if (p.is_game_over()) {
    const int s = p.score();
    notes.push_back("Game over: " + (s > 0   ? "B+" + std::to_string(s)
                                     : s < 0 ? "W+" + std::to_string(-s)
                                             : std::string("draw")));
  } else {
    notes.push_back("To move: " + color_name(p.to_move()) +
                    (p.has_legal_move() ? "" : " (must pass)"));
  }
  if (game.has_moves()) {
    const size_t last = game.moves().size() - 1;
    notes.push_back("Last move: " + color_name(game.mover_of(last)) + " " +
                    square_name(game.last_move(), p.shape()));
  } else {
    notes.push_back("Last move: none");
  }
  notes.push_back(std::string(g.legal) + " legal move, ( ) last move");
  return notes;
}

}  // namespace

std::string render_board(const Game& game, DiscStyle style) {
  const Glyphs& g = style == DiscStyle::Unicode ? kUnicode : kAscii;
  const Position& p = game.position();
  const int rows = p.rows(), n = p.cols();
  const int margin = rows >= 10 ? 2 : 1;  // width of the row numbers
  const Square last = game.last_move();
  std::vector<bool> legal(p.squares(), false);
  if (!p.is_game_over())
    for (Square sq : p.legal_moves()) legal[sq] = true;

  std::vector<std::string> lines;
  lines.push_back(column_letters(n, margin));
  for (int row = 0; row < rows; ++row) {
    std::string line = padded_number(row + 1, margin);
    for (int col = 0; col < n; ++col) {
      const Square sq = row * n + col;
      // The separator before a cell: '(' opens the last move, ')' closes it.
      line += sq == last ? '(' : (col > 0 && sq - 1 == last) ? ')' : ' ';
      const Cell c = p.at(sq);
      line += c == Cell::Black   ? g.black
              : c == Cell::White ? g.white
              : legal[sq]        ? g.legal
                                 : g.empty;
    }
    line += row * n + n - 1 == last ? ')' : ' ';
    const std::string number = std::to_string(row + 1);
    line += number + std::string(margin - number.size(), ' ');
    lines.push_back(line);
  }
  lines.push_back(column_letters(n, margin));

  // Notes go beside the rows; a board shorter than the notes gets the rest below.
  // Every row line is margin + 2n + 1 + margin characters wide on screen.
  const std::vector<std::string> notes = side_notes(game, g);
  const std::string gap = "   ";
  for (size_t i = 0; i < notes.size(); ++i) {
    const size_t row_line = 1 + i;
    if (row_line <= static_cast<size_t>(rows)) {
      lines[row_line] += gap + notes[i];
    } else {
      lines.push_back(std::string(2 * margin + 2 * n + 1, ' ') + gap + notes[i]);
    }
  }
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i) out += '\n';
    out += lines[i].substr(0, lines[i].find_last_not_of(' ') + 1);
  }
  return out;
}

}  // namespace flank::gtp
