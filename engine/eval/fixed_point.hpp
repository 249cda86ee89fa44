#pragma once
// Weights as 16-bit integers (the files' units, the evaluator's fine units).

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace flank {

// x rounded half away from zero (std::lround's value wherever lround is
// defined) and clamped to +-32767, NaN to -32767, for x a float times a power
// of two, without lround's library call (a weight table's million calls were
// a tenth of flank's start-up): such an x has a float's 24 bits, so adding 0.5
// is exact in a double.
inline std::int16_t round_to_int16(double x) {
  if (!(x > -32767.5)) return -32767;
  if (x >= 32767.5) return 32767;
  return static_cast<std::int16_t>(static_cast<int>(x + (x >= 0 ? 0.5 : -0.5)));
}

// round_to_int16(from[i] * scale) for n floats (scale a power of two), four
// at a time in vectors: the evaluator rounds 61 phases of 113,945 weights
// at start-up, where one at a time they were half of its build.
inline void round_to_int16(const float* from, std::size_t n, double scale, std::int16_t* out) {
  using D4 = double __attribute__((vector_size(32)));
  using F4 = float __attribute__((vector_size(16)));
  using I4 = std::int32_t __attribute__((vector_size(16)));
  using L4 = std::int64_t __attribute__((vector_size(32)));
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    F4 f;
    std::memcpy(&f, from + i, sizeof f);
    D4 x = __builtin_convertvector(f, D4) * scale;
    const L4 low = x > -32767.5, high = x >= 32767.5;  // NaN is neither: lowest
    x = low ? x : D4{} - 32767.0;
    x = high ? D4{} + 32767.0 : x;
    x += x >= 0 ? D4{} + 0.5 : D4{} - 0.5;
    const I4 v = __builtin_convertvector(x, I4);  // truncates, as the scalar cast
    for (int k = 0; k < 4; ++k) out[i + k] = static_cast<std::int16_t>(v[k]);
  }
  for (; i < n; ++i) out[i] = round_to_int16(static_cast<double>(from[i]) * scale);
}

}  // namespace flank
