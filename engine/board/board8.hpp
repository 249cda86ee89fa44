#pragma once
// The 8x8 fast path: constant masks, doubling fills for move generation and
// precomputed rays for branch-free flips. Square = row * 8 + col, a1 = bit 0.

#include <array>
#include <bit>
#include <cstdint>
#if defined(__AVX2__) || defined(__AVX512VL__)
#include <immintrin.h>
#endif

namespace flank::board8 {

constexpr std::uint64_t kNotEdgeCols = 0x7E7E7E7E7E7E7E7EULL;

// Opponent runs that start next to `me` and go in direction +shift (and -shift),
// extended with doubling steps: 1, 2, 4, 6 discs, the longest run on 8 columns.
inline std::uint64_t moves_along(std::uint64_t me, std::uint64_t run_mask, int shift) {
  std::uint64_t up = run_mask & (me << shift);
  std::uint64_t down = run_mask & (me >> shift);
  up |= run_mask & (up << shift);
  down |= run_mask & (down >> shift);
  const std::uint64_t pair_up = run_mask & (run_mask << shift);
  const std::uint64_t pair_down = run_mask & (run_mask >> shift);
  const int two = shift * 2;
  up |= pair_up & (up << two);
  down |= pair_down & (down >> two);
  up |= pair_up & (up << two);
  down |= pair_down & (down >> two);
  return (up << shift) | (down >> shift);
}

#ifdef __AVX2__
// The four 64-bit lanes of v or-ed into one word.
inline std::uint64_t or_of_lanes(__m256i v) {
  const __m128i half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return static_cast<std::uint64_t>(
      _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))));
}

// moves_along for the four shifts at once, one 64-bit lane each.
inline std::uint64_t legal_moves(std::uint64_t me, std::uint64_t opp) {
  const __m256i shift = _mm256_set_epi64x(9, 7, 8, 1);
  const __m256i shift2 = _mm256_add_epi64(shift, shift);
  const __m256i mine = _mm256_set1_epi64x(static_cast<long long>(me));
  const __m256i run = _mm256_and_si256(
      _mm256_set1_epi64x(static_cast<long long>(opp)),
      _mm256_set_epi64x(static_cast<long long>(kNotEdgeCols), static_cast<long long>(kNotEdgeCols),
                        -1, static_cast<long long>(kNotEdgeCols)));
  __m256i up = _mm256_and_si256(run, _mm256_sllv_epi64(mine, shift));
  __m256i down = _mm256_and_si256(run, _mm256_srlv_epi64(mine, shift));
  up = _mm256_or_si256(up, _mm256_and_si256(run, _mm256_sllv_epi64(up, shift)));
  down = _mm256_or_si256(down, _mm256_and_si256(run, _mm256_srlv_epi64(down, shift)));
  const __m256i pair_up = _mm256_and_si256(run, _mm256_sllv_epi64(run, shift));
  const __m256i pair_down = _mm256_srlv_epi64(pair_up, shift);
  up = _mm256_or_si256(up, _mm256_and_si256(pair_up, _mm256_sllv_epi64(up, shift2)));
  down = _mm256_or_si256(down, _mm256_and_si256(pair_down, _mm256_srlv_epi64(down, shift2)));
  up = _mm256_or_si256(up, _mm256_and_si256(pair_up, _mm256_sllv_epi64(up, shift2)));
  down = _mm256_or_si256(down, _mm256_and_si256(pair_down, _mm256_srlv_epi64(down, shift2)));
  const __m256i m = _mm256_or_si256(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));
  return or_of_lanes(m) & ~(me | opp);
}
#else
inline std::uint64_t legal_moves(std::uint64_t me, std::uint64_t opp) {
  const std::uint64_t inner = opp & kNotEdgeCols;
  const std::uint64_t m = moves_along(me, inner, 1) | moves_along(me, opp, 8) |
                          moves_along(me, inner, 7) | moves_along(me, inner, 9);
  return m & ~(me | opp);
}
#endif

