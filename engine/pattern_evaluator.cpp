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
  incremental_ = placements.size() <= kMaxPlacements &&
                 std::all_of(placements.begin(), placements.end(),
                             [](const auto& p) { return p.squares.size() <= kMaxSquares; });
  mobility_offset_ = features[features.size() - 3].offset;
  opponent_mobility_offset_ = features[features.size() - 2].offset;
  parity_offset_ = features[features.size() - 1].offset;
  if (!incremental_) return;

  power_.assign(64 * kMaxPlacements, 0);
  for (std::size_t p = 0; p < placements.size(); ++p) {
    std::uint32_t power = 1;
    for (int sq : placements[p].squares) {
      power_[sq * kMaxPlacements + p] = static_cast<std::uint16_t>(power);
      power *= 3;
    }
  }

  // Per placement: extracted bits (ascending squares) -> raw index with digits 1.
  for (const auto& p : placements) {
    std::vector<int> ascending = p.squares;
    std::sort(ascending.begin(), ascending.end());
    std::vector<std::uint32_t> power_of;  // ascending index j -> 3^(digit position)
    std::uint64_t mask = 0;
    for (int sq : ascending) {
      mask |= std::uint64_t{1} << sq;
      std::uint32_t power = 1;
      for (auto it = p.squares.begin(); *it != sq; ++it) power *= 3;
      power_of.push_back(power);
    }
    mask_.push_back(mask);
    bits_offset_.push_back(static_cast<std::uint32_t>(raw_of_bits_.size()));
    for (std::uint32_t bits = 0; bits < (1u << ascending.size()); ++bits) {
      std::uint32_t raw = 0;
      for (std::size_t j = 0; j < ascending.size(); ++j)
        if ((bits >> j) & 1) raw += power_of[j];
      raw_of_bits_.push_back(static_cast<std::uint16_t>(raw));
    }
  }
  // Per phase, per board table: raw index (1 = side not to move) -> fine weight
  // of the entry the side to move sees (digits 1 and 2 swapped).
  std::vector<std::size_t> table_offset;
  for (std::size_t t = 0; t + 3 < features.size(); ++t) {
    table_offset.push_back(direct_per_phase_);
    direct_per_phase_ += features[t].raw_size;
  }
  for (const auto& p : placements)
    direct_offset_.push_back(static_cast<std::uint32_t>(table_offset[p.table]));
  const std::size_t per_phase = pattern::weights_per_phase();
  direct_.resize(direct_per_phase_ * static_cast<std::size_t>(weights_->phases()));
  for (std::size_t t = 0; t + 3 < features.size(); ++t) {
    const auto& shared = pattern::shared_entry(static_cast<int>(t));
    for (std::uint32_t raw = 0; raw < shared.size(); ++raw) {
      std::uint32_t other = 0, power = 1;
      for (std::uint32_t v = raw; v; v /= 3, power *= 3) other += ((3 - v % 3) % 3) * power;
      for (int phase = 0; phase < weights_->phases(); ++phase)
        direct_[phase * direct_per_phase_ + table_offset[t] + raw] =
            fine_[phase * per_phase + features[t].offset + shared[other]];
    }
  }
}

void PatternEvaluator::set_state(State& s, std::uint64_t me, std::uint64_t opp) const {
  for (std::size_t p = 0; p < kMaxPlacements; ++p) {
    const bool used = p < mask_.size();
    s.index[0][p] = static_cast<std::uint16_t>(used ? raw_digits(p, me, opp) : 0);
    s.index[1][p] = static_cast<std::uint16_t>(used ? raw_digits(p, opp, me) : 0);
  }
  s.side = 0;
}

void PatternEvaluator::flip_powers(std::uint64_t flipped, std::uint16_t* sum) const {
  for (std::size_t p = 0; p < kMaxPlacements; ++p) sum[p] = 0;
  for (; flipped; flipped &= flipped - 1) {
    const std::uint16_t* power = power_.data() + std::countr_zero(flipped) * kMaxPlacements;
    for (std::size_t p = 0; p < kMaxPlacements; ++p) sum[p] += power[p];
  }
}

void PatternEvaluator::update(State& s, int sq, std::uint64_t flipped, std::uint32_t sign) const {
  // The mover's own view (its digit 1): the new disc 0 -> 1, flips 2 -> 1;
  // the other view: the new disc 0 -> 2, flips 1 -> 2.
  alignas(64) std::uint16_t f[kMaxPlacements];
  flip_powers(flipped, f);
  const std::uint16_t* power = power_.data() + sq * kMaxPlacements;
  std::uint16_t* own = s.index[s.side];
  std::uint16_t* other = s.index[1 - s.side];
  for (std::size_t p = 0; p < kMaxPlacements; ++p) {
    // In 32 bits (no signed overflow), kept modulo 2^16: the final indices fit.
    own[p] = static_cast<std::uint16_t>(own[p] + sign * (std::uint32_t{power[p]} - f[p]));
    other[p] = static_cast<std::uint16_t>(other[p] + sign * (2u * power[p] + f[p]));
  }
}

int PatternEvaluator::evaluate_indices(const std::uint16_t* index, std::uint64_t me,
                                       std::uint64_t opp) const {
  const int phase = pattern::phase_of(me, opp, weights_->phases());
  int sum = mobility_and_parity(
      fine_.data() + static_cast<std::size_t>(phase) * pattern::weights_per_phase(), me, opp);
  const std::int16_t* d = direct_.data() + static_cast<std::size_t>(phase) * direct_per_phase_;
  for (std::size_t p = 0; p < mask_.size(); ++p) sum += d[direct_offset_[p] + index[p]];
  return to_units(sum);
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
  if (!incremental_) return Evaluator::best_child8(me, opp, moves, beta, nodes);
  State s;
  set_state(s, me, opp);
  return best_child(s, me, opp, moves, beta, nodes);
}

Evaluator::BestChild PatternEvaluator::best_child(const State& s, std::uint64_t me,
                                                  std::uint64_t opp, std::uint64_t moves, int beta,
                                                  std::uint64_t& nodes) const {
  // A child's indices with digit 1 = its side not to move (our mover): our own
  // view after the move, built aside so the state is not touched.
  const std::uint16_t* own = s.index[s.side];
  BestChild best{-(1 << 20), -1};
  for (; moves && best.score < beta; moves &= moves - 1) {
    const int sq = std::countr_zero(moves);
    const std::uint64_t f = board8::flips(me, opp, sq);
    alignas(64) std::uint16_t child[kMaxPlacements];
    flip_powers(f, child);
    const std::uint16_t* power = power_.data() + sq * kMaxPlacements;
    for (std::size_t p = 0; p < kMaxPlacements; ++p)
      child[p] = static_cast<std::uint16_t>(own[p] + power[p] - child[p]);
    ++nodes;
    const int v = -evaluate_indices(child, opp ^ f, me ^ f ^ (std::uint64_t{1} << sq));
    if (v > best.score) best = {v, sq};
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
  if (incremental_) {
    std::uint16_t index[kMaxPlacements];
    for (std::size_t p = 0; p < mask_.size(); ++p)
      index[p] = static_cast<std::uint16_t>(raw_digits(p, opp, me));
    return evaluate_indices(index, me, opp);
  }
  const int phase = pattern::phase_of(me, opp, weights_->phases());
  const std::int16_t* w =
      fine_.data() + static_cast<std::size_t>(phase) * pattern::weights_per_phase();
  int sum = 0;
  pattern::ActiveList active;
  pattern::active_features(me, opp, active);
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
