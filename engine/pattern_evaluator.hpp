#pragma once
// The trained pattern evaluation behind the searcher's Evaluator interface
// (eval.hpp): Searcher::set_evaluator(pattern_evaluator()) makes a searcher use
// the shipped weights on 8x8; other sizes keep the hand evaluation.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval.hpp"
#include "engine/pattern_features.hpp"
#include "engine/pattern_weights.hpp"

namespace flank {

class PatternEvaluator final : public Evaluator {
 public:
  explicit PatternEvaluator(std::shared_ptr<const PatternWeights> weights);
  std::string name() const override { return "pattern"; }
  int evaluate8(std::uint64_t me, std::uint64_t opp) const override;
  // Indices of the parent computed once, each child's by the squares its move changes.
  BestChild best_child8(std::uint64_t me, std::uint64_t opp, std::uint64_t moves, int beta,
                        std::uint64_t& nodes) const override;
  const PatternWeights& weights() const { return *weights_; }

 private:
  // The fine weights of the mobility and parity features.
  int mobility_and_parity(const std::int16_t* w, std::uint64_t me, std::uint64_t opp) const;
  static int to_units(int fine_sum);

  // Indexing by raw configuration (see pattern::placement_squares). A raw index
  // here counts digit 1 for the side NOT to move and 2 for the side to move, so
  // the parent's indices (1 = its mover) index its children's tables directly.
  static constexpr std::size_t kMaxPlacements = 64;
  static constexpr std::size_t kMaxSquares = 10;  // raw_of_bits_ holds 2^squares per placement
  bool incremental_ = false;  // false for a pattern set beyond these limits: plain loop
  // The raw index of one placement, offset into its table of direct_ (see raw_of).
  std::uint32_t raw_index(std::size_t p, std::uint64_t ones, std::uint64_t twos) const {
    const std::uint16_t* digits = raw_of_bits_.data() + bits_offset_[p];
    return direct_offset_[p] + digits[pattern::extract_bits(ones, mask_[p])] +
           2u * digits[pattern::extract_bits(twos, mask_[p])];
  }
  // All placements' raw indices: `ones` give digit 1, `twos` digit 2.
  void raw_indices(std::uint64_t ones, std::uint64_t twos, std::uint32_t* raw) const;
  struct Term {
    std::uint16_t placement;
    std::uint16_t power;  // 3^k of the square's digit
  };
  std::vector<std::uint16_t> term_start_;  // terms of square sq: [term_start_[sq], [sq + 1])
  std::vector<Term> terms_;
  std::vector<std::uint64_t> mask_;           // per placement: its squares
  std::vector<std::uint32_t> bits_offset_;    // per placement: its part of raw_of_bits_
  std::vector<std::uint16_t> raw_of_bits_;    // extracted bits -> raw index of digits 1
  std::vector<std::uint32_t> direct_offset_;  // per placement: its table inside a phase
  // Weights of the pattern tables by raw index, from the side to move's point of
  // view: direct_[phase * direct_per_phase_ + raw] (one load per placement).
  std::size_t direct_per_phase_ = 0;
  std::vector<std::int16_t> direct_;
  std::uint32_t mobility_offset_ = 0, opponent_mobility_offset_ = 0, parity_offset_ = 0;

  // The weights as 16-bit integers of 1/kFineUnits disc: half the memory of
  // floats, so more of the tables stay in cache during a search.
  static constexpr int kFineUnits = 64;
  std::shared_ptr<const PatternWeights> weights_;
  std::vector<std::int16_t> fine_;
};

// The shipped weights (shipped_weights()) as an Evaluator, made once and shared.
std::shared_ptr<const Evaluator> pattern_evaluator();

// Weights from a file: pattern_evaluator(path) in tools/common/weights_file.hpp.

}  // namespace flank
