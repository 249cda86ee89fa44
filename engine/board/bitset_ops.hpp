#pragma once
// The few set operations the rules need, for the one-word board (uint64_t).
// The wider sets (wide_set.hpp) provide the same names, so the rules are written once.

#include <bit>
#include <cstdint>

namespace flank {

inline int popcount(std::uint64_t s) { return std::popcount(s); }
inline bool any(std::uint64_t s) { return s != 0; }
inline bool test(std::uint64_t s, int sq) { return (s >> sq) & 1u; }
inline void set_bit(std::uint64_t& s, int sq) { s |= std::uint64_t{1} << sq; }

// The set of one square (set_bit is found by argument lookup for the wider sets).
template <class Set>
Set single(int sq) {
  Set s{};
  set_bit(s, sq);
  return s;
}
template <>
inline std::uint64_t single<std::uint64_t>(int sq) {
  return std::uint64_t{1} << sq;
}

// Calls f(square) for every member, lowest square first.
template <class F>
void for_each_square(std::uint64_t s, F&& f) {
  while (s) {
    f(std::countr_zero(s));
    s &= s - 1;
  }
}

inline int lowest_square(std::uint64_t s) { return std::countr_zero(s); }

}  // namespace flank
