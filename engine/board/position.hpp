#pragma once
// A position of any supported size: the discs and the side to move. This is the
// value type front ends use; the search converts it to the fastest Board<Set>.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/color.hpp"
#include "engine/board/rules.hpp"
#include "engine/board/shape.hpp"
#include "engine/board/wide_set.hpp"

namespace flank {

// Why a move may not be played. The engine has no user-facing text: the front
// ends put a reason in words (protocol/illegal_move.hpp).
enum class Illegal {
  None,          // the move is legal
  OffBoard,      // not a square of this board
  Occupied,      // the square holds a disc
  FlipsNothing,  // the move traps no opponent disc
  MayNotPass,    // a pass while the mover has a legal move
  GameOver,      // a pass (or move) after neither side can move
};

class Position {
 public:
  // The start position of a COLS x ROWS board (a number N: N x N): the four
  // centre squares, white on the top-left and bottom-right of the centre block.
  // Throws std::invalid_argument for an unsupported shape.
  explicit Position(Shape shape = Shape{});

  // Board text: an optional shape "COLSxROWS" (needed when the board is not
  // square), then COLS*ROWS cells, row 1 first: X or * black, O white, - or .
  // empty (whitespace between cells ignored), then the side to move:
  // X/O/B/W/*/black/white. Without the shape the cells must be N*N.
  // Examples: "---------------------------OX------XO--------------------------- X",
  //           "6x4 -------OX----XO------- O".
  // Throws std::invalid_argument naming what is wrong.
  static Position parse(std::string_view text);
  static Position from_cells(std::string_view cells, Color to_move);
  static Position from_cells(Shape shape, std::string_view cells, Color to_move);

  Shape shape() const { return shape_; }
  int cols() const { return shape_.cols; }
  int rows() const { return shape_.rows; }
  int squares() const { return shape_.squares(); }
  Color to_move() const { return to_move_; }
  Cell at(Square sq) const;
  Cell at(int row, int col) const { return at(row * shape_.cols + col); }

  std::vector<Square> legal_moves() const;
  bool has_legal_move() const;
  bool is_game_over() const;
  // kPass is legal only when the mover has no move and the game is not over.
  bool is_legal(Square move) const;
  // Why a move is illegal (Illegal::None if it is legal).
  Illegal why_illegal(Square move) const;
  std::vector<Square> flips(Square move) const;

  // Plays a legal move or pass; throws IllegalMove (position unchanged) otherwise.
  void play(Square move);

  int count(Color c) const;
  int empties() const { return squares() - count(Color::Black) - count(Color::White); }
  // Black's discs minus white's, the empty squares given to the one ahead.
  int score() const;

  std::string cells() const;  // COLS*ROWS chars of X, O, -, row 1 first
  // Cells, a space, X or O; a non-square board starts with "COLSxROWS ".
  std::string to_string() const;

  // The board from the mover's point of view in the given representation.
  template <class Set>
  Board<Set> board() const;
  template <class Set>
  static Position from_board(Shape shape, const Board<Set>& b, Color to_move);

  friend bool operator==(const Position&, const Position&) = default;

 private:
  template <class F>
  decltype(auto) with_board(F&& f) const;

  Shape shape_{};
  Color to_move_ = Color::Black;
  WideSet black_{}, white_{};
};

// Thrown for a move the rules do not allow: what it was and why, for the front
// end to put in words (protocol/illegal_move.hpp); what() is only "illegal move".
struct IllegalMove : std::invalid_argument {
  IllegalMove(const Position& before, Square move, Illegal reason)
      : std::invalid_argument("illegal move"), before(before), move(move), reason(reason) {}
  Position before;  // the position the move was tried in
  Square move;      // the move (kPass for a pass)
  Illegal reason;
  int move_number = 0;  // 1-based place in a played sequence (Game::play_sequence); 0 = none
};

// Parses "X", "O", "B", "W", "*", "black", "white" in any case; throws std::invalid_argument.
Color parse_color(std::string_view text);
std::string color_name(Color c);  // "black" / "white"

template <class Set>
Board<Set> Position::board() const {
  const WideSet& me = to_move_ == Color::Black ? black_ : white_;
  const WideSet& opp = to_move_ == Color::Black ? white_ : black_;
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    return Board<Set>{me.w[0], opp.w[0]};
  } else {
    return Board<Set>{resize<Set::kWords>(me), resize<Set::kWords>(opp)};
  }
}

template <class Set>
Position Position::from_board(Shape shape, const Board<Set>& b, Color to_move) {
  Position p(shape);
  WideSet me, opp;
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    me.w[0] = b.me;
    opp.w[0] = b.opp;
  } else {
    me = resize<WideSet::kWords>(b.me);
    opp = resize<WideSet::kWords>(b.opp);
  }
  p.to_move_ = to_move;
  p.black_ = to_move == Color::Black ? me : opp;
  p.white_ = to_move == Color::Black ? opp : me;
  return p;
}

}  // namespace flank
