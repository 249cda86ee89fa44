#pragma once
// Legal moves and both sides' counts on the four-word set (boards of 129 to
// 256 squares) with two directions a vector: eight words hold the set twice,
// each half shifting by its own direction's offset, so the eight directions
// fill in four vectors and one loop, instead of eight loops over one set
// (wide_simd.hpp). The directional fill is the one of the generic
// legal_moves in rules.hpp, two steps a test as in wide_simd.hpp.

#include <cstdint>
#include <cstring>

#include "engine/board/geometry.hpp"
#include "engine/board/wide_simd.hpp"

namespace flank::set256 {

using Words8 = wide_simd::Words8;
using Words4 = wide_simd::Words4;

// Two four-word sets, one a half. Passed by reference, and no bare vector in
// a signature (see wide_simd.hpp on -Wpsabi).
struct Pair {
  Words8 v;
  friend Pair operator&(const Pair& a, const Pair& b) { return {a.v & b.v}; }
  friend Pair operator|(const Pair& a, const Pair& b) { return {a.v | b.v}; }
  // The union of the two halves.
  Set256 merged() const {
    const Words4 x =
        __builtin_shufflevector(v, v, 0, 1, 2, 3) | __builtin_shufflevector(v, v, 4, 5, 6, 7);
    Set256 s;
    std::memcpy(s.w.data(), &x, sizeof x);
    return s;
  }
  // Whether the union has a member: memcmp of four words is one vector test.
  bool merged_any() const {
    const Set256 s = merged(), zero{};
    return std::memcmp(s.w.data(), zero.w.data(), sizeof s.w) != 0;
  }
};

inline Pair twice(const Set256& s) {
  Words4 x;
  std::memcpy(&x, s.w.data(), sizeof x);
  return {__builtin_shufflevector(x, x, 0, 1, 2, 3, 0, 1, 2, 3)};
}

// Each half k places towards higher squares (up) or lower ones (down), 0 < k < 64;
// a word's carry comes from the word before (after) it in the same half.
inline Pair up(const Pair& p, const Words8& k) {
  const Words8 previous = __builtin_shufflevector(p.v, Words8{}, 8, 0, 1, 2, 8, 4, 5, 6);
  return {(p.v << k) | (previous >> (64 - k))};
}
inline Pair down(const Pair& p, const Words8& k) {
  const Words8 next = __builtin_shufflevector(p.v, Words8{}, 1, 2, 3, 8, 5, 6, 7, 8);
  return {(p.v >> k) | (next << (64 - k))};
}

// geometry.hpp's even directions step towards higher squares, the odd ones
// towards lower squares; pair i holds directions 4i and 4i + 2 going up, 4i + 1
// and 4i + 3 going down.
struct DirectionPairs {
  Words8 up_shift[2], down_shift[2];
  Pair up_landing[2], down_landing[2];
  explicit DirectionPairs(const Geometry<Set256>& g) {
    for (int i = 0; i < 2; ++i) {
      for (int half = 0; half < 2; ++half) {
        const int up_dir = 4 * i + 2 * half, down_dir = up_dir + 1;
        for (int w = 0; w < 4; ++w) {
          up_shift[i][4 * half + w] = static_cast<std::uint64_t>(g.offset[up_dir]);
          down_shift[i][4 * half + w] = static_cast<std::uint64_t>(-g.offset[down_dir]);
          up_landing[i].v[4 * half + w] = g.landing[up_dir].w[w];
          down_landing[i].v[4 * half + w] = g.landing[down_dir].w[w];
        }
      }
    }
  }
};

// The four pairs' runs of one side's fill, stepped together.
struct Fill {
  Pair run[4];  // up 0, up 1, down 0, down 1
  Pair moves{};

  Fill(const Pair& own, const Pair& other, const DirectionPairs& d) {
    for (int i = 0; i < 2; ++i) {
      run[i] = up(own, d.up_shift[i]) & d.up_landing[i] & other;
      run[2 + i] = down(own, d.down_shift[i]) & d.down_landing[i] & other;
    }
  }
  void extend(const Pair& other, const DirectionPairs& d) {
    for (int i = 0; i < 2; ++i) {
      const Pair next_up = up(run[i], d.up_shift[i]) & d.up_landing[i];
      const Pair next_down = down(run[2 + i], d.down_shift[i]) & d.down_landing[i];
      moves = moves | next_up | next_down;
      run[i] = next_up & other;
      run[2 + i] = next_down & other;
    }
  }
  Pair live() const { return run[0] | run[1] | run[2] | run[3]; }
};

inline Set256 legal_moves(const Set256& me_set, const Set256& opp_set, const Geometry<Set256>& g) {
  const DirectionPairs d(g);
  const Pair opp = twice(opp_set);
  Fill fill(twice(me_set), opp, d);
  do {
    fill.extend(opp, d);
    fill.extend(opp, d);
  } while (fill.live().merged_any());
  return fill.moves.merged() & g.board & ~(me_set | opp_set);
}

// Both sides' legal moves and the empty squares next to their discs, as the
// hand and size evaluations count them, in one loop for both sides.
inline wide_simd::SideCounts side_counts(const Set256& me_set, const Set256& opp_set,
                                         const Geometry<Set256>& g) {
  const DirectionPairs d(g);
  const Pair me = twice(me_set), opp = twice(opp_set);
  const Set256 empty = g.board & ~(me_set | opp_set);
  Pair near_me{}, near_opp{};
  for (int i = 0; i < 2; ++i) {
    near_me = near_me | (up(me, d.up_shift[i]) & d.up_landing[i]) |
              (down(me, d.down_shift[i]) & d.down_landing[i]);
    near_opp = near_opp | (up(opp, d.up_shift[i]) & d.up_landing[i]) |
               (down(opp, d.down_shift[i]) & d.down_landing[i]);
  }
  Fill fill_me(me, opp, d), fill_opp(opp, me, d);
  do {
    fill_me.extend(opp, d);
    fill_opp.extend(me, d);
    fill_me.extend(opp, d);
    fill_opp.extend(me, d);
  } while ((fill_me.live() | fill_opp.live()).merged_any());
  return {{popcount(fill_me.moves.merged() & empty), popcount(fill_opp.moves.merged() & empty)},
          {popcount(near_me.merged() & empty), popcount(near_opp.merged() & empty)}};
}

}  // namespace flank::set256
