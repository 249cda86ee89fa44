#pragma once
// Bit mixers shared by the transposition table, the random choices of the
// search and the book, the trainer's held-out split and flank-bench's
// random positions.
#include <cstdint>

namespace flank {

inline constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;

// The splitmix64 finaliser: every input bit reaches every output bit.
inline std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// One splitmix64 step from state x: a well-spread value even for x = 0, 1, 2...
inline std::uint64_t splitmix64(std::uint64_t x) { return mix64(x + kGoldenGamma); }

}  // namespace flank
