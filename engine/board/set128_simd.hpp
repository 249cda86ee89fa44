#pragma once
// Legal moves and both sides' counts on the two-word set (boards of 65 to 128
// squares) with four directions at once: the four that step towards higher squares share one
// vector of four lanes, the four towards lower squares another, and each
// lane shifts by its own direction's offset; the fill is lane_fill.hpp's.

#include <cstdint>
#include <cstring>

#include "engine/board/geometry.hpp"
#include "engine/board/lane_fill.hpp"

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
// step towards higher squares, the odd ones towards lower squares. The
// lane_fill.hpp layout: vector 0 steps up, vector 1 down; one step a test (two
// measured level on 10x10).
struct DirectionLanes {
  using Vec = Rays;
  static constexpr int kGroups = 2;
  static constexpr int kStepsPerTest = 1;

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
  static Rays spread(const Set128& s) { return broadcast(s); }
  Rays step(const Rays& r, int group) const {
    return group == 0 ? up(r, up_shift) & up_landing : down(r, down_shift) & down_landing;
  }
};

}  // namespace flank::set128
