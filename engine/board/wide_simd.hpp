#pragma once
// Vector versions of the whole-board operations the search repeats most on
// boards above 128 squares (legal moves, neighbours, the evaluation's mobility
// and frontier counts; on a Set256 with AVX-512 the neighbours only). The words of a WideSet (or a
// Set256 or Set512) that the board uses sit in one vector of 4, 8 or 16 words (GCC/Clang vector
// extensions): 16x16 fits 4 words, 22x22 8, 26x26 16, in as many of the build's registers as it
// takes (Vec below). A shift across word boundaries is then a lane rotation and two shifts a
// register instead of a loop over eleven words.

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>
#if defined(__AVX__) || defined(__SSE4_1__)
#include <immintrin.h>
#endif

#include "engine/board/geometry.hpp"
#include "engine/board/register_words.hpp"

namespace flank::wide_simd {

static_assert(WideSet::kWords > 8 && WideSet::kWords <= 16);

// Two directions a vector on four words (set256_simd.hpp) pays only with
// eight-word registers (AVX-512): with four-word ones (AVX2) its eight-word
// vectors are two registers each, and it took 1.6-1.8x the CPU time of this
// file's loop a direction (12x12 and 16x16 midgame, docs/experiments.md,
// 2026-12-07).
inline constexpr bool kDirectionPairs = kRegisterWords >= 8;

using Words2 = std::uint64_t __attribute__((vector_size(16)));
using Words4 = std::uint64_t __attribute__((vector_size(32)));
using Words8 = std::uint64_t __attribute__((vector_size(64)));

// No function here takes or returns a bare 64-byte vector, and a Vec goes
// by reference: without AVX-512 such a signature has another ABI than with
// it, which GCC reports (-Wpsabi). Everything is inlined anyway.

template <int R>
struct WordsOf;
template <>
struct WordsOf<2> {
  using type = Words2;
};
template <>
struct WordsOf<4> {
  using type = Words4;
};
template <>
struct WordsOf<8> {
  using type = Words8;
};

// L words (4 or 8) in one vector, for registers at least that wide.
template <int L>
struct Whole {
  using Words = typename WordsOf<L>::type;
  Words v;

  template <int N>
  static Whole load(const WordSet<N>& s) {
    Whole r{Words{}};
    std::memcpy(&r.v, s.w.data(), (L < N ? L : N) * sizeof(std::uint64_t));
    return r;
  }
  template <int N>
  WordSet<N> store() const {
    WordSet<N> s;
    std::memcpy(s.w.data(), &v, (L < N ? L : N) * sizeof(std::uint64_t));
    return s;
  }
  friend Whole operator&(const Whole& a, const Whole& b) { return {a.v & b.v}; }
  friend Whole operator|(const Whole& a, const Whole& b) { return {a.v | b.v}; }
  friend Whole and_not(const Whole& a, const Whole& b) { return {a.v & ~b.v}; }
  // memcmp of four words compiles to one vector test; of eight it stored the
  // vector and reloaded it word by word, so eight are first OR-ed to four.
  bool any() const {
    Words4 four;
    if constexpr (L == 4)
      four = v;
    else
      four = __builtin_shufflevector(v, v, 0, 1, 2, 3) | __builtin_shufflevector(v, v, 4, 5, 6, 7);
    const Words4 zero{};
    return std::memcmp(&four, &zero, sizeof four) != 0;
  }
  int popcount() const {
    std::uint64_t w[L];
    std::memcpy(w, &v, sizeof w);
    int n = 0;
    for (const std::uint64_t x : w) n += std::popcount(x);
    return n;
  }

