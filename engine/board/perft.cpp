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
  if (rep == Representation::Fastest) {
    if (p.shape().fits_one_word()) return run<std::uint64_t>(p, depth, conv);
    if (p.shape().squares() <= 128) return run<Set128>(p, depth, conv);
    if (p.shape().squares() <= 256) return run<Set256>(p, depth, conv);
  }
  return run<WideSet>(p, depth, conv);
}

}  // namespace flank
