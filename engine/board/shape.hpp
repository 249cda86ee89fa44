#pragma once
// The shape of a board: columns by rows, each an even number from 4 to 26.
// Squares are numbered row by row: square = row * cols + col.

#include "engine/board/color.hpp"

namespace flank {

struct Shape {
  int cols = 8;
  int rows = 8;

  constexpr Shape() = default;
  constexpr Shape(int cols_, int rows_) : cols(cols_), rows(rows_) {}
  // A plain number is a square board everywhere (as in GTP's "boardsize N").
  constexpr Shape(int n) : cols(n), rows(n) {}  // NOLINT(google-explicit-constructor)

  static constexpr Shape square(int n) { return Shape{n, n}; }
  constexpr int squares() const { return cols * rows; }
  constexpr bool is_square() const { return cols == rows; }
  // At most 64 squares: the one-word square set serves the board.
  constexpr bool fits_one_word() const { return squares() <= 64; }
  friend constexpr bool operator==(const Shape&, const Shape&) = default;
};

constexpr bool is_valid_shape(Shape s) { return is_valid_size(s.cols) && is_valid_size(s.rows); }

}  // namespace flank
