#pragma once
// The trained pattern evaluation behind the searcher's Evaluator interface
// (eval.hpp): Searcher::set_evaluator(pattern_evaluator()) makes a searcher use
// the shipped weights on 8x8; other sizes keep the hand evaluation.

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/board/huge_pages.hpp"
#include "engine/eval/eval.hpp"
#include "engine/eval/pattern_features.hpp"
#include "engine/eval/pattern_weights.hpp"
#include "engine/eval/residual_net.hpp"
#include "engine/eval/widen_lanes.hpp"

namespace flank {

class PatternEvaluator final : public Evaluator {
 public:
  // With a residual net (engine/eval/residual_net.hpp) its correction is added to
  // the weights' value; throws std::invalid_argument for a net fitted over
  // other weights or a pattern set the net's pass cannot read.
  explicit PatternEvaluator(std::shared_ptr<const PatternWeights> weights,
                            std::shared_ptr<const ResidualNet> net = nullptr);
  // The same for a pair known to fit (the shipped weights and net, which a unit
  // test checks): the check, which encodes every weight, was a tenth of
  // flank's start-up.
  struct KnownFit {};
  PatternEvaluator(std::shared_ptr<const PatternWeights> weights,
                   std::shared_ptr<const ResidualNet> net, KnownFit);
  std::string name() const override { return "pattern"; }
  int evaluate8(std::uint64_t me, std::uint64_t opp) const override;
  // Indices of the parent computed once, each child's by the squares its move changes.
  BestChild best_child8(std::uint64_t me, std::uint64_t opp, std::uint64_t moves, int beta,
                        std::uint64_t& nodes) const override;
  // The weights as given (a per-move blend as its control phases).
  const PatternWeights& weights() const { return *weights_; }
  const ResidualNet* net() const { return net_.get(); }
  // Whether the net's lanes are summed in 16 bits (no sum can overflow them).
  bool net_sums_fit16() const { return net_sums_fit16_; }

  // Incremental evaluation through a search (when incremental() is true): the
  // search keeps a State a ply, the root's set from its board and each
  // child's made from its parent's by the move, so a leaf costs one weight load per placement
  // and no index extraction. Colours are fixed at set_state (A = the side to
  // move then). A move adds whole per-square vectors (one 16-bit lane per
  // placement, vectorised by the compiler) instead of walking each square's
  // placements. A shape of more than 10 squares (3^10 fits a lane) takes two
  // lanes, its first 10 digits and the rest. Any pattern set that needs at most
  // kMaxPlacements lanes is incremental; a larger one falls back to extracting
  // the indices at each leaf.
  static constexpr std::size_t kMaxPlacements = 128;
  struct State {
    // Each lane's index into its table of direct_: [0] with digit 1 for A's
    // discs and 2 for B's, [1] the other way round.
    alignas(64) std::uint16_t index[2][kMaxPlacements];
    int side;  // 0 when A is to move
  };
  bool incremental() const { return incremental_; }
  void set_state(State& s, std::uint64_t me, std::uint64_t opp) const;
  // `to` becomes `from` after its mover plays sq flipping `flipped` (`to` may
  // be `from`). A search keeps a state a ply: taking a move back is going
  // back to the parent's state, with nothing to recompute (undoing in place
  // summed the flips' powers a second time).
  void play(const State& from, State& to, int sq, std::uint64_t flipped) const {
    kernels_.play(*this, from, to, sq, flipped);
  }
  static void pass(State& s) { s.side ^= 1; }
  // evaluate8(me, opp) of the state's board (me = its side to move).
  int evaluate(const State& s, std::uint64_t me, std::uint64_t opp) const {
    return evaluate_indices(s.index[1 - s.side], me, opp);
  }
  // evaluate8(me, opp) of the position after the state's mover plays sq
  // flipping `flipped` (me: that position's mover), the state left unchanged:
  // one pass over the lanes instead of playing into a second state.
  int evaluate_after(const State& s, int sq, std::uint64_t flipped, std::uint64_t me,
                     std::uint64_t opp) const {
    return kernels_.evaluate_after(*this, s, sq, flipped, me, opp);
  }
  // best_child8 from the state of (me, opp), which it leaves unchanged.
  BestChild best_child(const State& s, std::uint64_t me, std::uint64_t opp, std::uint64_t moves,
                       int beta, std::uint64_t& nodes) const;

 private:
  // The fine weights of the scalar features (mobility, parity ...), from a
  // phase's block of direct_.
  int scalar_sum(const std::int16_t* w, std::uint64_t me, std::uint64_t opp) const;
  static int to_units(int fine_sum);

