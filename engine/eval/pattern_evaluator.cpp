#include "engine/eval/pattern_evaluator.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "engine/eval/best_child.hpp"
#include "engine/eval/fixed_point.hpp"
#include "engine/eval/pattern_eval.hpp"
#include "engine/eval/pattern_features.hpp"
#include "engine/eval/phase_blend.hpp"

namespace flank {

PatternEvaluator::PatternEvaluator(std::shared_ptr<const PatternWeights> weights,
                                   std::shared_ptr<const ResidualNet> net)
    : PatternEvaluator(std::move(weights), std::move(net), KnownFit{}) {
  // After the build (a wasted one only when this throws): checked before it,
  // the delegated call's moves could run before the check read them.
  if (net_ && !net_->fits(*weights_))
    throw std::invalid_argument("the net was fitted over other weights");
}

PatternEvaluator::PatternEvaluator(std::shared_ptr<const PatternWeights> weights,
                                   std::shared_ptr<const ResidualNet> net, KnownFit)
    : weights_(std::move(weights)), set_(&weights_->set()), net_(std::move(net)) {
  // A per-move blend is expanded here, once: a table per move, as plain
  // phases, each phase's weights made and rounded in turn (all 61 phases as
  // floats first, then each weight through lround, were a fifth of flank's
  // start-up before 2026-12-07).
  phases_ = evaluated_phase_count(*weights_);
  const std::size_t per_phase = set_->weights_per_phase();
  std::vector<float> phase_floats(per_phase);
  const auto fine_phase = [&](int phase, std::int16_t* out) {
    evaluated_phase(*weights_, phase, phase_floats.data());
    round_to_int16(phase_floats.data(), phase_floats.size(), kFineUnits, out);
  };

  const auto& placements = set_->placement_squares();
  const auto& features = set_->features();
  const std::size_t tables = static_cast<std::size_t>(set_->shape_tables());
  // Lane order: the placements of one lane first, then the larger ones.
  std::vector<std::size_t> order;
  for (int two_lanes = 0; two_lanes < 2; ++two_lanes)
    for (std::size_t p = 0; p < placements.size(); ++p)
      if ((placements[p].squares.size() > kLaneDigits) == (two_lanes == 1)) order.push_back(p);
  small_ = 0;
  while (small_ < order.size() && placements[order[small_]].squares.size() <= kLaneDigits) ++small_;
  const std::size_t big = placements.size() - small_;
  const std::size_t used = small_ + 2 * big;
  incremental_ = used <= kMaxPlacements;
  if (net_ && (!incremental_ || big > 0))
    throw std::invalid_argument("a net needs a pattern set of placements of at most " +
                                std::to_string(kLaneDigits) + " squares");
  if (!incremental_) {
    fine_.resize(per_phase * static_cast<std::size_t>(phases_));
    for (int phase = 0; phase < phases_; ++phase)
      fine_phase(phase, fine_.data() + phase * per_phase);
    return;
  }
  // Whole vectors of 16 lanes (one AVX2 register): 48 for the 46 placements of
  // the classic set, where 64 would add a third to the work of every move.
  lanes_ = (used + kLaneBlock - 1) / kLaneBlock * kLaneBlock;

  power_.assign(64 * lanes_, 0);
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto& squares = placements[order[i]].squares;
    for (std::size_t k = 0; k < squares.size(); ++k) {
      const bool high = k >= kLaneDigits;
      const std::size_t lane = high ? i + big : i;
      std::uint32_t power = 1;
      for (std::size_t e = high ? kLaneDigits : 0; e < k; ++e) power *= 3;
      power_[squares[k] * lanes_ + lane] = static_cast<std::uint16_t>(power);
    }
  }

