#pragma once
// The shape of a COLS x ROWS board as seen by a square set: which bits are on
// the board and, for each of the eight directions, how far a step shifts and
// which squares a step may land on (a step east from the last column would
// otherwise wrap into the first column of the next row).

#include <array>
#include <cstdint>
#include <vector>

#include "engine/board/color.hpp"
#include "engine/board/shape.hpp"
#include "engine/board/wide_set.hpp"

namespace flank {

constexpr int kDirections = 8;
// Row and column change of one step in each direction.
inline constexpr int kRowStep[kDirections] = {0, 0, 1, -1, 1, -1, 1, -1};
inline constexpr int kColStep[kDirections] = {1, -1, 0, 0, 1, -1, -1, 1};

template <class Set>
struct Geometry {
  int cols = 0;
  int rows = 0;
  int longest = 0;      // the longer side: no line holds more squares
  bool is_8x8 = false;  // the constant-mask fast path applies (one word only)
  Set board{};
  std::array<int, kDirections> offset{};  // square index change of one step
  std::array<Set, kDirections> landing{};
  // Two- and four-word sets only (ray_flips.hpp): the squares from each square
  // to the edge in each direction, at square * kDirections + direction.
  std::vector<Set> rays;

  Shape shape() const { return Shape{cols, rows}; }
  int squares() const { return cols * rows; }
};

// Built once per shape and kept for the life of the program. uint64_t serves
// shapes of at most 64 squares, Set128 of at most 128, Set256 of at most 256,
// Set512 of at most 512, WideSet every shape. Throws
// std::invalid_argument for a shape the set cannot hold.
template <class Set>
const Geometry<Set>& geometry(Shape shape);

template <class Set>
inline Set step(const Set& s, int dir, const Geometry<Set>& g) {
  const int off = g.offset[dir];
  return (off > 0 ? (s << off) : (s >> -off)) & g.landing[dir];
}

}  // namespace flank
