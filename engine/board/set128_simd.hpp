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

inline Set128 legal_moves(const Set128& me_set, const Set128& opp_set, const Geometry<Set128>& g) {
  const DirectionLanes d(g);
  const Rays me = broadcast(me_set), opp = broadcast(opp_set);
  const Rays empty = broadcast(g.board & ~(me_set | opp_set));
  Rays run_up = up(me, d.up_shift) & d.up_landing & opp;
  Rays run_down = down(me, d.down_shift) & d.down_landing & opp;
  Rays moves{};
  while ((run_up | run_down).any()) {
    const Rays next_up = up(run_up, d.up_shift) & d.up_landing;
    const Rays next_down = down(run_down, d.down_shift) & d.down_landing;
    moves = moves | ((next_up | next_down) & empty);
    run_up = next_up & opp;
    run_down = next_down & opp;
  }
  return moves.merged();
}

// Both sides' legal moves and the empty squares next to their discs, as the
// hand and size evaluations count them, in one fill for both sides.
inline wide_simd::SideCounts side_counts(const Set128& me_set, const Set128& opp_set,
                                         const Geometry<Set128>& g) {
  const DirectionLanes d(g);
  const Rays me = broadcast(me_set), opp = broadcast(opp_set);
  const Set128 empty = g.board & ~(me_set | opp_set);
  const Rays me_up = up(me, d.up_shift) & d.up_landing;
  const Rays me_down = down(me, d.down_shift) & d.down_landing;
  const Rays opp_up = up(opp, d.up_shift) & d.up_landing;
  const Rays opp_down = down(opp, d.down_shift) & d.down_landing;
  const Set128 near_me = (me_up | me_down).merged(), near_opp = (opp_up | opp_down).merged();
  Rays run_me_up = me_up & opp, run_me_down = me_down & opp;
  Rays run_opp_up = opp_up & me, run_opp_down = opp_down & me;
  Rays moves_me{}, moves_opp{};
  while ((run_me_up | run_me_down | run_opp_up | run_opp_down).any()) {
    const Rays next_me_up = up(run_me_up, d.up_shift) & d.up_landing;
    const Rays next_me_down = down(run_me_down, d.down_shift) & d.down_landing;
    const Rays next_opp_up = up(run_opp_up, d.up_shift) & d.up_landing;
    const Rays next_opp_down = down(run_opp_down, d.down_shift) & d.down_landing;
    moves_me = moves_me | next_me_up | next_me_down;
    moves_opp = moves_opp | next_opp_up | next_opp_down;
    run_me_up = next_me_up & opp;
    run_me_down = next_me_down & opp;
    run_opp_up = next_opp_up & me;
    run_opp_down = next_opp_down & me;
  }
  return {{popcount(moves_me.merged() & empty), popcount(moves_opp.merged() & empty)},
          {popcount(near_me & empty), popcount(near_opp & empty)}};
}

}  // namespace flank::set128