  // Every bit |off| places towards higher (off > 0) or lower squares, 0 < |off| < 64.
  // Word i - 1 (or i + 1) moves to lane i, a zero word comes in at the end.
  Whole shift(int off) const {
    const Words zero{};
    if (off > 0) {
      const unsigned k = static_cast<unsigned>(off);
      Words previous;
      if constexpr (L == 4)
        previous = __builtin_shufflevector(zero, v, 3, 4, 5, 6);
      else
        previous = __builtin_shufflevector(zero, v, 7, 8, 9, 10, 11, 12, 13, 14);
      return {(v << k) | (previous >> (64 - k))};
    }
    const unsigned k = static_cast<unsigned>(-off);
    Words next;
    if constexpr (L == 4)
      next = __builtin_shufflevector(v, zero, 1, 2, 3, 4);
    else
      next = __builtin_shufflevector(v, zero, 1, 2, 3, 4, 5, 6, 7, 8);
    return {(v >> k) | (next << (64 - k))};
  }
};

// Sixteen words in two eight-word vectors, for AVX-512 (one 16-word vector
// compiles to worse code).
struct TwoEights {
  Words8 lo, hi;

  template <int N>
  static TwoEights load(const WordSet<N>& s) {
    static_assert(N == WideSet::kWords);
    TwoEights r{Words8{}, Words8{}};
    std::memcpy(&r.lo, s.w.data(), sizeof r.lo);
    std::memcpy(&r.hi, s.w.data() + 8, (WideSet::kWords - 8) * sizeof(std::uint64_t));
    return r;
  }
  template <int N>
  WordSet<N> store() const {
    static_assert(N == WideSet::kWords);
    WideSet s;
    std::memcpy(s.w.data(), &lo, sizeof lo);
    std::memcpy(s.w.data() + 8, &hi, (WideSet::kWords - 8) * sizeof(std::uint64_t));
    return s;
  }
  friend TwoEights operator&(const TwoEights& a, const TwoEights& b) {
    return {a.lo & b.lo, a.hi & b.hi};
  }
  friend TwoEights operator|(const TwoEights& a, const TwoEights& b) {
    return {a.lo | b.lo, a.hi | b.hi};
  }
  friend TwoEights and_not(const TwoEights& a, const TwoEights& b) {
    return {a.lo & ~b.lo, a.hi & ~b.hi};
  }
  bool any() const { return Whole<8>{lo | hi}.any(); }
  int popcount() const { return Whole<8>{lo}.popcount() + Whole<8>{hi}.popcount(); }
  TwoEights shift(int off) const {
    if (off > 0) {
      const unsigned k = static_cast<unsigned>(off), back = 64 - k;
      // hi's previous words: lo's last word, then hi's own.
      const Words8 hi_prev = __builtin_shufflevector(lo, hi, 7, 8, 9, 10, 11, 12, 13, 14);
      const Words8 lo_prev = __builtin_shufflevector(Words8{}, lo, 7, 8, 9, 10, 11, 12, 13, 14);
      return {(lo << k) | (lo_prev >> back), (hi << k) | (hi_prev >> back)};
    }
    const unsigned k = static_cast<unsigned>(-off), back = 64 - k;
    // lo's next words: its own, then hi's first.
    const Words8 lo_next = __builtin_shufflevector(lo, hi, 1, 2, 3, 4, 5, 6, 7, 8);
    const Words8 hi_next = __builtin_shufflevector(hi, Words8{}, 1, 2, 3, 4, 5, 6, 7, 8);
    return {(lo >> k) | (lo_next << back), (hi >> k) | (hi_next << back)};
  }
};

// L words (4, 8 or 16) as pieces of the build's register width, for vectors
// wider than the registers: every piece is one register. Such a vector left
// to the compiler went through the stack for its lane shuffles (with AVX2 a
// 20x20 search took 2.6x the time, 26x26 4x; docs/experiments.md,
// 2026-12-07). For a vector that fits one register the single-vector code
// above measured faster (16x16: 0.72x the time of one piece).
template <int L>
struct Pieces {
  static constexpr int R = kRegisterWords;
  static_assert(L > R && R <= 4);
  static constexpr int kPieces = L / R;
  using Piece = typename WordsOf<R>::type;
  Piece p[kPieces];