  // Indexing by raw configuration (see PatternSet::placement_squares). A raw
  // index here counts digit 1 for the side NOT to move and 2 for the side to
  // move, so the parent's indices (1 = its mover) index its children's tables
  // directly. Lanes: one per placement of at most 10 squares (lane = its
  // place among those), then the low and the high lanes of the larger ones.
  static constexpr int kLaneDigits = 10;
  static constexpr std::uint32_t kLaneBase = 59049;  // 3^kLaneDigits
  bool incremental_ = false;  // false for a pattern set beyond kMaxPlacements lanes: plain loop
  static constexpr std::size_t kLaneBlock = 16;
  std::size_t lanes_ = 0;  // lanes the loops run over: the used ones rounded up to kLaneBlock
  // f.template operator()<lanes_>(), so that the loops over lanes have a fixed
  // length: the first multiple of kLaneBlock that holds lanes_ (the last,
  // kMaxPlacements, holds them all).
  template <class F>
  void with_lane_count(F&& f) const {
    const auto first_that_holds = [&]<std::size_t... B>(std::index_sequence<B...>) {
      (void)((lanes_ <= (B + 1) * kLaneBlock ? (f.template operator()<(B + 1) * kLaneBlock>(), true)
                                             : false) ||
             ...);
    };
    first_that_holds(std::make_index_sequence<kMaxPlacements / kLaneBlock>{});
  }
  std::size_t small_ = 0;  // placements of one lane
  // The raw index of lane-ordered placement p: `ones` give digit 1, `twos` digit 2.
  std::uint32_t raw_digits(std::size_t p, std::uint64_t ones, std::uint64_t twos) const {
    const std::uint32_t* digits = raw_of_bits_.data() + bits_offset_[p];
    return digits[pattern::extract_bits(ones, mask_[p])] +
           2u * digits[pattern::extract_bits(twos, mask_[p])];
  }
  // The lane indices of a board (digit 1 = `ones`).
  void lane_indices(std::uint64_t ones, std::uint64_t twos, std::uint16_t* index) const;
  // play's lanes: the mover's disc on sq and its flips added.
  template <std::size_t Lanes>
  void play_lanes(const State& from, State& to, int sq, std::uint64_t flipped) const;
  // A child's indices (digit 1 = its side not to move) from its parent's own view.
  template <std::size_t Lanes>
  void child_lanes(const std::uint16_t* own, int sq, std::uint64_t flipped,
                   std::uint16_t* child) const;
  // kLaneBlock lanes in one vector (GCC/Clang vector extension; an AVX2
  // register). Never a parameter or result by value: without AVX its ABI
  // differs (GCC's -Wpsabi).
  using LaneBlock = std::uint16_t __attribute__((vector_size(2 * kLaneBlock)));
  // Sum of power_ over the flipped squares, per lane, in Lanes / kLaneBlock blocks.
  template <std::size_t Lanes>
  void flip_powers(std::uint64_t flipped, LaneBlock* sum) const;
  // The evaluation (eval units) of (me to move, opp) from its lanes' indices
  // with digit 1 = opp.
  int evaluate_indices(const std::uint16_t* index, std::uint64_t me, std::uint64_t opp) const {
    return kernels_.evaluate_indices(*this, index, me, opp);
  }
  // The incremental entry points at this set's lane count (and the leaf's
  // loop for its net), chosen once by the constructor of an incremental set:
  // a call through a pointer instead of testing the lane count, the net and
  // its 16-bit bound at every call.
  struct Kernels {
    int (*evaluate_indices)(const PatternEvaluator&, const std::uint16_t*, std::uint64_t,
                            std::uint64_t) = nullptr;
    void (*play)(const PatternEvaluator&, const State&, State&, int, std::uint64_t) = nullptr;
    int (*evaluate_after)(const PatternEvaluator&, const State&, int, std::uint64_t, std::uint64_t,
                          std::uint64_t) = nullptr;
  } kernels_;
  template <bool Narrow, std::size_t Lanes>
  static int net_evaluation(const PatternEvaluator& e, const std::uint16_t* index, std::uint64_t me,
                            std::uint64_t opp);
  static int plain_evaluation(const PatternEvaluator& e, const std::uint16_t* index,
                              std::uint64_t me, std::uint64_t opp);
  template <std::size_t Lanes>
  static void play_at(const PatternEvaluator& e, const State& from, State& to, int sq,
                      std::uint64_t flipped);
  // The child's indices (digit 1 = its side not to move, the state's mover):
  // that mover's own view after the move, built aside, then evaluated.
  template <std::size_t Lanes>
  static int evaluate_after_at(const PatternEvaluator& e, const State& s, int sq,
                               std::uint64_t flipped, std::uint64_t me, std::uint64_t opp);
  // power_[sq * lanes_ + lane]: 3^k for the digit of square sq in that lane, else 0.
  std::vector<std::uint16_t> power_;
  // Per placement, in lane order (small ones first): its squares, its part of
  // raw_of_bits_ and its table inside a phase of direct_.
  std::vector<std::uint64_t> mask_;
  std::vector<std::uint32_t> bits_offset_;
  std::vector<std::uint32_t> raw_of_bits_;  // extracted bits -> raw index of digits 1
  std::vector<std::uint32_t> direct_offset_;
  // Per lane, the byte offset of its table inside a phase of direct_ (for the
  // lanes past the placements, the zero entry's): evaluate_with_net's.
  std::vector<std::uint32_t> table_byte_offset_;
  // Weights of the pattern tables by raw index, from the side to move's point of
  // view: direct_[phase * direct_per_phase_ + raw] (one load per placement),
  // then the scalar features' tables, then an entry of 0.
  // On huge pages (20 MB for the shipped 61 phases, read at random).
  std::size_t direct_per_phase_ = 0;
  HugePageVector<std::int16_t> direct_;
  // By the discs on the board: where their phase's block starts in direct_
  // (a load instead of the phase's division), and in net_direct_.
  std::array<std::size_t, 65> phase_start_{}, net_phase_start_{};
  std::array<std::size_t, 65> phase_starts(int phases) const;
  // Per kind of scalar feature: its table inside a phase of direct_, -1 if the
  // set has none.
  std::array<int, pattern::kScalarKinds> scalar_offset_;
  // The entry of kind K inside a phase's block (-1: the set has no such feature).
  template <pattern::Scalar K>
  int scalar_at(std::uint64_t me, std::uint64_t opp) const {
    const int offset = scalar_offset_[static_cast<int>(K)];
    return offset < 0 ? -1 : offset + static_cast<int>(pattern::scalar_value(K, me, opp));
  }
  // f.template operator()<K>() for every kind of scalar feature. Each kind by
  // name, so that only the set's own are computed, without a loop and switch
  // over the set's list (which took 40% of the scalar features' instructions).
  template <class F>
  static void each_scalar_kind(F&& f) {
    using pattern::Scalar;
    static_assert(pattern::kScalarKinds == 5, "a new kind of scalar feature needs its call here");
    f.template operator()<Scalar::Mobility>();
    f.template operator()<Scalar::OpponentMobility>();
    f.template operator()<Scalar::Parity>();
    f.template operator()<Scalar::PotentialMobility>();
    f.template operator()<Scalar::OpponentPotentialMobility>();
  }

