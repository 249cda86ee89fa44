#include "engine/geometry.hpp"

#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

namespace flank {
namespace {

template <class Set>
Geometry<Set> build(int size) {
  Geometry<Set> g;
  g.size = size;
  Set first_col{}, last_col{};
  for (int r = 0; r < size; ++r) {
    for (int c = 0; c < size; ++c) set_bit(g.board, r * size + c);
    set_bit(first_col, r * size);
    set_bit(last_col, r * size + size - 1);
  }
  for (int d = 0; d < kDirections; ++d) {
    g.offset[d] = kRowStep[d] * size + kColStep[d];
    g.landing[d] = g.board;
    if (kColStep[d] > 0) g.landing[d] = g.landing[d] & ~first_col;
    if (kColStep[d] < 0) g.landing[d] = g.landing[d] & ~last_col;
  }
  return g;
}

template <class Set>
const Geometry<Set>& cached(int size, int max_size) {
  if (!is_valid_size(size) || size > max_size)
    throw std::invalid_argument("no board geometry for size " + std::to_string(size));
  static std::array<std::unique_ptr<Geometry<Set>>, kMaxSize + 1> table;
  static std::once_flag once[kMaxSize + 1];
  std::call_once(once[size],
                 [&] { table[size] = std::make_unique<Geometry<Set>>(build<Set>(size)); });
  return *table[size];
}

}  // namespace

template <>
const Geometry<std::uint64_t>& geometry<std::uint64_t>(int size) {
  return cached<std::uint64_t>(size, 8);
}

template <>
const Geometry<WideSet>& geometry<WideSet>(int size) {
  return cached<WideSet>(size, kMaxSize);
}

}  // namespace flank