  template <int N>
  static Pieces load(const WordSet<N>& s) {
    Pieces r{};
    std::memcpy(r.p, s.w.data(), (L < N ? L : N) * sizeof(std::uint64_t));
    return r;
  }
  template <int N>
  WordSet<N> store() const {
    WordSet<N> s{};
    std::memcpy(s.w.data(), p, (L < N ? L : N) * sizeof(std::uint64_t));
    return s;
  }
  friend Pieces operator&(const Pieces& a, const Pieces& b) {
    Pieces r;
    for (int i = 0; i < kPieces; ++i) r.p[i] = a.p[i] & b.p[i];
    return r;
  }
  friend Pieces operator|(const Pieces& a, const Pieces& b) {
    Pieces r;
    for (int i = 0; i < kPieces; ++i) r.p[i] = a.p[i] | b.p[i];
    return r;
  }
  friend Pieces and_not(const Pieces& a, const Pieces& b) {
    Pieces r;
    for (int i = 0; i < kPieces; ++i) r.p[i] = a.p[i] & ~b.p[i];
    return r;
  }
  // The pieces OR-ed to one, then one vector test where the build has one (a
  // memcmp of a piece here compiled to word loads and ORs on the stack).
  bool any() const {
    Piece x = p[0];
    for (int i = 1; i < kPieces; ++i) x |= p[i];
    return nonzero(x);
  }
  int popcount() const {
    std::uint64_t w[L];
    std::memcpy(w, p, sizeof w);
    int n = 0;
    for (const std::uint64_t x : w) n += std::popcount(x);
    return n;
  }

  // Every bit |off| places towards higher (off > 0) or lower squares, 0 < |off| < 64.
  // Word i - 1 (or i + 1) moves to lane i, a zero word comes in at the end.
  Pieces shift(int off) const {
    Pieces r;
    const Piece zero{};
    if (off > 0) {
      const unsigned k = static_cast<unsigned>(off);
      for (int i = 0; i < kPieces; ++i) {
        const Piece previous = last_then_first(i == 0 ? zero : p[i - 1], p[i]);
        r.p[i] = (p[i] << k) | (previous >> (64 - k));
      }
    } else {
      const unsigned k = static_cast<unsigned>(-off);
      for (int i = 0; i < kPieces; ++i) {
        const Piece next = rest_then_first(p[i], i + 1 == kPieces ? zero : p[i + 1]);
        r.p[i] = (p[i] >> k) | (next << (64 - k));
      }
    }
    return r;
  }