  // Per placement: extracted bits (ascending squares) -> raw index with digits 1.
  for (std::size_t p : order) {
    const auto& squares = placements[p].squares;
    std::vector<int> ascending = squares;
    std::sort(ascending.begin(), ascending.end());
    std::vector<std::uint32_t> power_of;  // ascending index j -> 3^(digit position)
    std::uint64_t mask = 0;
    for (int sq : ascending) {
      mask |= std::uint64_t{1} << sq;
      std::uint32_t power = 1;
      for (auto it = squares.begin(); *it != sq; ++it) power *= 3;
      power_of.push_back(power);
    }
    mask_.push_back(mask);
    bits_offset_.push_back(static_cast<std::uint32_t>(raw_of_bits_.size()));
    for (std::uint32_t bits = 0; bits < (1u << ascending.size()); ++bits) {
      std::uint32_t raw = 0;
      for (std::size_t j = 0; j < ascending.size(); ++j)
        if ((bits >> j) & 1) raw += power_of[j];
      raw_of_bits_.push_back(raw);
    }
  }
  // Per phase, per board table: raw index (1 = side not to move) -> fine weight
  // of the entry the side to move sees (digits 1 and 2 swapped).
  std::vector<std::size_t> table_offset;
  for (std::size_t t = 0; t < tables; ++t) {
    table_offset.push_back(direct_per_phase_);
    direct_per_phase_ += features[t].raw_size;
  }
  for (std::size_t p : order)
    direct_offset_.push_back(static_cast<std::uint32_t>(table_offset[placements[p].table]));
  // The scalar features' tables follow the board tables in each phase, so a
  // phase is one block and the per-phase copy of every weight is not kept.
  scalar_offset_.fill(-1);
  const std::size_t scalars_start = direct_per_phase_;
  for (std::size_t k = 0; k < set_->scalars().size(); ++k) {
    scalar_offset_[static_cast<int>(set_->scalars()[k])] = static_cast<int>(direct_per_phase_);
    direct_per_phase_ += features[tables + k].size;
  }
  const std::size_t entries = direct_per_phase_;
  // A zero entry ends each phase: the lanes past the placements read it, so
  // that the net's loops have a fixed count (evaluate_with_net).
  const std::size_t zero_entry = direct_per_phase_++;
  table_byte_offset_.assign(lanes_, static_cast<std::uint32_t>(2 * zero_entry));
  for (std::size_t p = 0; p < order.size(); ++p) table_byte_offset_[p] = 2 * direct_offset_[p];
  // Each entry of a phase's direct tables reads one fine weight of the same
  // phase: the map is found once, then copied phase after phase in order.
  std::vector<std::uint32_t> source(entries);
  for (std::size_t t = 0; t < tables; ++t) {
    const auto& shared = set_->shared_entry(static_cast<int>(t));
    for (std::uint32_t raw = 0; raw < shared.size(); ++raw) {
      std::uint32_t other = 0, power = 1;
      for (std::uint32_t v = raw; v; v /= 3, power *= 3) other += ((3 - v % 3) % 3) * power;
      source[table_offset[t] + raw] = features[t].offset + shared[other];
    }
  }
  for (std::size_t i = scalars_start, k = 0; k < set_->scalars().size(); ++k)
    for (std::uint32_t v = 0; v < features[tables + k].size; ++v)
      source[i++] = features[tables + k].offset + v;
  direct_.resize(direct_per_phase_ * static_cast<std::size_t>(phases_));
  phase_start_ = phase_starts(phases_);
  std::vector<std::int16_t> fine(per_phase);
  for (int phase = 0; phase < phases_; ++phase) {
    fine_phase(phase, fine.data());
    const std::int16_t* from = fine.data();
    std::int16_t* to = direct_.data() + phase * direct_per_phase_;
    for (std::size_t i = 0; i < entries; ++i) to[i] = from[source[i]];
  }
  if (net_) {
    // Each lane's entries and the scalars' tables, for the net's 16-bit bound.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> regions;  // offset, size
    for (std::size_t p : order)
      regions.emplace_back(static_cast<std::uint32_t>(table_offset[placements[p].table]),
                           features[placements[p].table].raw_size);
    for (std::size_t k = 0; k < set_->scalars().size(); ++k)
      regions.emplace_back(scalar_offset_[static_cast<int>(set_->scalars()[k])],
                           features[tables + k].size);
    build_net(source, regions);
  }
  with_lane_count([&]<std::size_t Lanes>() {
    kernels_.evaluate_indices = !net_             ? &plain_evaluation
                                : net_sums_fit16_ ? &net_evaluation<true, Lanes>
                                                  : &net_evaluation<false, Lanes>;
    kernels_.play = &play_at<Lanes>;
    kernels_.evaluate_after = &evaluate_after_at<Lanes>;
  });
}

