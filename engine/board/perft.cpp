#include "engine/board/perft.hpp"

namespace flank {
namespace {

template <class Set>
std::uint64_t run(const Position& p, int depth, PerftConvention conv) {
  const auto& g = geometry<Set>(p.shape());
  const Board<Set> b = p.board<Set>();
  return conv == PerftConvention::PassIsPly ? perft<PerftConvention::PassIsPly>(b, depth, g)
                                            : perft<PerftConvention::PassIsFree>(b, depth, g);
}

}  // namespace

std::uint64_t perft(const Position& p, int depth, Representation rep, PerftConvention conv) {
  if (rep == Representation::Wide) return run<WideSet>(p, depth, conv);
  return with_narrowest_set(p.shape().squares(),
                            [&]<class Set>() { return run<Set>(p, depth, conv); });
}

}  // namespace flank