  // The weights as 16-bit integers of 1/kFineUnits disc: half the memory of
  // floats, so more of the tables stay in cache during a search.
  static constexpr int kFineUnits = 64;
  std::shared_ptr<const PatternWeights> weights_;
  const pattern::PatternSet* set_;
  int phases_ = 0;  // the phases evaluated: 61 for a per-move blend (one per move)
  // Every weight of every phase, for a set evaluated by the plain loop only
  // (not incremental_); an incremental one reads direct_ alone.
  std::vector<std::int16_t> fine_;

  // The residual net (none: nullptr), laid out like direct_: per net phase,
  // per direct entry, its kWidth lanes. A placement's offset serves its weight
  // and its lanes, so both are read in one pass.
  using NetLanes = std::int16_t __attribute__((vector_size(2 * ResidualNet::kWidth)));
  using NetSum = std::int32_t __attribute__((vector_size(4 * ResidualNet::kWidth)));
  std::shared_ptr<const ResidualNet> net_;
  HugePageVector<NetLanes> net_direct_;  // 10.7 MB for the shipped net's 4 phases
  std::array<float, ResidualNet::kHidden * ResidualNet::kWidth> net_w1t_;  // [input][hidden]
  bool net_sums_fit16_ = false;  // no half of the lanes can overflow a 16-bit sum
  // regions: each lane's table, then each scalar's (offset and size in a phase).
  void build_net(const std::vector<std::uint32_t>& source,
                 const std::vector<std::pair<std::uint32_t, std::uint32_t>>& regions);
  // evaluate_indices with the net: the weights' fine sum plus the net's output;
  // Narrow: the halves summed in 16 bits; Lanes: lanes_, so that its loops
  // have a fixed count.
  template <bool Narrow, std::size_t Lanes>
  int evaluate_with_net(const std::uint16_t* index, std::uint64_t me, std::uint64_t opp) const;
  static void add_lanes(NetLanes& to, const NetLanes& v) { to += v; }
  static void add_lanes(NetSum& to, const NetLanes& v) {
    NetSum wide;
    widen_lanes(v, wide);
    to += wide;
  }
  static void add_lanes(NetSum& to, const NetSum& v) { to += v; }
  // The net's output in fine units from its summed lanes (by pointer: see LaneBlock).
  int net_head(const NetSum& sum) const;
};

// The shipped weights (shipped_weights()) with the shipped net (shipped_net())
// as an Evaluator, made once and shared.
std::shared_ptr<const Evaluator> pattern_evaluator();

// Weights from a file: pattern_evaluator(path) in tools/common/weights_file.hpp.

}  // namespace flank
