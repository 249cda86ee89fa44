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

  // Incremental evaluation through a search (when incremental() is true): the
  // search keeps one State, set from the root board, and updates it with each
  // move it makes and unmakes, so a leaf costs one weight load per placement
  // and no index extraction. Colours are fixed at set_state (A = the side to
  // move then). A move adds whole per-square vectors (one lane per placement,
  // vectorised by the compiler) instead of walking each square's placements.
  static constexpr std::size_t kMaxPlacements = 64;
  struct State {
    // Each placement's index into its table of direct_: [0] with digit 1 for
    // A's discs and 2 for B's, [1] the other way round (16 bits: 3^10 fits).
    alignas(64) std::uint16_t index[2][kMaxPlacements];
    int side;  // 0 when A is to move
  };
  bool incremental() const { return incremental_; }
  void set_state(State& s, std::uint64_t me, std::uint64_t opp) const;
  // The mover plays sq flipping `flipped` (and undo takes it back).
  void play(State& s, int sq, std::uint64_t flipped) const {
    update(s, sq, flipped, 1);
    s.side ^= 1;
  }
  void undo(State& s, int sq, std::uint64_t flipped) const {
    s.side ^= 1;
    update(s, sq, flipped, ~std::uint32_t{0});
  }
  static void pass(State& s) { s.side ^= 1; }
  // evaluate8(me, opp) of the state's board (me = its side to move).
  int evaluate(const State& s, std::uint64_t me, std::uint64_t opp) const {
    return evaluate_indices(s.index[1 - s.side], me, opp);
  }
  // best_child8 from the state of (me, opp), which it leaves unchanged.
  BestChild best_child(const State& s, std::uint64_t me, std::uint64_t opp, std::uint64_t moves,
                       int beta, std::uint64_t& nodes) const;

 private:
  // The fine weights of the mobility and parity features.
  int mobility_and_parity(const std::int16_t* w, std::uint64_t me, std::uint64_t opp) const;
  static int to_units(int fine_sum);

  // Indexing by raw configuration (see pattern::placement_squares). A raw index
  // here counts digit 1 for the side NOT to move and 2 for the side to move, so
  // the parent's indices (1 = its mover) index its children's tables directly.
  static constexpr std::size_t kMaxSquares = 10;  // raw_of_bits_ holds 2^squares per placement
  bool incremental_ = false;  // false for a pattern set beyond these limits: plain loop
  // The raw index of one placement: `ones` give digit 1, `twos` digit 2.
  std::uint32_t raw_digits(std::size_t p, std::uint64_t ones, std::uint64_t twos) const {
    const std::uint16_t* digits = raw_of_bits_.data() + bits_offset_[p];
    return digits[pattern::extract_bits(ones, mask_[p])] +
           2u * digits[pattern::extract_bits(twos, mask_[p])];
  }
  // Adds (sign 1) or removes (sign ~0) the mover's disc on sq and its flips.
  void update(State& s, int sq, std::uint64_t flipped, std::uint32_t sign) const;
  // Sum of power_ over the flipped squares, per placement.
  void flip_powers(std::uint64_t flipped, std::uint16_t* sum) const;
  // The evaluation (eval units) of (me to move, opp) from its placements' indices
  // with digit 1 = opp.
  int evaluate_indices(const std::uint16_t* index, std::uint64_t me, std::uint64_t opp) const;
  // power_[sq * kMaxPlacements + p]: 3^k for the digit of square sq in placement p, else 0.
  std::vector<std::uint16_t> power_;
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
