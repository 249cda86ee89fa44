#pragma once
// Players, cell contents and square indices shared by every part of the engine.

#include <cstdint>

namespace flank {

enum class Color : std::uint8_t { Black = 0, White = 1 };

constexpr Color opponent(Color c) { return c == Color::Black ? Color::White : Color::Black; }

enum class Cell : std::uint8_t { Empty, Black, White };

// A square is row * cols + col (row 0 is the top edge, column 0 is 'a').
using Square = int;
// The pass "move": played only when the mover has no legal move.
constexpr Square kPass = -1;

// The largest board: 26 columns, because columns are named 'a'..'z'.
constexpr int kMinSize = 4;
constexpr int kMaxSize = 26;
constexpr int kMaxSquares = kMaxSize * kMaxSize;

constexpr bool is_valid_size(int n) { return n >= kMinSize && n <= kMaxSize && n % 2 == 0; }

}  // namespace flank