struct Rays {
  // rays[sq][d]: squares from sq (exclusive) to the edge in direction d.
  // Directions 0-3 go towards higher squares, 4-7 towards lower squares.
  // A square's eight rays fill one cache line (and two 256-bit loads).
  alignas(64) std::array<std::array<std::uint64_t, 8>, 64> rays{};
  constexpr Rays() {
    constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    constexpr int dc[8] = {1, -1, 0, 1, -1, 1, 0, -1};
    for (int sq = 0; sq < 64; ++sq) {
      for (int d = 0; d < 8; ++d) {
        int r = sq / 8 + dr[d], c = sq % 8 + dc[d];
        std::uint64_t ray = 0;
        while (r >= 0 && r < 8 && c >= 0 && c < 8) {
          ray |= std::uint64_t{1} << (r * 8 + c);
          r += dr[d];
          c += dc[d];
        }
        rays[sq][d] = ray;
      }
    }
  }
};
inline constexpr Rays kRays{};

// Discs flipped by `me` playing on empty square sq (0 if the move is illegal),
// computed three ways: flips() takes the fastest the CPU has, and the tests
// check every one that this build compiles against a square-by-square walk.

#if defined(__AVX512VL__) && defined(__AVX512CD__)
#define FLANK_FLIPS_AVX512 1
// The eight rays in two vectors, the nearest non-opponent square of each found
// at once (lowest bit upwards, by leading zeros downwards), the runs before an
// own disc kept. About 4x faster than the scalar loop below (flips is called
// at every node).
inline std::uint64_t flips_avx512(std::uint64_t me, std::uint64_t opp, int sq) {
  const auto* ray = kRays.rays[sq].data();
  const __m256i mine = _mm256_set1_epi64x(static_cast<long long>(me));
  const __m256i theirs = _mm256_set1_epi64x(static_cast<long long>(opp));
  const __m256i one = _mm256_set1_epi64x(1);
  const __m256i up = _mm256_load_si256(reinterpret_cast<const __m256i*>(ray));
  const __m256i down = _mm256_load_si256(reinterpret_cast<const __m256i*>(ray + 4));
  const __m256i up_blockers = _mm256_andnot_si256(theirs, up);
  const __m256i down_blockers = _mm256_andnot_si256(theirs, down);
  const __m256i up_nearest =
      _mm256_and_si256(up_blockers, _mm256_sub_epi64(_mm256_setzero_si256(), up_blockers));
  // No blocker: 64 leading zeros shift the bit out (0), which no own disc matches.
  const __m256i down_nearest =
      _mm256_srlv_epi64(_mm256_set1_epi64x(static_cast<long long>(std::uint64_t{1} << 63)),
                        _mm256_lzcnt_epi64(down_blockers));
  const __m256i up_between = _mm256_and_si256(up, _mm256_sub_epi64(up_nearest, one));
  const __m256i down_between = _mm256_andnot_si256(
      _mm256_sub_epi64(_mm256_add_epi64(down_nearest, down_nearest), one), down);
  const __m256i f = _mm256_or_si256(
      _mm256_maskz_mov_epi64(_mm256_test_epi64_mask(up_nearest, mine), up_between),
      _mm256_maskz_mov_epi64(_mm256_test_epi64_mask(down_nearest, mine), down_between));
  return or_of_lanes(f);
}
#endif

