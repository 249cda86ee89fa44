#pragma once
// Square sets for boards above 8x8, in N 64-bit words: WideSet (eleven)
// holds up to 26*26 = 676 squares, Set128 (two) up to 128 (10x10, 8x12...),
// Set256 (four) up to 256 (12x12 to 16x16) and Set512 (eight, one AVX-512
// register) up to 512 (18x18 to 22x22); fewer words make every set
// operation of the search cheaper. Shifts move every bit by k < 64 places
// across word boundaries; the rules mask off-board bits after each shift, so
// bits past the last square never matter.

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

#include "engine/board/bitset_ops.hpp"
#include "engine/board/color.hpp"

namespace flank {

template <int N>
struct WordSet {
  static constexpr int kWords = N;
  std::array<std::uint64_t, N> w{};

  friend bool operator==(const WordSet&, const WordSet&) = default;

  WordSet& operator&=(const WordSet& o) { return *this = *this & o; }
  WordSet& operator|=(const WordSet& o) { return *this = *this | o; }
  WordSet& operator^=(const WordSet& o) { return *this = *this ^ o; }
  // Each result built word by word from references: with a copied operand
  // GCC vectorised these through the stack with AVX2 (halves stored, the whole
  // vector loaded: a failed store forwarding, 17% of flips_by_rays<4>).
  friend WordSet operator&(const WordSet& a, const WordSet& b) {
    WordSet r;
    for (int i = 0; i < N; ++i) r.w[i] = a.w[i] & b.w[i];
    return r;
  }
  friend WordSet operator|(const WordSet& a, const WordSet& b) {
    WordSet r;
    for (int i = 0; i < N; ++i) r.w[i] = a.w[i] | b.w[i];
    return r;
  }
  friend WordSet operator^(const WordSet& a, const WordSet& b) {
    WordSet r;
    for (int i = 0; i < N; ++i) r.w[i] = a.w[i] ^ b.w[i];
    return r;
  }
  friend WordSet operator~(const WordSet& a) {
    WordSet r;
    for (int i = 0; i < N; ++i) r.w[i] = ~a.w[i];
    return r;
  }
  // Towards higher squares by k (0 < k < 64).
  friend WordSet operator<<(const WordSet& a, int k) {
    WordSet r;
    r.w[0] = a.w[0] << k;
    for (int i = 1; i < N; ++i) r.w[i] = (a.w[i] << k) | (a.w[i - 1] >> (64 - k));
    return r;
  }
  // Towards lower squares by k (0 < k < 64).
  friend WordSet operator>>(const WordSet& a, int k) {
    WordSet r;
    for (int i = 0; i + 1 < N; ++i) r.w[i] = (a.w[i] >> k) | (a.w[i + 1] << (64 - k));
    r.w[N - 1] = a.w[N - 1] >> k;
    return r;
  }
};

using WideSet = WordSet<(kMaxSquares + 63) / 64>;
using Set128 = WordSet<2>;
using Set256 = WordSet<4>;
using Set512 = WordSet<8>;

// The narrowest set that holds a board of `squares` squares: calls
// f.template operator()<Set>() with uint64_t, Set128, Set256, Set512 or WideSet.
template <class F>
decltype(auto) with_narrowest_set(int squares, F&& f) {
  if (squares <= 64) return f.template operator()<std::uint64_t>();
  if (squares <= 128) return f.template operator()<Set128>();
  if (squares <= 256) return f.template operator()<Set256>();
  if (squares <= 512) return f.template operator()<Set512>();
  return f.template operator()<WideSet>();
}

// Which code serves a set: flips from the geometry's rays (ray_flips.hpp) on
// two and four words; the vectors that fill one direction at a time
// (wide_simd.hpp) from four words up (on four, in builds with AVX-512, only the
// neighbours: there its legal moves and counts fill two directions a vector,
// set256_simd.hpp).
template <class Set>
inline constexpr bool kFlipsByRays = std::is_same_v<Set, Set128> || std::is_same_v<Set, Set256>;
template <class Set>
inline constexpr bool kWideSimd =
    std::is_same_v<Set, Set256> || std::is_same_v<Set, Set512> || std::is_same_v<Set, WideSet>;

// The same squares in a set of another width (the wider one's extra words empty).
template <int To, int From>
WordSet<To> resize(const WordSet<From>& s) {
  WordSet<To> r;
  for (int i = 0; i < (To < From ? To : From); ++i) r.w[i] = s.w[i];
  return r;
}

template <int N>
int popcount(const WordSet<N>& s) {
  int n = 0;
  for (auto x : s.w) n += std::popcount(x);
  return n;
}
template <int N>
bool any(const WordSet<N>& s) {
  std::uint64_t acc = 0;
  for (auto x : s.w) acc |= x;
  return acc != 0;
}
template <int N>
bool test(const WordSet<N>& s, int sq) {
  return (s.w[sq >> 6] >> (sq & 63)) & 1u;
}
template <int N>
void set_bit(WordSet<N>& s, int sq) {
  s.w[sq >> 6] |= std::uint64_t{1} << (sq & 63);
}

template <int N, class F>
void for_each_square(const WordSet<N>& s, F&& f) {
  for (int i = 0; i < N; ++i) {
    for (std::uint64_t x = s.w[i]; x; x &= x - 1) f(i * 64 + std::countr_zero(x));
  }
}

template <int N>
int lowest_square(const WordSet<N>& s) {
  for (int i = 0; i < N; ++i)
    if (s.w[i]) return i * 64 + std::countr_zero(s.w[i]);
  return -1;
}

}  // namespace flank
