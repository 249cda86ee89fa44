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
  const PatternWeights& weights() const { return *weights_; }

 private:
  // The weights as 16-bit integers of 1/kFineUnits disc: half the memory of
  // floats, so more of the tables stay in cache during a search.
  static constexpr int kFineUnits = 64;
  std::shared_ptr<const PatternWeights> weights_;
  std::vector<std::int16_t> fine_;
};

// The shipped weights (shipped_weights()) as an Evaluator, made once and shared.
std::shared_ptr<const Evaluator> pattern_evaluator();

// Weights read from a file, e.g. for a `--weights FILE` option; throws
// std::runtime_error with a one-line message naming the file.
std::shared_ptr<const Evaluator> pattern_evaluator(const std::string& weights_path);

}  // namespace flank
