#pragma once
// The residual net: a small learnt nonlinear correction added to the linear
// pattern weights' value. Each table entry of the weights' pattern set holds,
// per net phase, kWidth numbers; a position sums the vectors of its active
// entries (the same entries the weights read), then a ReLU, kHidden ReLU
// units and one output in discs. Fitted by flank-train --net-only over one
// weights file (docs/train.md); the engine reads the sum in the pass that
// reads the weights (engine/eval/pattern_evaluator.hpp).
//
// File format (all integers little-endian):
//   8 bytes  "FLANKNET"
//   u32      format version (kNetFormatVersion)
//   u32      pattern layout id (PatternSet::layout_id())
//   u32      net phases (1..61, by discs on the board like the weights' phases)
//   u32      entries per phase (the set's weights per phase)
//   u32      width (kWidth), u32 hidden units (kHidden), u32 units per disc of
//            the entries (kUnits)
//   u64      FNV-1a 64 checksum of the weights file the net was fitted over
//            (flank refuses the net with any other weights)
//   169 x u32  the head's floats as IEEE bits: b0[kWidth], w1[kHidden][kWidth],
//            b1[kHidden], w2[kHidden], b2
//   u32      payload length in bytes
//   payload  the entries, phase after phase, entry after entry, kWidth each,
//            as integers of 1/kUnits in the weights' code (binary_codec.hpp
//            put_zero_runs)
//   u64      FNV-1a 64 checksum of every byte before it

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/eval/pattern_features.hpp"
#include "engine/eval/pattern_weights.hpp"

namespace flank {

constexpr std::uint32_t kNetFormatVersion = 1;

struct ResidualNet {
  static constexpr int kWidth = 8;
  static constexpr int kHidden = 16;
  static constexpr int kUnits = 256;
  static constexpr int kHeadFloats = kWidth + kHidden * kWidth + kHidden + kHidden + 1;

  int phases = 4;
  const pattern::PatternSet* set = &pattern::classic_set();
  std::uint64_t base_checksum = 0;  // weights_checksum() of the weights it corrects
  std::vector<std::int16_t> embed;  // [phase][entry][kWidth], 1/kUnits
  std::array<float, kWidth> b0{};
  std::array<float, kHidden * kWidth> w1{};  // [hidden][input]
  std::array<float, kHidden> b1{}, w2{};
  float b2 = 0;

  // All zero (a net that adds nothing) for `set`'s entries.
  explicit ResidualNet(int phase_count = 4,
                       const pattern::PatternSet& pattern_set = pattern::classic_set());

  const std::int16_t* entry(int phase, std::uint32_t index) const {
    return embed.data() +
           (static_cast<std::size_t>(phase) * set->weights_per_phase() + index) * kWidth;
  }
  // Whether the net was fitted over these weights (their set and file checksum).
  bool fits(const PatternWeights& weights) const;
  // The head on a summed accumulator (entries in 1/kUnits): the net's output in discs.
  float head(const std::array<float, kWidth>& sum) const;
  // The correction in discs for `me` to move (8x8 bitboards): the plain
  // reference of what the evaluator computes in its own pass.
  float evaluate(std::uint64_t me, std::uint64_t opp) const;

  std::string to_bytes() const;
  // Throws std::runtime_error naming `source` for a bad, corrupt or foreign file.
  static ResidualNet from_bytes(std::string_view bytes, const std::string& source);
};

// The checksum a net records of its weights: that of their file's bytes.
std::uint64_t weights_checksum(const PatternWeights& weights);

// The net shipped with flank (data/pattern-net.bin, built in), fitted over the
// shipped weights.
const ResidualNet& shipped_net();
std::string_view shipped_net_bytes();

}  // namespace flank
