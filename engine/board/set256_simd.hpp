#pragma once
// Legal moves and both sides' counts on the four-word set (boards of 129 to
// 256 squares) with two directions a vector: eight words hold the set twice,
// each half shifting by its own direction's offset, so the eight directions
// fill in four vectors and one loop (lane_fill.hpp), instead of eight loops
// over one set (wide_simd.hpp). Builds with AVX-512 use it, where an
// eight-word vector is one register (wide_simd::kDirectionPairs).

#include <cstdint>
#include <cstring>

#include "engine/board/geometry.hpp"
#include "engine/board/lane_fill.hpp"
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
  // Whether a half has a member: memcmp of four words is one vector test.
  bool any() const {
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
// towards lower squares. The lane_fill.hpp layout: vectors 0 and 1 hold
// directions 0 and 2, 4 and 6 going up, vectors 2 and 3 directions 1 and 3,
// 5 and 7 going down; two steps a test, as in wide_simd.hpp.
struct DirectionPairs {
  using Vec = Pair;
  static constexpr int kGroups = 4;
  static constexpr int kStepsPerTest = 2;

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
  static Pair spread(const Set256& s) { return twice(s); }
  Pair step(const Pair& p, int group) const {
    return group < 2 ? up(p, up_shift[group]) & up_landing[group]
                     : down(p, down_shift[group - 2]) & down_landing[group - 2];
  }
};

}  // namespace flank::set256
