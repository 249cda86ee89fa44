#pragma once
// A square set for boards above 8x8: up to 26*26 = 676 squares in eleven words.
// Shifts move every bit by k < 64 places across word boundaries; the rules mask
// off-board bits after each shift, so bits past the last square never matter.

#include <array>
#include <bit>
#include <cstdint>

#include "engine/board/bitset_ops.hpp"
#include "engine/board/color.hpp"

namespace flank {

struct WideSet {
  static constexpr int kWords = (kMaxSquares + 63) / 64;
  std::array<std::uint64_t, kWords> w{};

  friend bool operator==(const WideSet&, const WideSet&) = default;

  WideSet& operator&=(const WideSet& o) {
    for (int i = 0; i < kWords; ++i) w[i] &= o.w[i];
    return *this;
  }
  WideSet& operator|=(const WideSet& o) {
    for (int i = 0; i < kWords; ++i) w[i] |= o.w[i];
    return *this;
  }
  WideSet& operator^=(const WideSet& o) {
    for (int i = 0; i < kWords; ++i) w[i] ^= o.w[i];
    return *this;
  }
  friend WideSet operator&(WideSet a, const WideSet& b) { return a &= b; }
  friend WideSet operator|(WideSet a, const WideSet& b) { return a |= b; }
  friend WideSet operator^(WideSet a, const WideSet& b) { return a ^= b; }
  friend WideSet operator~(WideSet a) {
    for (auto& x : a.w) x = ~x;
    return a;
  }
  // Towards higher squares by k (0 < k < 64).
  friend WideSet operator<<(const WideSet& a, int k) {
    WideSet r;
    r.w[0] = a.w[0] << k;
    for (int i = 1; i < kWords; ++i) r.w[i] = (a.w[i] << k) | (a.w[i - 1] >> (64 - k));
    return r;
  }
  // Towards lower squares by k (0 < k < 64).
  friend WideSet operator>>(const WideSet& a, int k) {
    WideSet r;
    for (int i = 0; i + 1 < kWords; ++i) r.w[i] = (a.w[i] >> k) | (a.w[i + 1] << (64 - k));
    r.w[kWords - 1] = a.w[kWords - 1] >> k;
    return r;
  }
};

inline int popcount(const WideSet& s) {
  int n = 0;
  for (auto x : s.w) n += std::popcount(x);
  return n;
}
inline bool any(const WideSet& s) {
  std::uint64_t acc = 0;
  for (auto x : s.w) acc |= x;
  return acc != 0;
}
inline bool test(const WideSet& s, int sq) { return (s.w[sq >> 6] >> (sq & 63)) & 1u; }
inline void set_bit(WideSet& s, int sq) { s.w[sq >> 6] |= std::uint64_t{1} << (sq & 63); }

template <>
inline WideSet single<WideSet>(int sq) {
  WideSet s;
  set_bit(s, sq);
  return s;
}

template <class F>
void for_each_square(const WideSet& s, F&& f) {
  for (int i = 0; i < WideSet::kWords; ++i) {
    for (std::uint64_t x = s.w[i]; x; x &= x - 1) f(i * 64 + std::countr_zero(x));
  }
}

inline int lowest_square(const WideSet& s) {
  for (int i = 0; i < WideSet::kWords; ++i)
    if (s.w[i]) return i * 64 + std::countr_zero(s.w[i]);
  return -1;
}

}  // namespace flank
