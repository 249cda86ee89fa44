#pragma once
// Little-endian integers and the FNV-1a 64 checksum of flank's binary data
// files (the pattern weights, the Multi-ProbCut statistics).

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
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

// The frame every flank data file shares: an 8-byte magic first, the FNV-1a
// 64 checksum of every byte before it last. `fail(why)` makes the exception
// thrown, naming the file.
template <class Fail>
void check_magic(std::string_view bytes, std::string_view magic, const char* kind, Fail&& fail) {
  if (bytes.empty()) throw fail("is empty");
  if (bytes.substr(0, magic.size()) != magic)
    throw fail(std::string("not a flank ") + kind + " file (no " + std::string(magic) + " header)");
}

// The file is `expected` bytes long and its checksum holds.
template <class Fail>
void check_length_and_checksum(std::string_view bytes, std::size_t expected, Fail&& fail) {
  if (bytes.size() < expected)
    throw fail("truncated (" + std::to_string(bytes.size()) + " of " + std::to_string(expected) +
               " bytes)");
  if (bytes.size() > expected)
    throw fail("has " + std::to_string(bytes.size() - expected) + " unexpected trailing bytes");
  if (get_le(bytes, expected - 8, 8) != fnv1a64(bytes.substr(0, expected - 8)))
    throw fail("checksum mismatch (the file is corrupt)");
}

inline void put_varint(std::string& out, std::uint32_t v) {
  char bytes[5];  // one append a number, not one a byte (a weights file has a million)
  int n = 0;
  for (; v >= 0x80; v >>= 7) bytes[n++] = static_cast<char>((v & 0x7F) | 0x80);
  bytes[n++] = static_cast<char>(v);
  out.append(bytes, static_cast<std::size_t>(n));
}

// Small signed integers, mostly zero (trained weights): a non-zero value is
// the varint of its zigzag code; byte 0 starts a run of zeros whose length - 1
// follows as a varint.
template <class T>
void put_zero_runs(std::string& out, std::span<const T> values) {
  out.reserve(out.size() + values.size());  // about a byte a value
  for (std::size_t i = 0; i < values.size();) {
    const std::int32_t v = values[i];
    if (v != 0) {
      put_varint(out, (static_cast<std::uint32_t>(v) << 1) ^ static_cast<std::uint32_t>(v >> 31));
      ++i;
      continue;
    }
    std::size_t run = 0;
    while (i < values.size() && values[i] == 0) ++i, ++run;
    out += '\0';
    put_varint(out, static_cast<std::uint32_t>(run - 1));
  }
}

// Reads put_zero_runs' bytes back into exactly values.size() integers, each
// within +-limit (else "an entry out of range"), straight into the caller's
// integer type; throws std::runtime_error with a bare message (the caller
// names the file).
template <class T>
void get_zero_runs(std::string_view bytes, std::span<T> values, std::int64_t limit) {
  std::size_t at = 0;
  const auto varint = [&] {
    std::uint32_t v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (at >= bytes.size()) throw std::runtime_error("payload ends inside a number");
      const auto b = static_cast<unsigned char>(bytes[at++]);
      v |= static_cast<std::uint32_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    throw std::runtime_error("payload has an over-long number");
  };
  for (std::size_t i = 0; i < values.size();) {
    const std::uint32_t code = varint();
    if (code != 0) {
      const auto v = static_cast<std::int32_t>((code >> 1) ^ (0u - (code & 1)));
      if (v < -limit || v > limit) throw std::runtime_error("an entry out of range");
      values[i++] = static_cast<T>(v);
      continue;
    }
    const std::uint64_t run = std::uint64_t{varint()} + 1;
    if (run > values.size() - i) throw std::runtime_error("zero run past the last value");
    for (std::uint64_t k = 0; k < run; ++k) values[i++] = 0;
  }
  if (at != bytes.size()) throw std::runtime_error("payload longer than its values");
}
inline void get_zero_runs(std::string_view bytes, std::span<std::int32_t> values) {
  get_zero_runs(bytes, values, std::int64_t{1} << 31);
}

}  // namespace flank::codec
