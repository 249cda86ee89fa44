#pragma once
// The shape of an N x N board as seen by a square set: which bits are on the
// board and, for each of the eight directions, how far a step shifts and which
// squares a step may land on (a step east from the last column would otherwise
// wrap into the first column of the next row).

#include <array>
#include <cstdint>

#include "engine/color.hpp"
#include "engine/wide_set.hpp"

namespace flank {

constexpr int kDirections = 8;
// Row and column change of one step in each direction.
inline constexpr int kRowStep[kDirections] = {0, 0, 1, -1, 1, -1, 1, -1};
inline constexpr int kColStep[kDirections] = {1, -1, 0, 0, 1, -1, -1, 1};

template <class Set>
struct Geometry {
  int size = 0;
  Set board{};
  std::array<int, kDirections> offset{};  // square index change of one step
  std::array<Set, kDirections> landing{};
};

// Built once per size and kept for the life of the program. uint64_t serves
// sizes up to 8, WideSet serves every size.
template <class Set>
const Geometry<Set>& geometry(int size);

template <class Set>
inline Set step(const Set& s, int dir, const Geometry<Set>& g) {
  const int off = g.offset[dir];
  return (off > 0 ? (s << off) : (s >> -off)) & g.landing[dir];
}

}  // namespace flank
