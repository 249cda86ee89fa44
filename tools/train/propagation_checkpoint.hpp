#pragma once
// The propagation's checkpoint (`flank-train --propagate-checkpoint FILE`):
// after each phase, everything the rest of the run depends on (the weights
// as floats, every label, the learning curve so far) in one binary file, so
// that a run killed after hours of searches resumes at the next phase and
// writes the same bytes as one that never stopped. A checkpoint carries the
// fingerprint of its positions and settings; one of another run is ignored.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/pattern_weights.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

struct PropagationCheckpoint {
  int done_phase = 0;          // phases from here to the last are propagated
  std::vector<float> weights;  // PatternWeights::values() after that phase
  std::vector<float> labels;   // every sample's label, in sample order
  std::vector<LabelKind> kinds;
  std::string curve, propagated;  // the learning curve's two tables so far
};

// The fingerprint of a run: its positions with their labels before any fit
// and a description of every setting that changes the result.
std::uint64_t run_fingerprint(const std::vector<Sample>& samples, std::string_view settings);

// Writes the checkpoint after `done_phase` (to a temporary file renamed over
// `path`, so a kill while writing leaves the previous one); throws
// std::runtime_error naming the file when it cannot be written.
void save_checkpoint(const std::string& path, std::uint64_t fingerprint, int done_phase,
                     const PatternWeights& weights, const std::vector<Sample>& samples,
                     const std::string& curve, const std::string& propagated);

// The checkpoint at `path` when it belongs to this run (same fingerprint and
// sizes); nothing when there is none. Throws std::runtime_error naming the
// file when it is truncated or corrupt.
std::optional<PropagationCheckpoint> load_checkpoint(const std::string& path,
                                                     std::uint64_t fingerprint, std::size_t samples,
                                                     std::size_t weights);

// Puts the checkpoint's labels and weights back.
void restore(const PropagationCheckpoint& checkpoint, std::vector<Sample>& samples,
             PatternWeights& weights);

}  // namespace flank::train