std::array<std::size_t, 65> PatternEvaluator::phase_starts(int phases) const {
  std::array<std::size_t, 65> start;
  for (int discs = 0; discs <= 64; ++discs)
    start[discs] =
        static_cast<std::size_t>(pattern::phase_of_played(discs - 4, phases)) * direct_per_phase_;
  return start;
}

void PatternEvaluator::build_net(
    const std::vector<std::uint32_t>& source,
    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& regions) {
  constexpr int kWidth = ResidualNet::kWidth;
  for (int j = 0; j < ResidualNet::kHidden; ++j)
    for (int k = 0; k < kWidth; ++k)
      net_w1t_[k * ResidualNet::kHidden + j] = net_->w1[j * kWidth + k];
  net_direct_.resize(direct_per_phase_ * static_cast<std::size_t>(net_->phases));
  net_phase_start_ = phase_starts(net_->phases);
  for (int phase = 0; phase < net_->phases; ++phase)
    for (std::size_t i = 0; i < source.size(); ++i)
      std::memcpy(&net_direct_[phase * direct_per_phase_ + i], net_->entry(phase, source[i]),
                  sizeof(NetLanes));
  // The largest sum each half of the lanes (regions: the lanes in order, then
  // the scalars, which go with the first half) can reach in a lane.
  net_sums_fit16_ = true;
  const std::size_t half = lanes_ / 2;
  for (int phase = 0; phase < net_->phases; ++phase) {
    std::array<std::array<long, kWidth>, 2> bound{};
    for (std::size_t r = 0; r < regions.size(); ++r) {
      std::array<int, kWidth> largest{};
      const NetLanes* from = net_direct_.data() + phase * direct_per_phase_ + regions[r].first;
      for (std::uint32_t e = 0; e < regions[r].second; ++e)
        for (int k = 0; k < kWidth; ++k)
          largest[k] = std::max(largest[k], std::abs(static_cast<int>(from[e][k])));
      for (int k = 0; k < kWidth; ++k) bound[r >= half && r < small_][k] += largest[k];
    }
    for (int k = 0; k < kWidth; ++k)
      net_sums_fit16_ = net_sums_fit16_ && bound[0][k] <= 32767 && bound[1][k] <= 32767;
  }
}

