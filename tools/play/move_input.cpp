#include "tools/play/move_input.hpp"

#include <cctype>
#include <vector>

#include "engine/board/square.hpp"
#include "tools/play/line_input.hpp"
#include "tools/play/settings.hpp"

namespace flank::terminal_play {
namespace {

bool all_digits(std::string_view s) {
  if (s.empty() || s.size() > 3) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// Built with += : GCC 12 warns falsely (-Wrestrict) on chains of operator+ here.
MoveInput off_board(std::string_view text, Shape shape) {
  std::string message = "\"";
  message += text;
  message += "\" is off the board: the board has columns a-";
  message += static_cast<char>('a' + shape.cols - 1);
  message += " and rows 1-";
  message += std::to_string(shape.rows);
  message += ".";
  return {MoveInput::Kind::OffBoard, kPass, message};
}

MoveInput unreadable(std::string_view text) {
  return {MoveInput::Kind::Unreadable, kPass,
          "I cannot read \"" + std::string(text) +
              "\" as a move. Type a square like d3, or row and column numbers like 3 4 "
              "(row first), or help."};
}

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text) {
    if (c == ' ' || c == ',' || c == '\t') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

MoveInput command(MoveInput::Kind kind, Square sq = kPass) { return {kind, sq, ""}; }

}  // namespace

MoveInput parse_move_input(std::string_view raw, Shape shape) {
  const std::string text = trim(raw);
  const std::string lower = to_lower(text);
  if (lower == "pass") return command(MoveInput::Kind::Pass);
  if (lower == "undo") return command(MoveInput::Kind::Undo);
  if (lower == "hint") return command(MoveInput::Kind::Hint);
  if (lower == "quit" || lower == "q") return command(MoveInput::Kind::Quit);
  if (lower == "help" || lower == "?") return command(MoveInput::Kind::Help);

  const auto words = words_of(text);
  if (words.size() == 2 && all_digits(words[0]) && all_digits(words[1])) {
    const int row = std::stoi(words[0]), col = std::stoi(words[1]);
    if (row < 1 || row > shape.rows || col < 1 || col > shape.cols) return off_board(text, shape);
    return command(MoveInput::Kind::Square, (row - 1) * shape.cols + (col - 1));
  }
  if (words.size() == 1 && text.size() >= 2 && std::isalpha(static_cast<unsigned char>(text[0])) &&
      all_digits(std::string_view(text).substr(1))) {
    const int col = lower[0] - 'a';
    const int row = std::stoi(text.substr(1)) - 1;
    if (col >= shape.cols || row < 0 || row >= shape.rows) return off_board(text, shape);
    return command(MoveInput::Kind::Square, row * shape.cols + col);
  }
  return unreadable(text);
}

std::string why_not_legal(const Position& p, Square sq) {
  // The terminal explains the rule where the GTP reply (protocol/illegal_move.hpp) is terse.
  const std::string name = square_name(sq, p.shape());
  switch (p.why_illegal(sq)) {
    case Illegal::Occupied:
      return name + " is occupied.";
    case Illegal::FlipsNothing:
      return name + " flips nothing: a move must trap at least one " +
             colour_word(opponent(p.to_move())) + " disc in a straight line between it and a " +
             colour_word(p.to_move()) + " disc.";
    default:
      return "";
  }
}

}  // namespace flank::terminal_play
