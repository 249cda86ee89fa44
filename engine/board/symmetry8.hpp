#pragma once
// The eight symmetries of the 8x8 board on bitboards (square = row * 8 + col,
// so a row is one byte): the opening book keys positions by their least image,
// and the small-board solver (boards centred on 8x8) its table far from the end.

#include <cstdint>

namespace flank::board8 {

inline std::uint64_t flip_rows(std::uint64_t b) { return __builtin_bswap64(b); }

inline std::uint64_t flip_columns(std::uint64_t b) {
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  return ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

// Square (r, c) to (c, r): three delta swaps.
inline std::uint64_t transpose(std::uint64_t b) {
  std::uint64_t t = 0x0F0F0F0F00000000ULL & (b ^ (b << 28));
  b ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (b ^ (b << 14));
  b ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (b ^ (b << 7));
  return b ^ t ^ (t >> 7);
}

// Symmetry `which` (0..7): bit 0 flips the rows, bit 1 the columns, then bit 2
// transposes. Each step is its own inverse, so the inverse runs them backwards.
inline std::uint64_t symmetry(std::uint64_t bits, int which) {
  if (which & 1) bits = flip_rows(bits);
  if (which & 2) bits = flip_columns(bits);
  if (which & 4) bits = transpose(bits);
  return bits;
}
inline std::uint64_t inverse_symmetry(std::uint64_t bits, int which) {
  if (which & 4) bits = transpose(bits);
  if (which & 2) bits = flip_columns(bits);
  if (which & 1) bits = flip_rows(bits);
  return bits;
}

}  // namespace flank::board8
