#include "engine/endgame_small.hpp"

#include <memory>
#include <mutex>

namespace flank::endgame_small {

const Shape& shape(const Geometry<std::uint64_t>& g) {
  static std::array<std::unique_ptr<Shape>, 9> table;
  static std::once_flag once[9];
  std::call_once(once[g.size], [&] { table[g.size] = std::make_unique<Shape>(g); });
  return *table[g.size];
}

}  // namespace flank::endgame_small