// Inlined into the evaluation, so that the summed accumulator stays in
// registers: called, it was stored and read back (0.979 of the CPU time of a
// midgame search, docs/experiments.md, 2026-12-06).
[[gnu::always_inline]] inline int PatternEvaluator::net_head(const NetSum& sum) const {
  // In 8-float vectors (one 16-float vector measured slower, docs/experiments.md,
  // 2026-11-28, d9b65e3): the inputs, then the 16 hidden units as two vectors, each
  // input broadcast against its row of w1 (transposed), the even and the odd
  // inputs summed apart so that the chains of dependent additions are half
  // as long; the output's lanes summed as a tree.
  using F8 = float __attribute__((vector_size(32)));
  using F4 = float __attribute__((vector_size(16)));
  static_assert(ResidualNet::kWidth == 8 && ResidualNet::kHidden == 16);
  const ResidualNet& n = *net_;
  // 8 floats from memory, wrapped in a struct: a function that returns a bare
  // 32-byte vector has another ABI without AVX (GCC's -Wpsabi in the portable
  // x86-64-v2 build), even where it is inlined; a struct that large always
  // goes through memory.
  struct Loaded {
    F8 v;
  };
  const auto load = [](const float* from) {
    Loaded l;
    std::memcpy(&l.v, from, sizeof l.v);
    return l;
  };
  F8 x = __builtin_convertvector(sum, F8) * (1.0f / ResidualNet::kUnits) + load(n.b0.data()).v;
  x = x > 0 ? x : F8{};
  F8 low[2] = {load(n.b1.data()).v, F8{}}, high[2] = {load(n.b1.data() + 8).v, F8{}};
  for (int k = 0; k < ResidualNet::kWidth; ++k) {
    low[k & 1] += x[k] * load(net_w1t_.data() + k * 16).v;
    high[k & 1] += x[k] * load(net_w1t_.data() + k * 16 + 8).v;
  }
  F8 s0 = low[0] + low[1], s1 = high[0] + high[1];
  s0 = s0 > 0 ? s0 : F8{};
  s1 = s1 > 0 ? s1 : F8{};
  // Registers only: a store and loads of single lanes would stall on store forwarding.
  const F8 t = s0 * load(n.w2.data()).v + s1 * load(n.w2.data() + 8).v;
  const F4 t4 =
      __builtin_shufflevector(t, t, 0, 1, 2, 3) + __builtin_shufflevector(t, t, 4, 5, 6, 7);
  const F4 t2 = t4 + __builtin_shufflevector(t4, t4, 2, 3, 0, 1);
  const float y = (t2[0] + t2[1] + n.b2) * kFineUnits;
  return static_cast<int>(y + (y >= 0 ? 0.5f : -0.5f));  // lround, without its library call
}

template <bool Narrow, std::size_t Lanes>
int PatternEvaluator::evaluate_with_net(const std::uint16_t* index, std::uint64_t me,
                                        std::uint64_t opp) const {
  const int discs = std::popcount(me | opp);
  const std::int16_t* d = direct_.data() + phase_start_[discs];
  const NetLanes* nd = net_direct_.data() + net_phase_start_[discs];
  // Each half of the lanes summed on its own, in 16 bits when the build found
  // that no sum can overflow them (half the work of widening every entry).
  using Acc = std::conditional_t<Narrow, NetLanes, NetSum>;
  int sum = 0;
  Acc first{}, second{};
  each_scalar_kind([&]<pattern::Scalar K>() {
    const int at = scalar_at<K>(me, opp);
    if (at < 0) return;
    sum += d[at];
    add_lanes(first, nd[at]);
  });
  // Each lane's entry as a byte offset into the phase's weights (twice the
  // entry), eight lanes a vector: the net's entries are 8 times that, so both
  // loads of a placement take it as their address's scaled index, with no
  // offset to add and no shift.
  using Entries = std::uint32_t __attribute__((vector_size(32)));
  using Indices = std::uint16_t __attribute__((vector_size(16)));
  alignas(32) std::uint32_t entry_byte[Lanes];
  for (std::size_t b = 0; b < Lanes; b += 8) {
    Indices i;
    Entries offset;
    std::memcpy(&i, index + b, sizeof i);
    std::memcpy(&offset, table_byte_offset_.data() + b, sizeof offset);
    Entries e;
    widen_lanes(i, e);
    const Entries t = e + e + offset;
    std::memcpy(entry_byte + b, &t, sizeof t);
  }
  const char* weight_bytes = reinterpret_cast<const char*>(d);
  const char* lane_bytes = reinterpret_cast<const char*>(nd);
  // Every placement is one lane (the constructor checks it); the lanes past
  // them read the zero entry.
#pragma GCC unroll 8
  for (std::size_t p = 0; p < Lanes / 2; ++p) {
    const std::size_t byte = entry_byte[p];
    sum += *reinterpret_cast<const std::int16_t*>(weight_bytes + byte);
    add_lanes(first, *reinterpret_cast<const NetLanes*>(lane_bytes + byte * 8));
  }
#pragma GCC unroll 8
  for (std::size_t p = Lanes / 2; p < Lanes; ++p) {
    const std::size_t byte = entry_byte[p];
    sum += *reinterpret_cast<const std::int16_t*>(weight_bytes + byte);
    add_lanes(second, *reinterpret_cast<const NetLanes*>(lane_bytes + byte * 8));
  }
  NetSum acc{};
  add_lanes(acc, first);
  add_lanes(acc, second);
  return to_units(sum + net_head(acc));
}

