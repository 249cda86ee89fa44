#pragma once
// Vector versions of the whole-board operations the search repeats most on
// boards above 8x8 (legal moves, neighbours). The eleven words of a WideSet
// sit in two 512-bit vectors (GCC/Clang vector extensions: two AVX-512
// registers with -march=native on such a machine, narrower ones elsewhere), so
// a shift across word boundaries is two lane rotations and four shifts instead
// of a loop of eleven words.

#include <bit>
#include <cstdint>
#include <cstring>

#include "engine/geometry.hpp"

namespace flank::wide_simd {

static_assert(WideSet::kWords > 8 && WideSet::kWords <= 16);

using Words8 = std::uint64_t __attribute__((vector_size(64)));

struct Vec {
  Words8 lo, hi;  // words 0..7 and 8..15 (those past kWords stay zero)
};

inline Vec load(const WideSet& s) {
  Vec v{Words8{}, Words8{}};
  std::memcpy(&v.lo, s.w.data(), sizeof v.lo);
  std::memcpy(&v.hi, s.w.data() + 8, (WideSet::kWords - 8) * sizeof(std::uint64_t));
  return v;
}
inline WideSet store(const Vec& v) {
  WideSet s;
  std::memcpy(s.w.data(), &v.lo, sizeof v.lo);
  std::memcpy(s.w.data() + 8, &v.hi, (WideSet::kWords - 8) * sizeof(std::uint64_t));
  return s;
}
inline Vec operator&(const Vec& a, const Vec& b) { return {a.lo & b.lo, a.hi & b.hi}; }
inline Vec operator|(const Vec& a, const Vec& b) { return {a.lo | b.lo, a.hi | b.hi}; }
inline Vec and_not(const Vec& a, const Vec& b) { return {a.lo & ~b.lo, a.hi & ~b.hi}; }
inline bool any(const Vec& a) {
  const Words8 x = a.lo | a.hi;
  Words8 zero{};
  return std::memcmp(&x, &zero, sizeof x) != 0;
}

// Every bit |off| places towards higher (off > 0) or lower squares, 0 < |off| < 64.
inline Vec shift(const Vec& a, int off) {
  const Words8 zero{};
  if (off > 0) {
    const unsigned k = static_cast<unsigned>(off), back = 64 - k;
    const Words8 prev_lo = __builtin_shufflevector(zero, a.lo, 7, 8, 9, 10, 11, 12, 13, 14);
    const Words8 prev_hi = __builtin_shufflevector(a.lo, a.hi, 7, 8, 9, 10, 11, 12, 13, 14);
    return {(a.lo << k) | (prev_lo >> back), (a.hi << k) | (prev_hi >> back)};
  }
  const unsigned k = static_cast<unsigned>(-off), back = 64 - k;
  const Words8 next_lo = __builtin_shufflevector(a.lo, a.hi, 1, 2, 3, 4, 5, 6, 7, 8);
  const Words8 next_hi = __builtin_shufflevector(a.hi, zero, 1, 2, 3, 4, 5, 6, 7, 8);
  return {(a.lo >> k) | (next_lo << back), (a.hi >> k) | (next_hi << back)};
}

// The same directional fills as the generic legal_moves in rules.hpp.
inline WideSet legal_moves(const WideSet& me_set, const WideSet& opp_set,
                           const Geometry<WideSet>& g) {
  const Vec me = load(me_set), opp = load(opp_set);
  const Vec empty = and_not(load(g.board), me | opp);
  Vec moves{Words8{}, Words8{}};
  for (int d = 0; d < kDirections; ++d) {
    const Vec landing = load(g.landing[d]);
    const int off = g.offset[d];
    Vec run = shift(me, off) & landing & opp;
    while (any(run)) {
      const Vec next = shift(run, off) & landing;
      moves = moves | (next & empty);
      run = next & opp;
    }
  }
  return store(moves);
}

// The squares next to a member of s, in any direction.
inline WideSet neighbours(const WideSet& set, const Geometry<WideSet>& g) {
  const Vec s = load(set);
  Vec out{Words8{}, Words8{}};
  for (int d = 0; d < kDirections; ++d) out = out | (shift(s, g.offset[d]) & load(g.landing[d]));
  return store(out);
}

inline int popcount(const Vec& v) {
  const WideSet s = store(v);
  int n = 0;
  for (const std::uint64_t x : s.w) n += std::popcount(x);
  return n;
}

// What the hand evaluation counts of both sides at once, so each direction
// shifts each side's discs once for its moves and its neighbours.
struct SideCounts {
  int mobility[2];  // legal moves of me, of opp
  int frontier[2];  // empty squares next to a disc of me, of opp
};
inline SideCounts side_counts(const WideSet& me_set, const WideSet& opp_set,
                              const Geometry<WideSet>& g) {
  const Vec me = load(me_set), opp = load(opp_set);
  const Vec empty = and_not(load(g.board), me | opp);
  const Words8 zero{};
  Vec moves_me{zero, zero}, moves_opp{zero, zero}, near_me{zero, zero}, near_opp{zero, zero};
  for (int d = 0; d < kDirections; ++d) {
    const Vec landing = load(g.landing[d]);
    const int off = g.offset[d];
    const Vec me_step = shift(me, off) & landing, opp_step = shift(opp, off) & landing;
    near_me = near_me | me_step;
    near_opp = near_opp | opp_step;
    Vec run_me = me_step & opp, run_opp = opp_step & me;
    while (any(run_me | run_opp)) {
      const Vec next_me = shift(run_me, off) & landing, next_opp = shift(run_opp, off) & landing;
      moves_me = moves_me | (next_me & empty);
      moves_opp = moves_opp | (next_opp & empty);
      run_me = next_me & opp;
      run_opp = next_opp & me;
    }
  }
  return {{popcount(moves_me), popcount(moves_opp)},
          {popcount(near_me & empty), popcount(near_opp & empty)}};
}

}  // namespace flank::wide_simd
