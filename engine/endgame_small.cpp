#include "engine/endgame_small.hpp"

#include <memory>
#include <mutex>

namespace flank::endgame_small {

const Layout& layout(const Geometry<std::uint64_t>& g) {
  // One-word shapes: both sides at most 16 (4x16 is the longest).
  constexpr int kSides = 17;
  static std::array<std::unique_ptr<Layout>, kSides * kSides> table;
  static std::once_flag once[kSides * kSides];
  const int i = g.cols * kSides + g.rows;
  std::call_once(once[i], [&] { table[i] = std::make_unique<Layout>(g); });
  return *table[i];
}

}  // namespace flank::endgame_small
