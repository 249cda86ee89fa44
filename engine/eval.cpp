#include "engine/eval.hpp"

#include "engine/board8.hpp"
#include "engine/size_eval.hpp"

namespace flank {

Evaluator::BestChild Evaluator::best_child8(std::uint64_t me, std::uint64_t opp,
                                            std::uint64_t moves, int beta,
                                            std::uint64_t& nodes) const {
  BestChild best{-(1 << 20), -1};
  for (; moves && best.score < beta; moves &= moves - 1) {
    const int sq = std::countr_zero(moves);
    const std::uint64_t f = board8::flips(me, opp, sq);
    ++nodes;
    const int v = f == opp ? kWipeoutScore : -evaluate8(opp ^ f, me ^ f ^ (std::uint64_t{1} << sq));
    if (v > best.score) best = {v, sq};
  }
  return best;
}

const SizeWeights* Evaluator::size_weights() const { return &shipped_size_weights(); }

}  // namespace flank
