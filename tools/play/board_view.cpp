#include "tools/play/board_view.hpp"

#include <algorithm>

namespace flank::terminal_play {
namespace {

// ANSI escape sequences; used only when style.colour is set.
constexpr const char* kReset = "\x1b[0m";
constexpr const char* kBoardBackground = "\x1b[42m";  // green felt
constexpr const char* kBlackDisc = "\x1b[1;30m";
constexpr const char* kWhiteDisc = "\x1b[1;97m";
constexpr const char* kLegalMark = "\x1b[33m";
constexpr const char* kEmptyMark = "\x1b[30m";
constexpr const char* kUnderline = "\x1b[4m";

std::string paint(const std::string& text, const char* code, const BoardStyle& style) {
  return style.colour ? code + text + kReset + kBoardBackground : text;
}

std::string raw_disc(Color c, DiscStyle discs, bool flipped) {
  if (discs == DiscStyle::Unicode) {
    if (flipped) return c == Color::Black ? "\u25C9" : "\u25CE";
    return c == Color::Black ? "\u25CF" : "\u25CB";
  }
  if (flipped) return c == Color::Black ? "x" : "o";
  return c == Color::Black ? "X" : "O";
}

std::string empty_mark(const BoardStyle& style) {
  return style.discs == DiscStyle::Unicode ? "\u00B7" : ".";
}

std::string pad_left(const std::string& text, size_t width) {
  return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

// One drawn row (or header) and the columns it takes.
struct Line {
  std::string text;
  size_t width = 0;
};

class BoardPainter {
 public:
  BoardPainter(const Position& p, const BoardStyle& style, bool mark_legal, const BoardMarks& marks)
      : p_(p),
        style_(style),
        rows_(p.rows()),
        cols_(p.cols()),
        label_width_(std::to_string(rows_).size()),
        legal_(static_cast<size_t>(p.squares()), false),
        flipped_(static_cast<size_t>(p.squares()), false),
        last_(marks.last) {
    if (mark_legal)
      for (Square sq : p.legal_moves()) legal_[static_cast<size_t>(sq)] = true;
    for (Square sq : marks.flipped) flipped_[static_cast<size_t>(sq)] = true;
  }

  // Two columns a square, the last move in brackets: "3 . .[X]O . .".
  std::vector<Line> wide() const {
    std::vector<Line> lines;
    Line header{std::string(label_width_, ' '), label_width_ + 2 * size_t(cols_)};
    for (int col = 0; col < cols_; ++col) header.text += std::string(" ") + letter(col, false);
    lines.push_back(header);
    for (int row = 0; row < rows_; ++row) {
      Line line{pad_left(std::to_string(row + 1), label_width_), label_width_ + 2 * size_t(cols_)};
      if (style_.colour) line.text += kBoardBackground;
      for (int col = 0; col < cols_; ++col) {
        const Square sq = row * cols_ + col;
        line.text += sq == last_ ? '[' : (col > 0 && sq - 1 == last_) ? ']' : ' ';
        line.text += cell(sq);
      }
      const bool closes = last_ == row * cols_ + cols_ - 1;
      if (closes || style_.colour) {
        line.text += closes ? "]" : " ";
        line.width += 1;
      }
      if (style_.colour) line.text += kReset;
      lines.push_back(line);
    }
    return lines;
  }

  // One column a square: the last move's row is marked > <, its column letter
  // is a capital.
  std::vector<Line> compact() const {
    std::vector<Line> lines{letters_side_by_side()};
    for (int row = 0; row < rows_; ++row) {
      const bool marked = last_ != kPass && last_ / cols_ == row;
      Line line{pad_left(std::to_string(row + 1), label_width_) + (marked ? ">" : " "),
                label_width_ + 1 + size_t(cols_) + (marked ? 1 : 0)};
      if (style_.colour) line.text += kBoardBackground;
      for (int col = 0; col < cols_; ++col) line.text += cell(row * cols_ + col);
      if (style_.colour) line.text += kReset;
      if (marked) line.text += "<";
      lines.push_back(line);
    }
    return lines;
  }

  // Two rows a line, in colour: "▀" with the upper square's colour in front
  // and the lower one's behind. The row number on the left is the upper row's,
  // the one on the right the lower row's.
  std::vector<Line> half() const {
    std::vector<Line> lines{letters_side_by_side()};
    for (int row = 0; row < rows_; row += 2) {
      Line line{pad_left(std::to_string(row + 1), label_width_) + " ",
                2 * label_width_ + 2 + size_t(cols_)};
      for (int col = 0; col < cols_; ++col) {
        const int upper = colour_code(row * cols_ + col),
                  lower = colour_code((row + 1) * cols_ + col);
        line.text += "\x1b[";  // += : GCC 12 warns falsely (-Wrestrict) on chains of +
        line.text += std::to_string(upper);
        line.text += ';';
        line.text += std::to_string(lower + 10);
        line.text += "m\u2580";
      }
      line.text += std::string(kReset) + " " + std::to_string(row + 2);
      line.width = label_width_ + 2 + size_t(cols_) + std::to_string(row + 2).size();
      lines.push_back(line);
    }
    return lines;
  }

 private:
  // The column letters one a column, the last move's in capitals.
  Line letters_side_by_side() const {
    Line header{std::string(label_width_ + 1, ' '), label_width_ + 1 + size_t(cols_)};
    for (int col = 0; col < cols_; ++col)
      header.text += letter(col, last_ != kPass && last_ % cols_ == col);
    return header;
  }

  // ANSI foreground colour of a square in the half-height drawing.
  int colour_code(Square sq) const {
    if (sq == last_) return 31;  // red: the last move
    const bool flipped = flipped_[static_cast<size_t>(sq)];
    switch (p_.at(sq)) {
      case Cell::Black:
        return flipped ? 90 : 30;  // dark grey when just flipped
      case Cell::White:
        return flipped ? 37 : 97;  // light grey when just flipped
      case Cell::Empty:
        return legal_[static_cast<size_t>(sq)] ? 33 : 32;  // yellow legal move on green
    }
    return 32;
  }

  static char letter(int col, bool capital) {
    return static_cast<char>((capital ? 'A' : 'a') + col);
  }

  std::string cell(Square sq) const {
    const bool flipped = flipped_[static_cast<size_t>(sq)];
    std::string text;
    switch (p_.at(sq)) {
      case Cell::Black:
        text = paint(raw_disc(Color::Black, style_.discs, flipped), kBlackDisc, style_);
        break;
      case Cell::White:
        text = paint(raw_disc(Color::White, style_.discs, flipped), kWhiteDisc, style_);
        break;
      case Cell::Empty:
        text = legal_[static_cast<size_t>(sq)] ? paint("*", kLegalMark, style_)
                                               : paint(empty_mark(style_), kEmptyMark, style_);
        break;
    }
    if (style_.colour && sq == last_) text = kUnderline + text;
    return text;
  }

  const Position& p_;
  BoardStyle style_;
  int rows_, cols_;
  size_t label_width_;
  std::vector<bool> legal_;
  std::vector<bool> flipped_;
  Square last_;
};

size_t widest(const std::vector<std::string>& lines) {
  size_t w = 0;
  for (const auto& line : lines) w = std::max(w, display_width(line));
  return w;
}

constexpr size_t kGap = 3;  // between the board and the text beside it
// Text beside the board a wide board leaves room for: scores with names and levels.
constexpr size_t kPanelWidth = 40;

}  // namespace

std::string disc_symbol(Color c, const BoardStyle& style) {
  const std::string disc = raw_disc(c, style.discs, false);
  if (!style.colour) return disc;
  // On the board's green, so a black disc shows on a dark terminal too.
  return std::string(kBoardBackground) + (c == Color::Black ? kBlackDisc : kWhiteDisc) + disc +
         kReset;
}

size_t display_width(std::string_view text) {
  size_t width = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b') {  // CSI ... m: no columns
      while (i < text.size() && text[i] != 'm') ++i;
      continue;
    }
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++width;
  }
  return width;
}

