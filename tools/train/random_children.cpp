#include "tools/train/random_children.hpp"

#include <bit>

#include "engine/board/board8.hpp"
#include "engine/board/hash_mix.hpp"

namespace flank::train {

std::vector<Sample> random_children(const std::vector<Sample>& game, const ChildOptions& options) {
  std::vector<Sample> children;
  // The share as a threshold on 53 random bits (1.0: every position).
  const double threshold = options.share * 9007199254740992.0;  // 2^53
  for (const Sample& parent : game) {
    if (parent.empties() - 1 <= options.exact_empties) continue;
    std::uint64_t h = splitmix64(options.seed);
    h = mix64(h ^ parent.game);
    h = mix64(h ^ parent.me);
    h = mix64(h ^ std::rotl(parent.opp, 17));
    if (static_cast<double>(h >> 11) >= threshold) continue;
    std::uint64_t moves = board8::legal_moves(parent.me, parent.opp);
    if (!moves) continue;
    for (auto skip = mix64(h) % static_cast<std::uint64_t>(std::popcount(moves)); skip > 0; --skip)
      moves &= moves - 1;
    const int sq = std::countr_zero(moves);
    const std::uint64_t flipped = board8::flips(parent.me, parent.opp, sq);
    Sample child;
    child.me = parent.opp ^ flipped;
    child.opp = parent.me ^ flipped ^ (std::uint64_t{1} << sq);
    if (!board8::legal_moves(child.me, child.opp)) continue;
    child.label = -parent.label;
    child.kind = LabelKind::Outcome;
    child.game = parent.game;
    children.push_back(child);
  }
  return children;
}

}  // namespace flank::train
