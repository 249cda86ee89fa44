#pragma once
// The discs a move flips on the two- and four-word sets (boards of 65 to 256
// squares), by each direction's ray from the square played to the edge, which
// the geometry keeps: the first square on the ray that is not the opponent's
// is the ray's lowest member for the directions that step towards higher
// squares (geometry.hpp's even ones) and its highest for the others; the
// opponent's discs before it flip when it is the mover's. No loop over the
// run's length, and no shift of the whole set.

#include <bit>
#include <cstdint>

#include "engine/board/geometry.hpp"

namespace flank {
namespace ray_detail {

// The squares below k (k in 0 .. 64 * N).
template <int N>
WordSet<N> below(int k) {
  WordSet<N> s;
  const int word = k >> 6;
  for (int i = 0; i < N; ++i)
    s.w[i] = i < word ? ~std::uint64_t{0} : i == word ? (std::uint64_t{1} << (k & 63)) - 1 : 0;
  return s;
}

template <int N>
int highest_square(const WordSet<N>& s) {
  for (int i = N - 1; i >= 0; --i)
    if (s.w[i]) return i * 64 + 63 - std::countl_zero(s.w[i]);
  return -1;
}

}  // namespace ray_detail

template <int N>
WordSet<N> flips_by_rays(const WordSet<N>& me, const WordSet<N>& opp, int sq,
                         const Geometry<WordSet<N>>& g) {
  const WordSet<N>* rays = &g.rays[static_cast<std::size_t>(sq) * kDirections];
  const WordSet<N> not_opp = ~opp;
  WordSet<N> flipped{};
  for (int d = 0; d < kDirections; d += 2) {
    const int first = lowest_square(rays[d] & not_opp);
    if (first >= 0 && test(me, first)) flipped |= rays[d] & ray_detail::below<N>(first);
  }
  for (int d = 1; d < kDirections; d += 2) {
    const int first = ray_detail::highest_square(rays[d] & not_opp);
    if (first >= 0 && test(me, first)) flipped |= rays[d] & ~ray_detail::below<N>(first + 1);
  }
  return flipped;
}

}  // namespace flank