std::string render_board(const Position& p, const BoardStyle& style, bool mark_legal,
                         const std::vector<std::string>& beside, const BoardMarks& marks,
                         size_t width) {
  const BoardPainter painter(p, style, mark_legal, marks);
  const size_t text_width = widest(beside);
  const size_t n = static_cast<size_t>(p.cols()), rows = static_cast<size_t>(p.rows());
  const size_t label = std::to_string(p.rows()).size();
  const size_t wide_width = label + 2 * n + 1, compact_width = label + n + 2;
  // Compact by size alone, so the board keeps its look for the whole game.
  const bool compact = wide_width + kGap + kPanelWidth > width;
  // Letters, the rows, the turn line and the prompt.
  const bool half = style.colour && style.screen_rows > 0 && rows + 4 > style.screen_rows;
  const std::vector<Line> board = half      ? painter.half()
                                  : compact ? painter.compact()
                                            : painter.wide();
  const size_t board_width = half ? 2 * label + n + 2 : compact ? compact_width : wide_width;
  const bool text_beside = board_width + kGap + text_width <= width;

  std::string out;
  for (size_t r = 0; r < board.size(); ++r) {
    out += board[r].text;
    // The first board line is the letters: the text starts beside row 1.
    if (text_beside && r >= 1 && r - 1 < beside.size() && !beside[r - 1].empty())
      out += std::string(board_width - board[r].width + kGap, ' ') + beside[r - 1];
    out += "\n";
  }
  const size_t shown = text_beside ? std::min(beside.size(), board.size() - 1) : 0;
  for (size_t r = shown; r < beside.size(); ++r) {
    if (text_beside) out += std::string(board_width + kGap, ' ');
    out += beside[r] + "\n";
  }
  return out;
}

}  // namespace flank::terminal_play
