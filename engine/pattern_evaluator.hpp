#pragma once
// The trained pattern evaluation behind the searcher's Evaluator interface
// (eval.hpp): Searcher::set_evaluator(pattern_evaluator()) makes a searcher use
// the shipped weights on 8x8; other sizes keep the hand evaluation.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval.hpp"
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

  // Incremental indexing (see pattern::placement_squares).
  static constexpr std::size_t kMaxPlacements = 64;
  bool incremental_ = false;  // false for a pattern set beyond these limits: plain loop
  struct Term {
    std::uint16_t placement;
    std::uint16_t power;  // 3^k of the square's digit
  };
  std::vector<std::uint16_t> term_start_;  // terms of square sq: [term_start_[sq], [sq + 1])
  std::vector<Term> terms_;
  // Per table: raw index seen from the other side -> entry in the table (16 bits
  // keep these tables in cache); per placement its table and the table's offset.
  std::vector<std::vector<std::uint16_t>> swapped_entry_;
  std::vector<const std::uint16_t*> swapped_of_placement_;
  std::vector<std::uint32_t> placement_offset_;
  std::vector<std::vector<std::uint8_t>> placement_squares_;  // digit k is square [k]
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
