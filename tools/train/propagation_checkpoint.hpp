#pragma once
// The propagation's checkpoint (`flank-train --propagate-checkpoint FILE`):
// after each phase, everything the rest of the run depends on (the weights
// as floats, every label, the learning curve so far) in one binary file, so
// that a run killed after hours of searches resumes at the next phase and
// writes the same bytes as one that never stopped. A checkpoint carries the
// fingerprint of its positions and settings; one of another run is ignored.
//
// Sharded propagation (`--propagate-shard K/N --propagate-part FILE`): N
// workers, anywhere, each read the checkpoint, search their share (by game
// number) of the next phase's positions and write a part file; the merge
// (`--propagate-parts FILE...`) puts the N parts' labels in, refits the
// phase and saves the checkpoint: the same bytes as one machine's run, as
// each label depends only on its position and the checkpoint's weights.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/eval/pattern_weights.hpp"
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

// One shard's new labels for one phase.
struct PropagationPart {
  std::uint64_t fingerprint = 0;   // the run's
  int phase = -1;                  // the phase relabelled (-1: none was left)
  int shard = 1, shards = 1;       // K/N
  std::vector<std::size_t> which;  // sample indices
  std::vector<float> labels;
  std::vector<LabelKind> kinds;
};

// Writes and reads a part file; a truncated, corrupt or foreign file throws
// std::runtime_error naming it.
void save_part(const std::string& path, const PropagationPart& part);
PropagationPart load_part(const std::string& path);

// Puts the parts' labels (each named by its path) into `samples` after
// checking that they are of this run (`fingerprint`) and of `phase`, that
// each of the N shards is there once and that together they relabel exactly
// `which` (relabelled_in_phase); throws std::runtime_error naming the first
// problem, before changing anything.
void apply_parts(const std::vector<std::pair<std::string, PropagationPart>>& parts,
                 std::uint64_t fingerprint, int phase, const std::vector<std::size_t>& which,
                 std::vector<Sample>& samples);

}  // namespace flank::train
