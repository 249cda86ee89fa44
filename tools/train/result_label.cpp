#include "tools/train/result_label.hpp"

#include "tools/train/dataset.hpp"

namespace flank::train {

Sample result_sample(const Position& p, int result_for_mover, int wld_empties, std::uint32_t game,
                     Searcher& searcher) {
  const auto result = static_cast<float>(result_for_mover);
  if (p.empties() > wld_empties) return sample_of(p, result, LabelKind::Outcome, game);
  const int proven = sign_of(static_cast<float>(searcher.solve(p, true).score));
  return sample_of(p, with_result(result, proven), LabelKind::WinLossDraw, game);
}

}  // namespace flank::train
