#pragma once
// Multi-ProbCut (Buro): at a node searched `depth` plies deep, a much shallower
// search predicts the deep score through a fitted linear relation
//   deep ~ slope * shallow + intercept   (residual standard deviation sigma)
// and, when the prediction lies far enough outside the alpha-beta window, the
// node is cut without the deep search. The statistics are fitted by flank-train
// per empties bucket and deep depth; the search asks probe() for the two
// null-window bounds to test with its shallow search.
//
// The selective endgame: a node searched to the end of the game (depth >=
// empties) in the midgame search keeps Multi-ProbCut from
// kSelectiveMinEmpties empties on, with a relation per empties count between
// a shallow search and the exact score (the endgame pairs); fewer empties are
// solved exactly. A requested exact solve never cuts.
//
// File format (little-endian): "FLANKMPC", u32 format version, u32 buckets,
// u32 empties per bucket, u32 max depth, then per bucket and per depth
// 0..max depth: u32 shallow depth (0 = no statistics), f32 slope, intercept,
// sigma (discs, as IEEE bits); version 2 then has u32 first endgame empties,
// u32 endgame pair count and the endgame pairs (the same four fields, one per
// empties count from the first); then the FNV-1a 64 checksum of every byte
// before. Version 1 files (no endgame pairs) are still read.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flank::mpc {

constexpr std::uint32_t kFormatVersion = 2;

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

  // Endgame pairs (shallow search -> exact score) for `count` empties counts
  // from `first` on; throws std::invalid_argument outside 1..60.
  void set_endgame_range(int first, int count);
  int endgame_first() const { return endgame_first_; }
  int endgame_count() const { return static_cast<int>(endgame_.size()); }
  Pair& endgame(int empties) { return endgame_[endgame_index(empties)]; }
  // The endgame pair for a node with this many empties, or null.
  const Pair* find_endgame(int empties) const;

  std::string to_bytes() const;
  // Throws std::runtime_error naming `source` for a bad, corrupt or foreign file.
  static Statistics from_bytes(std::string_view bytes, const std::string& source);

 private:
  std::size_t index(int bucket, int depth) const;
  bool has_endgame_slot(int empties) const;
  std::size_t endgame_index(int empties) const;
  int buckets_, per_bucket_, max_depth_;
  std::vector<Pair> pairs_;
  int endgame_first_ = 0;
  std::vector<Pair> endgame_;
};

// Shallowest depth at which a shallow search tries a cut (below, at
// kStaticDepth, the evaluation does).
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
// Depth 2 (kStaticDepth): the static evaluation stands in for the shallow
// search, with a built-in relation per ten empties (deep ~ evaluation +
// intercept) measured on the depth-2 nodes of searches rather than fitted per
// statistics file: a depth-2 search costs dozens of evaluations, one tells
// the nodes far outside the window (docs/experiments.md "The static evaluation as
// the shallow search").
constexpr int kStaticDepth = 2;
std::optional<Probe> probe_static(int empties, int alpha, int beta, double confidence, int units);
// The same for a node of the selective endgame (searched to the end), from
// its endgame pair; nothing below kSelectiveMinEmpties or without a pair.
std::optional<Probe> probe_endgame(const Statistics& stats, int empties, int alpha, int beta,
                                   double confidence, int units);

// Fewest empties at which the selective endgame cuts (below, exact solving is cheap).
constexpr int kSelectiveMinEmpties = 12;
// The shallow search depth of the endgame pair for this many empties.
int endgame_shallow_depth(int empties);

// The cut confidence (standard deviations) for a playing level 1..10: the
// depth levels 1-3 prune more cautiously as they deepen, the budget levels 4-10
// as timed play does (kTimedConfidence).
double level_confidence(int level);
// The confidence of play bounded by time alone (the front ends' level "max").
// Measured (docs/experiments.md "The Multi-ProbCut confidence of timed play"): 1.2
// against 1.5, +21.7 Elo (+3.9 to +39.8) over 1,200 games at 0.1 s a move
// and 6 s a game; 0.7 and 2.0 lost 70-100 Elo (2026-11-25, 007ae66). At 0.25 s
// a move 1.0 and 1.4 each scored below it, -24.4 and -15.6 over 400 games
// (2026-12-06).
constexpr double kTimedConfidence = 1.2;

// The statistics built into flank (data/mpc-stats.bin, embedded at build time).
std::shared_ptr<const Statistics> shipped_statistics();
std::string_view shipped_statistics_bytes();

}  // namespace flank::mpc
