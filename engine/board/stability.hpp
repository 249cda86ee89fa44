#pragma once
// Discs that can never be flipped, found from below: a disc is stable when, on
// each of the four lines through it, it cannot be outflanked, because the line
// is full, or a neighbour on the line is the board edge or a stable disc of the
// same colour. This finds a subset of the truly stable discs, which is what a
// score bound needs.

#include <array>
#include <type_traits>

#include "engine/board/rules.hpp"

namespace flank {

// Squares on lines (axis = direction pair d, d+1 of geometry.cpp) that are full.
template <class Set>
Set full_lines_along(const Set& occupied, int dir, int back, const Geometry<Set>& g) {
  // forward: every square from here to the edge in direction dir is occupied.
  Set forward = occupied, backward = occupied;
  const Set edge_fwd = g.board & ~step(g.board, back, g);  // no neighbour in direction dir
  const Set edge_back = g.board & ~step(g.board, dir, g);
  for (int i = 1; i < g.longest; ++i) {
    forward = occupied & (edge_fwd | step(forward, back, g));
    backward = occupied & (edge_back | step(backward, dir, g));
  }
  return forward & backward;
}

namespace board8 {

// The lines of the 8x8 board along one axis (rows, columns, two diagonals).
struct LineMasks {
  std::array<std::array<std::uint64_t, 15>, 4> lines{};
  std::array<int, 4> count{};
  constexpr LineMasks() {
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c) {
        const std::uint64_t bit = std::uint64_t{1} << (r * 8 + c);
        lines[0][r] |= bit;
        lines[1][c] |= bit;
        lines[2][r - c + 7] |= bit;
        lines[3][r + c] |= bit;
      }
    count = {8, 8, 15, 15};
  }
};
inline constexpr LineMasks kLineMasks{};

}  // namespace board8

// kBoard8: g is 8x8 on one word, known at compile time (the search's 8x8
// type); stable_discs below decides it from g.
template <bool kBoard8, class Set>
Set stable_discs_on(const Set& mine, const Set& theirs, const Geometry<Set>& g) {
  static_assert(!kBoard8 || std::is_same_v<Set, std::uint64_t>);
  const Set occupied = mine | theirs;
  // Direction pairs (0,1) east/west, (2,3) south/north, (4,5), (6,7) diagonals.
  Set safe_axis[4];
  for (int a = 0; a < 4; ++a) {
    const int d = 2 * a, back = 2 * a + 1;
    const Set on_edge = g.board & ~(step(g.board, back, g) & step(g.board, d, g));
    Set full{};
    if constexpr (kBoard8) {
      // Axis a pairs directions 2a, 2a+1 of geometry.cpp, the same order as kLineMasks.
      const auto& lines = board8::kLineMasks.lines[a];
      for (int i = 0; i < board8::kLineMasks.count[a]; ++i)
        if ((occupied & lines[i]) == lines[i]) full |= lines[i];
    } else {
      full = full_lines_along(occupied, d, back, g);
    }
    safe_axis[a] = on_edge | full;
  }
  Set stable = mine & safe_axis[0] & safe_axis[1] & safe_axis[2] & safe_axis[3];
  if (!any(stable)) return stable;
  for (;;) {
    Set next = mine;
    for (int a = 0; a < 4; ++a) {
      const int d = 2 * a, back = 2 * a + 1;
      next &= safe_axis[a] | step(stable, d, g) | step(stable, back, g);
    }
    next |= stable;
    if (next == stable) return stable;
    stable = next;
  }
}

template <class Set>
Set stable_discs(const Set& mine, const Set& theirs, const Geometry<Set>& g) {
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    if (g.is_8x8) return stable_discs_on<true>(mine, theirs, g);
  }
  return stable_discs_on<false>(mine, theirs, g);
}

}  // namespace flank
