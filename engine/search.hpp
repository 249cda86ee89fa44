#pragma once
// The computer player's interface: a position and limits go in, a move with its
// score, depth, node count and principal variation come out. The Searcher owns
// its transposition table; one Searcher per thread.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/position.hpp"

namespace flank {

struct SearchLimits {
  int depth = 0;       // deepest iteration; 0 = no depth limit (seconds or nodes must bound it)
  double seconds = 0;  // wall-clock budget for this move; 0 = none
  std::uint64_t nodes = 0;  // node budget; 0 = none
  int exact_empties = -1;   // solve exactly from this many empties; -1 = chosen from depth/time
  double randomness = 0;    // 0 = deterministic; >0 picks among near-best moves (score units)
  std::uint64_t seed = 0;   // for randomness
  const std::atomic<bool>* stop = nullptr;  // set by another thread to stop early
};

struct SearchResult {
  Square move = kPass;  // always legal (kPass when the mover has no move)
  int score = 0;        // for the mover: disc difference when exact, else an estimate in discs
  bool exact = false;   // score is the proven final disc difference
  int depth = 0;        // depth of the last completed iteration (empties when exact)
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Square> pv;  // principal variation starting with move (may be just move)
};

class Searcher {
 public:
  explicit Searcher(std::size_t hash_mb = 64);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  SearchResult search(const Position& p, const SearchLimits& limits);
  // Exact solve; with win_loss_draw only the sign of the score is proven.
  SearchResult solve(const Position& p, bool win_loss_draw = false);
  void clear();  // forget everything learnt (new game)
  void set_hash_mb(std::size_t mb);

 private:
  struct Impl;
  Impl* impl_;
};

// Playing levels 1..kMaxLevel; each is a fixed depth (see level_limits).
constexpr int kMaxLevel = 10;
constexpr int kDefaultLevel = 5;
SearchLimits level_limits(int level);

}  // namespace flank
