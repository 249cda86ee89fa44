#pragma once
// Little-endian integers and the FNV-1a 64 checksum of flank's binary data
// files (the pattern weights, the Multi-ProbCut statistics).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace flank::codec {

// `h`: the checksum of the bytes before, to checksum data given in pieces.
inline std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h = 14695981039346656037ull) {
  for (unsigned char b : bytes) h = (h ^ b) * 1099511628211ull;
  return h;
}

inline void put_u32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

inline void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// The n-byte little-endian integer at `at` (the caller checks the length).
inline std::uint64_t get_le(std::string_view bytes, std::size_t at, int n) {
  std::uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

}  // namespace flank::codec
