#pragma once
// Legal moves and both sides' counts on the two-word set (boards of 65 to 128
// squares) with four directions at once: the four that step towards higher squares share one
// vector of four lanes, the four towards lower squares another, and each
// lane shifts by its own direction's offset. The directional fill is the one
// of the generic legal_moves in rules.hpp; one loop runs until the longest
// run of opponent discs in any direction ends, instead of one loop a direction.

#include <cstdint>
#include <cstring>

#include "engine/board/geometry.hpp"
#include "engine/board/wide_simd.hpp"

namespace flank::set128 {

using Lanes = std::uint64_t __attribute__((vector_size(32)));

// The low and high words of four sets, one a lane.
struct Rays {
  Lanes lo, hi;
  friend Rays operator&(const Rays& a, const Rays& b) { return {a.lo & b.lo, a.hi & b.hi}; }
  friend Rays operator|(const Rays& a, const Rays& b) { return {a.lo | b.lo, a.hi | b.hi}; }
  // memcmp compiles to one vector test, where OR-ing the lanes takes extracts.
  bool any() const {
    const Lanes x = lo | hi, zero{};
    return std::memcmp(&x, &zero, sizeof x) != 0;
  }
  // The union of the four lanes.
  Set128 merged() const {
    Set128 s;
    s.w[0] = lo[0] | lo[1] | lo[2] | lo[3];
    s.w[1] = hi[0] | hi[1] | hi[2] | hi[3];
    return s;
  }
};

inline Rays broadcast(const Set128& s) { return {Lanes{} + s.w[0], Lanes{} + s.w[1]}; }

// Each lane k places towards higher squares (up) or lower ones (down), 0 < k < 64.
inline Rays up(const Rays& r, const Lanes& k) {
  return {r.lo << k, (r.hi << k) | (r.lo >> (64 - k))};
}
inline Rays down(const Rays& r, const Lanes& k) {
  return {(r.lo >> k) | (r.hi << (64 - k)), r.hi >> k};
}

// geometry.hpp's directions: the even ones (east, south, south-east, south-west)
// step towards higher squares, the odd ones towards lower squares.
struct DirectionLanes {
  Lanes up_shift, down_shift;
  Rays up_landing, down_landing;
  explicit DirectionLanes(const Geometry<Set128>& g) {
    for (int i = 0; i < 4; ++i) {
      const int up_dir = 2 * i, down_dir = 2 * i + 1;
      up_shift[i] = static_cast<std::uint64_t>(g.offset[up_dir]);
      down_shift[i] = static_cast<std::uint64_t>(-g.offset[down_dir]);
      up_landing.lo[i] = g.landing[up_dir].w[0];
      up_landing.hi[i] = g.landing[up_dir].w[1];
      down_landing.lo[i] = g.landing[down_dir].w[0];
      down_landing.hi[i] = g.landing[down_dir].w[1];
    }
  }
};

// One side's runs in the eight directions, stepped together.
struct Fill {
  Rays run_up, run_down;
  Rays moves{};

  Fill(const Rays& own, const Rays& other, const DirectionLanes& d)
      : run_up(up(own, d.up_shift) & d.up_landing & other),
        run_down(down(own, d.down_shift) & d.down_landing & other) {}
  void extend(const Rays& other, const DirectionLanes& d) {
    const Rays next_up = up(run_up, d.up_shift) & d.up_landing;
    const Rays next_down = down(run_down, d.down_shift) & d.down_landing;
    moves = moves | next_up | next_down;
    run_up = next_up & other;
    run_down = next_down & other;
  }
  Rays live() const { return run_up | run_down; }
};

inline Set128 legal_moves(const Set128& me_set, const Set128& opp_set, const Geometry<Set128>& g) {
  const DirectionLanes d(g);
  const Rays opp = broadcast(opp_set);
  Fill fill(broadcast(me_set), opp, d);
  while (fill.live().any()) fill.extend(opp, d);
  return fill.moves.merged() & g.board & ~(me_set | opp_set);
}

// Both sides' legal moves and the empty squares next to their discs, as the
// hand and size evaluations count them, in one loop for both sides.
inline wide_simd::SideCounts side_counts(const Set128& me_set, const Set128& opp_set,
                                         const Geometry<Set128>& g) {
  const DirectionLanes d(g);
  const Rays me = broadcast(me_set), opp = broadcast(opp_set);
  const Set128 empty = g.board & ~(me_set | opp_set);
  const Set128 near_me =
      ((up(me, d.up_shift) & d.up_landing) | (down(me, d.down_shift) & d.down_landing)).merged();
  const Set128 near_opp =
      ((up(opp, d.up_shift) & d.up_landing) | (down(opp, d.down_shift) & d.down_landing)).merged();
  Fill fill_me(me, opp, d), fill_opp(opp, me, d);
  while ((fill_me.live() | fill_opp.live()).any()) {
    fill_me.extend(opp, d);
    fill_opp.extend(me, d);
  }
  return {{popcount(fill_me.moves.merged() & empty), popcount(fill_opp.moves.merged() & empty)},
          {popcount(near_me & empty), popcount(near_opp & empty)}};
}

}  // namespace flank::set128
