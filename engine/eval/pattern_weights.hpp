#pragma once
// The trained evaluation's weights: one table per pattern feature and phase,
// and the compact, versioned file format that stores them.
//
// File format (all integers little-endian):
//   8 bytes  "FLANKPAT"
//   u32      format version (kWeightsFormatVersion)
//   u32      feature layout id (PatternSet::layout_id(); a layout no declared
//            set has is refused)
//   u32      phases (1..61)
//   u32      weights per phase
//   u32      units per disc (weights are stored as integers of 1/units disc)
//   u32      flags (format version 2 only; version 1 files have none):
//            bit 0 (kPerMoveBlend): the phases are the control points of a
//            per-move blend (engine/eval/phase_blend.hpp); other bits are refused
//   u32      payload length in bytes
//   payload  the weights, phase after phase: a non-zero weight is the varint of
//            its zigzag code; byte 0 starts a run of zeros whose length - 1
//            follows as a varint
//   u64      FNV-1a 64 checksum of every byte before it

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/eval/pattern_features.hpp"

namespace flank {

// Plain weights are written as version 1 (no flags), so that builds before
// version 2 still read them; weights with a flag as version 2.
constexpr std::uint32_t kWeightsFormatVersion = 2;
constexpr std::uint32_t kPerMoveBlend = 1;
constexpr int kWeightUnitsPerDisc = 128;
// The most phases weights (and nets) may have: one for each count of discs on 8x8.
constexpr int kMaxPhases = 61;

class PatternWeights {
 public:
  // All weights zero for the features of `set` (which must outlive the
  // weights); throws std::invalid_argument unless 1 <= phases <= 61.
  explicit PatternWeights(int phases = 12, const pattern::PatternSet& set = pattern::classic_set());

  int phases() const { return phases_; }
  const pattern::PatternSet& set() const { return *set_; }
  std::vector<float>& values() { return values_; }
  const std::vector<float>& values() const { return values_; }
  const float* phase_weights(int phase) const { return values_.data() + phase * per_phase_; }
  float* phase_weights(int phase) { return values_.data() + phase * per_phase_; }

  // True when the phases are the control points of a per-move blend: flank
  // evaluates a position `played` moves in with the blend of the two phases
  // whose middles surround it (engine/eval/phase_blend.hpp). Saved in the file.
  bool per_move_blend() const { return per_move_blend_; }
  void set_per_move_blend(bool on) { per_move_blend_ = on; }

  // The position's value in discs for the side to move `me` (8x8 bitboards),
  // blended per move when per_move_blend().
  float evaluate(std::uint64_t me, std::uint64_t opp) const;

  // Weights rounded to the file's resolution (what a save and load gives back).
  void round_to_file_resolution();

  // The file bytes; `from_bytes` names `source` in its std::runtime_error messages.
  std::string to_bytes() const;
  static PatternWeights from_bytes(std::string_view bytes, const std::string& source);

 private:
  int phases_;
  const pattern::PatternSet* set_;
  std::uint32_t per_phase_;
  std::vector<float> values_;
  bool per_move_blend_ = false;
};

// Reading and writing the file: tools/common/weights_file.hpp.

}  // namespace flank
