#pragma once
// Weights as 16-bit integers (the files' units, the evaluator's fine units).

#include <cstdint>

namespace flank {

// std::lround(x) clamped to +-32767 (NaN to -32767, as lround's LONG_MIN
// clamped), for x a float times a power of two, without lround's library
// call (a weight table's million calls were a tenth of flank's start-up): such
// an x has a float's 24 bits, so adding 0.5 is exact in a double.
inline std::int16_t round_to_int16(double x) {
  if (!(x > -32767.5)) return -32767;
  if (x >= 32767.5) return 32767;
  return static_cast<std::int16_t>(static_cast<int>(x + (x >= 0 ? 0.5 : -0.5)));
}

}  // namespace flank
