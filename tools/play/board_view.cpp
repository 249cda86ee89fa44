#include "tools/play/board_view.hpp"

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

std::string raw_disc(Color c, DiscStyle discs) {
  if (discs == DiscStyle::Unicode) return c == Color::Black ? "\u25CF" : "\u25CB";
  return c == Color::Black ? "X" : "O";
}

std::string empty_mark(const BoardStyle& style) {
  return style.discs == DiscStyle::Unicode ? "\u00B7" : ".";
}

std::string pad_left(const std::string& text, size_t width) {
  return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

}  // namespace

std::string disc_symbol(Color c, const BoardStyle& style) {
  const std::string disc = raw_disc(c, style.discs);
  if (!style.colour) return disc;
  // On the board's green, so a black disc shows on a dark terminal too.
  return std::string(kBoardBackground) + (c == Color::Black ? kBlackDisc : kWhiteDisc) + disc +
         kReset;
}

std::string render_board(const Position& p, const BoardStyle& style, bool mark_legal,
                         const std::vector<std::string>& beside, Square last) {
  const int n = p.size();
  const size_t label_width = std::to_string(n).size();
  std::vector<bool> legal(static_cast<size_t>(p.squares()), false);
  if (mark_legal)
    for (Square sq : p.legal_moves()) legal[static_cast<size_t>(sq)] = true;

  std::string out = std::string(label_width, ' ');
  for (int col = 0; col < n; ++col) out += std::string(" ") + static_cast<char>('a' + col);
  out += "\n";
  for (int row = 0; row < n; ++row) {
    out += pad_left(std::to_string(row + 1), label_width);
    if (style.colour) out += kBoardBackground;
    for (int col = 0; col < n; ++col) {
      const Square sq = row * n + col;
      out += " ";
      std::string cell;
      switch (p.at(sq)) {
        case Cell::Black:
          cell = paint(raw_disc(Color::Black, style.discs), kBlackDisc, style);
          break;
        case Cell::White:
          cell = paint(raw_disc(Color::White, style.discs), kWhiteDisc, style);
          break;
        case Cell::Empty:
          cell = legal[static_cast<size_t>(sq)] ? paint("*", kLegalMark, style)
                                                : paint(empty_mark(style), kEmptyMark, style);
          break;
      }
      if (style.colour && sq == last) cell = kUnderline + cell;
      out += cell;
    }
    if (style.colour) out += std::string(" ") + kReset;
    const size_t r = static_cast<size_t>(row);
    if (r < beside.size() && !beside[r].empty()) out += (style.colour ? "   " : "    ") + beside[r];
    out += "\n";
  }
  for (size_t r = static_cast<size_t>(n); r < beside.size(); ++r)
    out += std::string(label_width + 2 * static_cast<size_t>(n) + 4, ' ') + beside[r] + "\n";
  return out;
}

}  // namespace flank::terminal_play