 private:
  static bool nonzero(const Words2& x) {
#if defined(__SSE4_1__)
    return !_mm_testz_si128(__m128i(x), __m128i(x));
#else
    const Words2 zero{};
    return std::memcmp(&x, &zero, sizeof x) != 0;
#endif
  }
  static bool nonzero(const Words4& x) {
#if defined(__AVX__)
    return !_mm256_testz_si256(__m256i(x), __m256i(x));
#else
    const Words4 zero{};
    return std::memcmp(&x, &zero, sizeof x) != 0;
#endif
  }
  // Pieces of eight words are never made (an AVX-512 build keeps sixteen words
  // as TwoEights), but the test must exist for any() to compile there.
  static bool nonzero(const Words8& x) {
#if defined(__AVX512F__)
    return _mm512_test_epi64_mask(__m512i(x), __m512i(x)) != 0;
#else
    const Words8 zero{};
    return std::memcmp(&x, &zero, sizeof x) != 0;
#endif
  }
  // a's last word, then b's words but its last.
  static Words2 last_then_first(const Words2& a, const Words2& b) {
    return __builtin_shufflevector(a, b, 1, 2);
  }
  static Words4 last_then_first(const Words4& a, const Words4& b) {
    return __builtin_shufflevector(a, b, 3, 4, 5, 6);
  }
  // a's words but its first, then b's first word.
  static Words2 rest_then_first(const Words2& a, const Words2& b) {
    return __builtin_shufflevector(a, b, 1, 2);
  }
  static Words4 rest_then_first(const Words4& a, const Words4& b) {
    return __builtin_shufflevector(a, b, 1, 2, 3, 4);
  }
};

// The vector of L words for this build: one register where it fits, two
// eight-word vectors for sixteen words with AVX-512 (as measured there on
// 2026-12-06), register-sized pieces otherwise.
template <int L>
using Vec =
    std::conditional_t<(L <= kRegisterWords), Whole<L>,
                       std::conditional_t<(L == 16 && kRegisterWords == 8), TwoEights, Pieces<L>>>;

// Calls f.template operator()<L>() with the fewest lanes that hold the board
// (a set of N words holds no more than N words' squares).
template <int N, class F>
decltype(auto) with_lanes(int squares, F&& f) {
  if constexpr (N <= 4) {
    return f.template operator()<4>();
  } else if constexpr (N <= 8) {
    return f.template operator()<8>();
  } else {
    if (squares <= 256) return f.template operator()<4>();
    if (squares <= 512) return f.template operator()<8>();
    return f.template operator()<16>();
  }
}

// The same directional fills as the generic legal_moves in rules.hpp.
template <int N>
WordSet<N> legal_moves(const WordSet<N>& me_set, const WordSet<N>& opp_set,
                       const Geometry<WordSet<N>>& g) {
  return with_lanes<N>(g.squares(), [&]<int L>() {
    using V = Vec<L>;
    const V me = V::load(me_set), opp = V::load(opp_set);
    const V empty = and_not(V::load(g.board), me | opp);
    V moves{};
    for (int d = 0; d < kDirections; ++d) {
      const V landing = V::load(g.landing[d]);
      const int off = g.offset[d];
      V run = me.shift(off) & landing & opp;
      // Two steps a test: the test and its branch, which the next step waits
      // on, cost more than a step taken after the runs have ended.
      const auto extend = [&] {
        const V next = run.shift(off) & landing;
        moves = moves | (next & empty);
        run = next & opp;
      };
      do {
        extend();
        extend();
      } while (run.any());
    }
    return moves.template store<N>();
  });
}

// The squares next to a member of s, in any direction.
template <int N>
WordSet<N> neighbours(const WordSet<N>& set, const Geometry<WordSet<N>>& g) {
  return with_lanes<N>(g.squares(), [&]<int L>() {
    using V = Vec<L>;
    const V s = V::load(set);
    V out{};
    for (int d = 0; d < kDirections; ++d)
      out = out | (s.shift(g.offset[d]) & V::load(g.landing[d]));
    return out.template store<N>();
  });
}

// What the hand evaluation counts of both sides at once, so each direction
// shifts each side's discs once for its moves and its neighbours.
struct SideCounts {
  int mobility[2];  // legal moves of me, of opp
  int frontier[2];  // empty squares next to a disc of me, of opp
};
template <int N>
SideCounts side_counts(const WordSet<N>& me_set, const WordSet<N>& opp_set,
                       const Geometry<WordSet<N>>& g) {
  return with_lanes<N>(g.squares(), [&]<int L>() {
    using V = Vec<L>;
    const V me = V::load(me_set), opp = V::load(opp_set);
    const V empty = and_not(V::load(g.board), me | opp);
    V moves_me{}, moves_opp{}, near_me{}, near_opp{};
    for (int d = 0; d < kDirections; ++d) {
      const V landing = V::load(g.landing[d]);
      const int off = g.offset[d];
      const V me_step = me.shift(off) & landing, opp_step = opp.shift(off) & landing;
      near_me = near_me | me_step;
      near_opp = near_opp | opp_step;
      V run_me = me_step & opp, run_opp = opp_step & me;
      // Two steps a test, as in legal_moves.
      const auto extend = [&] {
        const V next_me = run_me.shift(off) & landing, next_opp = run_opp.shift(off) & landing;
        moves_me = moves_me | (next_me & empty);
        moves_opp = moves_opp | (next_opp & empty);
        run_me = next_me & opp;
        run_opp = next_opp & me;
      };
      do {
        extend();
        extend();
      } while ((run_me | run_opp).any());
    }
    return SideCounts{{moves_me.popcount(), moves_opp.popcount()},
                      {(near_me & empty).popcount(), (near_opp & empty).popcount()}};
  });
}

}  // namespace flank::wide_simd
