#pragma once
// Eight 16-bit lanes widened to eight 32-bit ones, zero- or sign-extended by
// the lanes' type. With AVX2 that is one vpmovzxwd or vpmovsxwd: GCC compiles
// __builtin_convertvector between vectors of two sizes to the two halves
// apart and a merge, four instructions (the evaluation's index conversion,
// 2026-12-07).

#include <cstring>
#include <type_traits>
#ifdef __AVX2__
#include <immintrin.h>
#endif

namespace flank {

// By reference both ways: a 32-byte vector by value has another ABI without
// AVX (GCC's -Wpsabi in the portable build).
template <class Narrow, class Wide>
[[gnu::always_inline]] inline void widen_lanes(const Narrow& from, Wide& to) {
  static_assert(sizeof(Narrow) == 16 && sizeof(Wide) == 32);
#ifdef __AVX2__
  __m128i narrow;
  std::memcpy(&narrow, &from, sizeof narrow);
  __m256i wide;
  if constexpr (std::is_signed_v<std::remove_cvref_t<decltype(from[0])>>)
    wide = _mm256_cvtepi16_epi32(narrow);
  else
    wide = _mm256_cvtepu16_epi32(narrow);
  std::memcpy(&to, &wide, sizeof to);
#else
  to = __builtin_convertvector(from, Wide);
#endif
}

}  // namespace flank
