#pragma once
// The computer player's interface: a position and limits go in, a move with its
// score, depth, node count and principal variation come out. The Searcher owns
// its transposition table; one Searcher per thread. ParallelSearcher
// (parallel_search.hpp) runs several that share one table.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/board/position.hpp"
#include "engine/eval/eval.hpp"
#include "engine/search/mpc.hpp"

namespace flank {

class SplitPool;

// What bounds one search. With no depth, seconds, nodes or stop flag the search
// goes to depth 6. The search always returns a legal move, however it is stopped.
struct SearchLimits {
  int depth = 0;       // deepest iteration; 0 = no depth limit (seconds or nodes must bound it)
  double seconds = 0;  // wall-clock budget for this move, checked every 4096 nodes; 0 = none
  // `seconds` is a fixed time for this move alone (flank --time), not a share
  // of a game clock: what the move leaves unused is lost, so new iterations
  // start until the deadline (but near a solve and with randomness, which
  // need time after the iterations). A clock's share stops starting them
  // early (tuning::kIterationStartShare) and saves the rest for later moves.
  bool fixed_time = false;
  // Node budget (aborts the search like a deadline); 0 = none. Threads that
  // split the search share it; under lazy SMP it is the main thread's. Like a
  // fixed time it is spent to its end, but where a solve or a win/loss/draw
  // check follows the iterations: they stop at the clock's shares of it.
  std::uint64_t nodes = 0;
  // Solve exactly (with the remaining budget) at this many empties or fewer;
  // -1 = from depth (depth * 3 / 2 + 2) or seconds (11 + 2 log2(seconds / 0.05)).
  // Two empties above it a win/loss/draw solve follows the search and a proven
  // win or draw is played.
  int exact_empties = -1;
  // 0 = deterministic; > 0 picks, by seed, among the moves proven to score within
  // this many discs of the best one (costs one null-window search per move).
  double randomness = 0;
  std::uint64_t seed = 0;                   // for randomness
  const std::atomic<bool>* stop = nullptr;  // set by another thread to stop early
  // Multi-ProbCut in the 8x8 midgame (engine/search/mpc.hpp): the statistics and how
  // many standard deviations a cut needs (mpc::level_confidence); off when null.
  std::shared_ptr<const mpc::Statistics> mpc;
  double mpc_confidence = 0;
  // Measure `seconds` in each searching thread's own CPU time instead of wall
  // time (engine/search/thread_clock.hpp): fair matches between thread counts on a
  // loaded machine. The wall time may then run over the budget.
  bool thread_cpu_time = false;
};

// The empties at which a search with these limits solves exactly when
// limits.exact_empties is -1 (from the depth, else from the seconds).
int automatic_exact_empties(const SearchLimits& limits);

struct SearchResult {
  Square move = kPass;  // always legal (kPass when the mover has no move)
  int score = 0;        // for the mover: disc difference when exact, else an estimate in discs
  bool exact = false;   // score is the proven final disc difference
  int depth = 0;        // depth of the last completed iteration (empties when exact)
  // The score of the iteration before it (discs, for the mover; = score when
  // there was none or score is proven; when lazy SMP plays a helper's deeper
  // iteration, the main thread's last): with score, an estimate free of the
  // swing between odd and even depths.
  int previous_score = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Square> pv;  // principal variation starting with move (may be just move)
};

// What the threads of one lazy SMP search tell each other (ParallelSearcher
// owns it and resets it for each search): the depth the main thread is
// searching, so that helpers search ahead of it, and the deepest midgame
// iteration any thread completed, which the main thread plays when it is
// deeper than its own.
class SearchProgress {
 public:
  struct Iteration {
    int depth = 0;
    Square move = kPass;
    int score = 0;  // in discs, for the mover
  };
  void reset();
  void main_started(int depth) { main_depth_.store(depth, std::memory_order_relaxed); }
  int main_depth() const { return main_depth_.load(std::memory_order_relaxed); }
  void completed(const Iteration& iteration);  // kept when deeper than the deepest so far
  Iteration deepest() const;

 private:
  std::atomic<int> main_depth_{0};
  mutable std::mutex mutex_;
  Iteration deepest_;
};

class Searcher {
 public:
  explicit Searcher(std::size_t hash_mb = 64);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  SearchResult search(const Position& p, const SearchLimits& limits);
  // Exact solve; with win_loss_draw only the sign of the score is proven
  // (score -1, 0 or +1 style bounds: < 0 loss, 0 draw, > 0 win).
  SearchResult solve(const Position& p, bool win_loss_draw = false);
  // The same within limits (seconds, nodes, stop); if they cut it short the
  // result is a midgame estimate with exact == false.
  SearchResult solve(const Position& p, const SearchLimits& limits, bool win_loss_draw);
  void clear();                      // forget everything learnt (new game)
  void set_hash_mb(std::size_t mb);  // resizes and clears the transposition table
  std::size_t hash_mb() const;

  // The 8x8 evaluation (other sizes always use the hand evaluation). nullptr
  // restores the hand evaluation, the default.
  void set_evaluator(std::shared_ptr<const Evaluator> evaluator);
  const Evaluator& evaluator() const;

  // Lazy SMP (parallel_search.hpp): search with main's transposition table as
  // helper thread number `helper` >= 1; odd helpers search one ply deeper than
  // asked. Neither searcher may be searching when this is called.
  void help(const Searcher& main, int helper);
  // The progress board of a lazy SMP search, for the main thread and the
  // helpers alike; nullptr (the default) searches alone.
  void set_progress(SearchProgress* progress);
  // Threads that share the nodes of this searcher's searches (young brothers
  // wait, engine/search/split_pool.hpp), their serve() running meanwhile;
  // nullptr (the default) searches alone.
  void set_split_pool(SplitPool* pool);

 private:
  struct Impl;
  Impl* impl_;
};

}  // namespace flank

// The playing levels (level_limits) live beside the searcher they configure.
#include "engine/search/levels.hpp"  // IWYU pragma: export
