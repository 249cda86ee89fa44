#pragma once
// Discs that can never be flipped, found from below: a disc is stable when, on
// each of the four lines through it, it cannot be outflanked, because the line
// is full, or a neighbour on the line is the board edge or a stable disc of the
// same colour. This finds a subset of the truly stable discs, which is what a
// score bound needs.

#include "engine/rules.hpp"

namespace flank {

// Squares on lines (axis = direction pair d, d+1 of geometry.cpp) that are full.
template <class Set>
Set full_lines_along(const Set& occupied, int dir, int back, const Geometry<Set>& g) {
  // forward: every square from here to the edge in direction dir is occupied.
  Set forward = occupied, backward = occupied;
  const Set edge_fwd = g.board & ~step(g.board, back, g);  // no neighbour in direction dir
  const Set edge_back = g.board & ~step(g.board, dir, g);
  for (int i = 1; i < g.size; ++i) {
    forward = occupied & (edge_fwd | step(forward, back, g));
    backward = occupied & (edge_back | step(backward, dir, g));
  }
  return forward & backward;
}

template <class Set>
Set stable_discs(const Set& mine, const Set& theirs, const Geometry<Set>& g) {
  const Set occupied = mine | theirs;
  // Direction pairs (0,1) east/west, (2,3) south/north, (4,5), (6,7) diagonals.
  Set safe_axis[4];
  for (int a = 0; a < 4; ++a) {
    const int d = 2 * a, back = 2 * a + 1;
    const Set on_edge = g.board & ~(step(g.board, back, g) & step(g.board, d, g));
    safe_axis[a] = on_edge | full_lines_along(occupied, d, back, g);
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

}  // namespace flank
