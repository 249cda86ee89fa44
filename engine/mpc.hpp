#pragma once
// Multi-ProbCut (Buro): at a node searched `depth` plies deep, a much shallower
// search predicts the deep score through a fitted linear relation
//   deep ~ slope * shallow + intercept   (residual standard deviation sigma)
// and, when the prediction lies far enough outside the alpha-beta window, the
// node is cut without the deep search. The statistics are fitted by flank-train
// per empties bucket and deep depth; the search asks probe() for the two
// null-window bounds to test with its shallow search.
//
// File format (little-endian): "FLANKMPC", u32 format version, u32 buckets,
// u32 empties per bucket, u32 max depth, then per bucket and per depth
// 0..max depth: u32 shallow depth (0 = no statistics), f32 slope, intercept,
// sigma (discs, as IEEE bits); then the FNV-1a 64 checksum of every byte before.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flank::mpc {

constexpr std::uint32_t kFormatVersion = 1;

// One depth pair's relation, in discs.
struct Pair {
  int shallow = 0;  // 0: no statistics for this depth
  float slope = 1, intercept = 0, sigma = 0;
};

class Statistics {
 public:
  // Empty statistics (no pair): throws std::invalid_argument for bad sizes.
  Statistics(int buckets, int empties_per_bucket, int max_depth);

  int buckets() const { return buckets_; }
  int empties_per_bucket() const { return per_bucket_; }
  int max_depth() const { return max_depth_; }
  int bucket_of(int empties) const;
  Pair& at(int bucket, int depth) { return pairs_[index(bucket, depth)]; }
  const Pair& at(int bucket, int depth) const { return pairs_[index(bucket, depth)]; }
  // The pair for a node: its bucket, and the deepest fitted depth <= depth.
  const Pair* find(int empties, int depth) const;

  std::string to_bytes() const;
  // Throws std::runtime_error naming `source` for a bad, corrupt or foreign file.
  static Statistics from_bytes(std::string_view bytes, const std::string& source);

 private:
  std::size_t index(int bucket, int depth) const;
  int buckets_, per_bucket_, max_depth_;
  std::vector<Pair> pairs_;
};

// Shallowest depth at which the search tries a cut.
constexpr int kMinDepth = 3;
// The shallow depth used for a deep depth.
int shallow_depth(int depth);

// The null-window bounds, in eval units (`units` per disc), that decide a cut:
// a shallow score >= high predicts a deep score >= beta, one <= low predicts a
// deep score <= alpha, each with `confidence` standard deviations of margin.
struct Probe {
  int shallow = 0;
  int high = 0, low = 0;
};
std::optional<Probe> probe(const Statistics& stats, int empties, int depth, int alpha, int beta,
                           double confidence, int units);

// The cut confidence (standard deviations) for a playing level 1..10: higher
// levels prune more cautiously.
double level_confidence(int level);
// The confidence of play bounded by time alone (the front ends' level "max").
constexpr double kTimedConfidence = 1.5;

// The statistics built into flank (data/mpc-stats.bin, embedded at build time).
std::shared_ptr<const Statistics> shipped_statistics();
std::string_view shipped_statistics_bytes();

}  // namespace flank::mpc