void PatternEvaluator::lane_indices(std::uint64_t ones, std::uint64_t twos,
                                    std::uint16_t* index) const {
  const std::size_t big = mask_.size() - small_;
  for (std::size_t p = 0; p < mask_.size(); ++p) {
    const std::uint32_t raw = raw_digits(p, ones, twos);
    if (p < small_) {
      index[p] = static_cast<std::uint16_t>(raw);
    } else {
      index[p] = static_cast<std::uint16_t>(raw % kLaneBase);
      index[p + big] = static_cast<std::uint16_t>(raw / kLaneBase);
    }
  }
  // The lanes past the placements stay 0 (evaluate_with_net reads them).
  for (std::size_t lane = small_ + 2 * big; lane < lanes_; ++lane) index[lane] = 0;
}

void PatternEvaluator::set_state(State& s, std::uint64_t me, std::uint64_t opp) const {
  for (auto& side : s.index) std::fill(std::begin(side), std::end(side), std::uint16_t{0});
  lane_indices(me, opp, s.index[0]);
  lane_indices(opp, me, s.index[1]);
  s.side = 0;
}

template <std::size_t Lanes>
void PatternEvaluator::flip_powers(std::uint64_t flipped, LaneBlock* sum) const {
  // Whole vectors, zeroed and summed in registers: a zeroing loop over the
  // lanes compiled to rep stos (slow to start on AMD), a quarter of the
  // cycles of building a child's indices.
  for (std::size_t b = 0; b < Lanes / kLaneBlock; ++b) sum[b] = LaneBlock{};
  for (; flipped; flipped &= flipped - 1) {
    const std::uint16_t* power = power_.data() + std::countr_zero(flipped) * Lanes;
    for (std::size_t b = 0; b < Lanes / kLaneBlock; ++b) {
      LaneBlock v;
      std::memcpy(&v, power + b * kLaneBlock, sizeof v);
      sum[b] += v;
    }
  }
}

template <std::size_t Lanes>
void PatternEvaluator::play_lanes(const State& from, State& to, int sq,
                                  std::uint64_t flipped) const {
  // The mover's own view (its digit 1): the new disc 0 -> 1, flips 2 -> 1;
  // the other view: the new disc 0 -> 2, flips 1 -> 2.
  LaneBlock f[Lanes / kLaneBlock];
  flip_powers<Lanes>(flipped, f);
  const std::uint16_t* power = power_.data() + sq * Lanes;
  const std::uint16_t* own = from.index[from.side];
  const std::uint16_t* other = from.index[1 - from.side];
  std::uint16_t* own_to = to.index[from.side];
  std::uint16_t* other_to = to.index[1 - from.side];
  for (std::size_t b = 0; b < Lanes / kLaneBlock; ++b) {
    LaneBlock p, mine, theirs;
    std::memcpy(&p, power + b * kLaneBlock, sizeof p);
    std::memcpy(&mine, own + b * kLaneBlock, sizeof mine);
    std::memcpy(&theirs, other + b * kLaneBlock, sizeof theirs);
    mine += p - f[b];
    theirs += p + p + f[b];
    std::memcpy(own_to + b * kLaneBlock, &mine, sizeof mine);
    std::memcpy(other_to + b * kLaneBlock, &theirs, sizeof theirs);
  }
}

template <std::size_t Lanes>
void PatternEvaluator::play_at(const PatternEvaluator& e, const State& from, State& to, int sq,
                               std::uint64_t flipped) {
  e.play_lanes<Lanes>(from, to, sq, flipped);
  to.side = from.side ^ 1;
}

