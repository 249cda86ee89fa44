#include "engine/eval/eval.hpp"

#include "engine/eval/best_child.hpp"
#include "engine/eval/size_eval.hpp"

namespace flank {

Evaluator::BestChild Evaluator::best_child8(std::uint64_t me, std::uint64_t opp,
                                            std::uint64_t moves, int beta,
                                            std::uint64_t& nodes) const {
  return best_child_by(me, opp, moves, beta, nodes, [&](int sq, std::uint64_t f) {
    return evaluate8(opp ^ f, me ^ f ^ (std::uint64_t{1} << sq));
  });
}

const SizeWeights* Evaluator::size_weights() const { return &shipped_size_weights(); }

}  // namespace flank