#if defined(__AVX2__)
#define FLANK_FLIPS_AVX2 1
// The same with AVX2 alone (no leading-zero count, no mask registers): the
// rays towards higher squares find their nearest non-opponent square as the
// lowest bit; the rays towards lower squares grow the opponent run next to sq
// by doubling steps, as moves_along does. Each run is kept when the square
// after it, on its ray, is an own disc.
inline std::uint64_t flips_avx2(std::uint64_t me, std::uint64_t opp, int sq) {
  const auto* ray = kRays.rays[sq].data();
  const __m256i step = _mm256_set_epi64x(9, 8, 7, 1);  // the directions' order in Rays
  const __m256i step2 = _mm256_add_epi64(step, step);
  const __m256i zero = _mm256_setzero_si256();
  const __m256i mine = _mm256_set1_epi64x(static_cast<long long>(me));
  const __m256i theirs = _mm256_set1_epi64x(static_cast<long long>(opp));
  const __m256i up = _mm256_load_si256(reinterpret_cast<const __m256i*>(ray));
  const __m256i down = _mm256_load_si256(reinterpret_cast<const __m256i*>(ray + 4));
  // Upwards: the squares before the nearest blocker, kept if it is ours.
  const __m256i up_blockers = _mm256_andnot_si256(theirs, up);
  const __m256i up_nearest = _mm256_and_si256(up_blockers, _mm256_sub_epi64(zero, up_blockers));
  const __m256i up_between =
      _mm256_and_si256(up, _mm256_sub_epi64(up_nearest, _mm256_set1_epi64x(1)));
  const __m256i up_flips =
      _mm256_andnot_si256(_mm256_cmpeq_epi64(_mm256_and_si256(up_nearest, mine), zero), up_between);
  // Downwards: the opponent run from sq, 1, 2, 4 then 6 squares long at most.
  const __m256i run_mask = _mm256_and_si256(theirs, down);
  const __m256i from = _mm256_set1_epi64x(static_cast<long long>(std::uint64_t{1} << sq));
  __m256i run = _mm256_and_si256(run_mask, _mm256_srlv_epi64(from, step));
  run = _mm256_or_si256(run, _mm256_and_si256(run_mask, _mm256_srlv_epi64(run, step)));
  const __m256i pair = _mm256_and_si256(run_mask, _mm256_srlv_epi64(run_mask, step));
  run = _mm256_or_si256(run, _mm256_and_si256(pair, _mm256_srlv_epi64(run, step2)));
  run = _mm256_or_si256(run, _mm256_and_si256(pair, _mm256_srlv_epi64(run, step2)));
  const __m256i after =
      _mm256_and_si256(_mm256_and_si256(_mm256_srlv_epi64(run, step), down), mine);
  const __m256i down_flips = _mm256_andnot_si256(_mm256_cmpeq_epi64(after, zero), run);
  const __m256i f = _mm256_or_si256(up_flips, down_flips);
  return or_of_lanes(f);
}
#endif

// One ray at a time, for any CPU.
inline std::uint64_t flips_scalar(std::uint64_t me, std::uint64_t opp, int sq) {
  const auto& ray = kRays.rays[sq];
  std::uint64_t f = 0;
  for (int d = 0; d < 4; ++d) {  // nearest blocker is the lowest bit
    const std::uint64_t blockers = ray[d] & ~opp;
    const std::uint64_t nearest = blockers & (0 - blockers);
    const std::uint64_t between = (nearest - 1) & ray[d];
    f |= between & (0 - static_cast<std::uint64_t>((nearest & me) != 0));
  }
  for (int d = 4; d < 8; ++d) {  // nearest blocker is the highest bit
    const std::uint64_t blockers = ray[d] & ~opp;
    const std::uint64_t nearest = (std::uint64_t{1} << 63) >> std::countl_zero(blockers | 1);
    const std::uint64_t between = ray[d] & ~((nearest << 1) - 1);
    // With no blocker `nearest` is a1, which is then either off this ray or the opponent's.
    f |= between & (0 - static_cast<std::uint64_t>((nearest & me & ray[d]) != 0));
  }
  return f;
}

inline std::uint64_t flips(std::uint64_t me, std::uint64_t opp, int sq) {
#if defined(FLANK_FLIPS_AVX512)
  return flips_avx512(me, opp, sq);
#elif defined(FLANK_FLIPS_AVX2)
  return flips_avx2(me, opp, sq);
#else
  return flips_scalar(me, opp, sq);
#endif
}

}  // namespace flank::board8
