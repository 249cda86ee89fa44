#include "engine/board/geometry.hpp"

#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace flank {
namespace {

template <class Set>
Geometry<Set> build(Shape shape) {
  Geometry<Set> g;
  g.cols = shape.cols;
  g.rows = shape.rows;
  g.longest = shape.cols > shape.rows ? shape.cols : shape.rows;
  g.is_8x8 = std::is_same_v<Set, std::uint64_t> && shape == Shape::square(8);
  Set first_col{}, last_col{};
  for (int r = 0; r < shape.rows; ++r) {
    for (int c = 0; c < shape.cols; ++c) set_bit(g.board, r * shape.cols + c);
    set_bit(first_col, r * shape.cols);
    set_bit(last_col, r * shape.cols + shape.cols - 1);
  }
  for (int d = 0; d < kDirections; ++d) {
    g.offset[d] = kRowStep[d] * shape.cols + kColStep[d];
    g.landing[d] = g.board;
    if (kColStep[d] > 0) g.landing[d] = g.landing[d] & ~first_col;
    if (kColStep[d] < 0) g.landing[d] = g.landing[d] & ~last_col;
  }
  if constexpr (kFlipsByRays<Set>) {
    g.rays.resize(static_cast<std::size_t>(shape.squares()) * kDirections);
    for (int sq = 0; sq < shape.squares(); ++sq) {
      for (int d = 0; d < kDirections; ++d) {
        Set& ray = g.rays[sq * kDirections + d];
        for (int r = sq / shape.cols + kRowStep[d], c = sq % shape.cols + kColStep[d];
             r >= 0 && r < shape.rows && c >= 0 && c < shape.cols;
             r += kRowStep[d], c += kColStep[d])
          set_bit(ray, r * shape.cols + c);
      }
    }
  }
  return g;
}

template <class Set>
const Geometry<Set>& cached(Shape shape, int max_squares) {
  if (!is_valid_shape(shape) || shape.squares() > max_squares)
    throw std::invalid_argument("no board geometry for " + std::to_string(shape.cols) + "x" +
                                std::to_string(shape.rows));
  constexpr int kSides = kMaxSize + 1;
  static std::array<std::unique_ptr<Geometry<Set>>, kSides * kSides> table;
  static std::once_flag once[kSides * kSides];
  const int index = shape.cols * kSides + shape.rows;
  std::call_once(once[index],
                 [&] { table[index] = std::make_unique<Geometry<Set>>(build<Set>(shape)); });
  return *table[index];
}

}  // namespace

template <>
const Geometry<std::uint64_t>& geometry<std::uint64_t>(Shape shape) {
  return cached<std::uint64_t>(shape, 64);
}

template <>
const Geometry<Set128>& geometry<Set128>(Shape shape) {
  return cached<Set128>(shape, 128);
}

template <>
const Geometry<Set256>& geometry<Set256>(Shape shape) {
  return cached<Set256>(shape, 256);
}

template <>
const Geometry<Set512>& geometry<Set512>(Shape shape) {
  return cached<Set512>(shape, 512);
}

template <>
const Geometry<WideSet>& geometry<WideSet>(Shape shape) {
  return cached<WideSet>(shape, kMaxSquares);
}

}  // namespace flank
