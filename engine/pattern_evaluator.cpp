#include "engine/pattern_evaluator.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "engine/board8.hpp"
#include "engine/pattern_eval.hpp"
#include "engine/pattern_features.hpp"

namespace flank {

PatternEvaluator::PatternEvaluator(std::shared_ptr<const PatternWeights> weights)
    : weights_(std::move(weights)) {
  fine_.reserve(weights_->values().size());
  for (float w : weights_->values())
    fine_.push_back(static_cast<std::int16_t>(
        std::clamp<long>(std::lround(static_cast<double>(w) * kFineUnits), -32767, 32767)));

  const auto placements = pattern::placement_squares();
  const auto& features = pattern::features();
  std::vector<std::vector<Term>> by_square(64);
  for (std::size_t p = 0; p < placements.size(); ++p) {
    std::uint32_t power = 1;
    for (int sq : placements[p].squares) {
      by_square[sq].push_back({static_cast<std::uint16_t>(p), static_cast<std::uint16_t>(power)});
      power *= 3;
    }
  }
  for (const auto& terms : by_square) {
    term_start_.push_back(static_cast<std::uint16_t>(terms_.size()));
    terms_.insert(terms_.end(), terms.begin(), terms.end());
  }
  term_start_.push_back(static_cast<std::uint16_t>(terms_.size()));
  // Tables seen from the other side: digits 1 and 2 swapped.
  for (std::size_t t = 0; t + 3 < features.size(); ++t) {
    const auto& shared = pattern::shared_entry(static_cast<int>(t));
    std::vector<std::uint16_t> swapped(shared.size());
    for (std::uint32_t raw = 0; raw < shared.size(); ++raw) {
      std::uint32_t other = 0, power = 1;
      for (std::uint32_t v = raw; v; v /= 3, power *= 3) other += ((3 - v % 3) % 3) * power;
      swapped[raw] = static_cast<std::uint16_t>(shared[other]);  // < 3^10: fits
    }
    swapped_entry_.push_back(std::move(swapped));
  }
  for (const auto& p : placements) {
    swapped_of_placement_.push_back(swapped_entry_[p.table].data());
    placement_offset_.push_back(features[p.table].offset);
    placement_squares_.emplace_back(p.squares.begin(), p.squares.end());
  }
  mobility_offset_ = features[features.size() - 3].offset;
  incremental_ = placements.size() <= kMaxPlacements &&
                 std::all_of(features.begin(), features.end(),
                             [](const pattern::Feature& f) { return f.size <= 65536; });
  opponent_mobility_offset_ = features[features.size() - 2].offset;
  parity_offset_ = features[features.size() - 1].offset;
}

int PatternEvaluator::to_units(int sum) {
  // Eval units (rounded to nearest), kept inside the +-64 disc range the interface promises.
  constexpr int kRatio = kFineUnits / kUnitsPerDisc;
  constexpr int kLimit = 64 * kUnitsPerDisc - 1;
  const int units = (sum + (sum >= 0 ? kRatio / 2 : -kRatio / 2)) / kRatio;
  return std::clamp(units, -kLimit, kLimit);
}

Evaluator::BestChild PatternEvaluator::best_child8(std::uint64_t me, std::uint64_t opp,
                                                   std::uint64_t moves, int beta,
                                                   std::uint64_t& nodes) const {
  const std::size_t placements = swapped_of_placement_.size();
  if (!incremental_) return Evaluator::best_child8(me, opp, moves, beta, nodes);
  // Raw indices of the parent from the mover's side (1 = mover, 2 = other).
  std::uint32_t raw[kMaxPlacements];
  const std::uint64_t twice_opp_shift = opp;
  for (std::size_t p = 0; p < placements; ++p) {
    std::uint32_t r = 0;
    const auto& squares = placement_squares_[p];
    for (auto k = squares.size(); k-- > 0;) {
      const int sq = squares[k];
      r = r * 3 + static_cast<std::uint32_t>(((me >> sq) & 1) + 2 * ((twice_opp_shift >> sq) & 1));
    }
    raw[p] = r;
  }
  const auto add = [&](int sq, int sign) {
    for (int t = term_start_[sq]; t < term_start_[sq + 1]; ++t)
      raw[terms_[t].placement] += static_cast<std::uint32_t>(sign * terms_[t].power);
  };
  const int per_phase = static_cast<int>(pattern::weights_per_phase());
  BestChild best{-(1 << 20), -1};
  for (; moves && best.score < beta; moves &= moves - 1) {
    const int sq = std::countr_zero(moves);
    const std::uint64_t f = board8::flips(me, opp, sq);
    const std::uint64_t child_me = opp ^ f, child_opp = me ^ f ^ (std::uint64_t{1} << sq);
    // Parent's view: sq becomes the mover's (0 -> 1), flipped discs 2 -> 1.
    add(sq, 1);
    for (std::uint64_t g = f; g; g &= g - 1) add(std::countr_zero(g), -1);
    const std::int16_t* w = fine_.data() + static_cast<std::size_t>(pattern::phase_of(
                                               child_me, child_opp, weights_->phases())) *
                                               per_phase;
    int sum = mobility_and_parity(w, child_me, child_opp);
    for (std::size_t p = 0; p < placements; ++p)
      sum += w[placement_offset_[p] + swapped_of_placement_[p][raw[p]]];
    ++nodes;
    const int v = -to_units(sum);
    if (v > best.score) best = {v, sq};
    add(sq, -1);
    for (std::uint64_t g = f; g; g &= g - 1) add(std::countr_zero(g), 1);
  }
  return best;
}

int PatternEvaluator::mobility_and_parity(const std::int16_t* w, std::uint64_t me,
                                          std::uint64_t opp) const {
  const int mine = std::min(std::popcount(board8::legal_moves(me, opp)), pattern::kMobilityCap);
  const int theirs = std::min(std::popcount(board8::legal_moves(opp, me)), pattern::kMobilityCap);
  return w[mobility_offset_ + mine] + w[opponent_mobility_offset_ + theirs] +
         w[parity_offset_ + (std::popcount(~(me | opp)) & 1)];
}

int PatternEvaluator::evaluate8(std::uint64_t me, std::uint64_t opp) const {
  pattern::ActiveList active;
  pattern::active_features(me, opp, active);
  const std::int16_t* w =
      fine_.data() + static_cast<std::size_t>(pattern::phase_of(me, opp, weights_->phases())) *
                         pattern::weights_per_phase();
  int sum = 0;
  for (std::uint32_t i : active) sum += w[i];
  return to_units(sum);
}

std::shared_ptr<const Evaluator> pattern_evaluator() {
  // The shipped weights live for the whole program; share them without a copy.
  static const auto shared = std::make_shared<const PatternEvaluator>(
      std::shared_ptr<const PatternWeights>(&shipped_weights(), [](const PatternWeights*) {}));
  return shared;
}

}  // namespace flank
