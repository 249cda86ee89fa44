#include "tools/play/rules_text.hpp"

namespace flank::terminal_play {

std::string how_to_play_text(DiscStyle discs) {
  const bool letters = discs == DiscStyle::Letters;
  std::string text = R"(How to play Othello

The board: columns are letters a, b, c ... from left to right and rows are
numbers 1, 2, 3 ... from top to bottom. Two players, Black (BLACK) and White (WHITE),
start with two discs each in the centre. Black moves first.

A move: put one of your discs on an empty square so that it flanks
(traps) a straight, unbroken line of your opponent's discs between the new
disc and another disc of yours. Lines run in all eight directions: up, down,
left, right and the four diagonals. Every trapped disc in every direction is
flipped to your colour. A move that flips nothing is not allowed. On the board
your legal moves are marked with *.

Passing: if you have no legal move, you must pass and your opponent moves
again; the game tells you when that happens. You may never pass while you
have a legal move.

The end: the game ends when neither player can move, usually when the board is
full. The player with more discs wins; any empty squares left are counted for
the winner. Equal counts are a draw.

Typing a move: a square such as d3 (any case), or its row and column numbers
with the row first, such as 3 4 for d3. Other commands during a game:
  pass   pass (only when you have no legal move)
  undo   take back your last move (and the computer's reply)
  hint   let the computer suggest a move
  q      leave the game for the menu (Continue or Save it there); also quit
  help   show these commands
)";
  text.replace(text.find("BLACK"), 5, letters ? "X" : "\u25CF");
  text.replace(text.find("WHITE"), 5, letters ? "O" : "\u25CB");
  return text;
}

}  // namespace flank::terminal_play