template <std::size_t Lanes>
void PatternEvaluator::child_lanes(const std::uint16_t* own, int sq, std::uint64_t flipped,
                                   std::uint16_t* child) const {
  LaneBlock f[Lanes / kLaneBlock];
  flip_powers<Lanes>(flipped, f);
  const std::uint16_t* power = power_.data() + sq * Lanes;
  for (std::size_t b = 0; b < Lanes / kLaneBlock; ++b) {
    LaneBlock p, mine;
    std::memcpy(&p, power + b * kLaneBlock, sizeof p);
    std::memcpy(&mine, own + b * kLaneBlock, sizeof mine);
    mine += p - f[b];
    std::memcpy(child + b * kLaneBlock, &mine, sizeof mine);
  }
}

template <bool Narrow, std::size_t Lanes>
int PatternEvaluator::net_evaluation(const PatternEvaluator& e, const std::uint16_t* index,
                                     std::uint64_t me, std::uint64_t opp) {
  return e.evaluate_with_net<Narrow, Lanes>(index, me, opp);
}

int PatternEvaluator::plain_evaluation(const PatternEvaluator& e, const std::uint16_t* index,
                                       std::uint64_t me, std::uint64_t opp) {
  const std::int16_t* d = e.direct_.data() + e.phase_start_[std::popcount(me | opp)];
  int sum = e.scalar_sum(d, me, opp);
  // Unrolled: the loads are the work, not the loop's counting.
#pragma GCC unroll 8
  for (std::size_t p = 0; p < e.small_; ++p) sum += d[e.direct_offset_[p] + index[p]];
  const std::size_t big = e.mask_.size() - e.small_;
  for (std::size_t p = e.small_; p < e.mask_.size(); ++p)
    sum += d[e.direct_offset_[p] + index[p] + kLaneBase * std::uint32_t{index[p + big]}];
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
  return best_child_by(me, opp, moves, beta, nodes, [&](int sq, std::uint64_t f) {
    return evaluate_after(s, sq, f, opp ^ f, me ^ f ^ (std::uint64_t{1} << sq));
  });
}

template <std::size_t Lanes>
int PatternEvaluator::evaluate_after_at(const PatternEvaluator& e, const State& s, int sq,
                                        std::uint64_t flipped, std::uint64_t me,
                                        std::uint64_t opp) {
  alignas(64) std::uint16_t child[Lanes];
  e.child_lanes<Lanes>(s.index[s.side], sq, flipped, child);
  return e.evaluate_indices(child, me, opp);
}

int PatternEvaluator::scalar_sum(const std::int16_t* w, std::uint64_t me, std::uint64_t opp) const {
  int sum = 0;
  each_scalar_kind([&]<pattern::Scalar K>() {
    const int at = scalar_at<K>(me, opp);
    sum += at < 0 ? 0 : w[at];
  });
  return sum;
}

int PatternEvaluator::evaluate8(std::uint64_t me, std::uint64_t opp) const {
  if (incremental_) {
    std::uint16_t index[kMaxPlacements];
    lane_indices(opp, me, index);
    return evaluate_indices(index, me, opp);
  }
  const int phase = pattern::phase_of(me, opp, phases_);
  const std::int16_t* w =
      fine_.data() + static_cast<std::size_t>(phase) * set_->weights_per_phase();
  int sum = 0;
  std::uint32_t active[pattern::kMaxActive];
  set_->active_features(me, opp, active);
  for (int k = 0; k < set_->active_count(); ++k) sum += w[active[k]];
  return to_units(sum);
}

std::shared_ptr<const Evaluator> pattern_evaluator() {
  // The shipped weights live for the whole program; share them without a copy.
  static const auto shared = std::make_shared<const PatternEvaluator>(
      std::shared_ptr<const PatternWeights>(&shipped_weights(), [](const PatternWeights*) {}),
      std::shared_ptr<const ResidualNet>(&shipped_net(), [](const ResidualNet*) {}),
      PatternEvaluator::KnownFit{});
  return shared;
}

}  // namespace flank
