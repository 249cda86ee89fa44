#pragma once
// Parallel search: every thread on one shared transposition table. By default
// the threads share the main search's nodes, young brothers wait at any node
// deep enough (engine/search/split_pool.hpp), in the midgame and the exact
// and win/loss/draw solves alike. Lazy SMP, kept to measure against, lets
// each helper thread run the same search on its own (odd helpers one ply
// deeper) so that the main search finds much of its tree already searched.
// With one thread both are exactly Searcher's deterministic search.

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/search/search.hpp"
#include "engine/search/split_pool.hpp"

namespace flank {

// The number of threads when the user does not say: every core.
int default_search_threads();
constexpr int kMaxSearchThreads = 256;

// How the threads share a search (docs/search.md, "Parallel search").
enum class ParallelMethod {
  Split,  // young brothers wait at any node: the default, measured fastest
  Lazy,   // lazy SMP: each helper its own search on the shared table
};

class ParallelSearcher {
 public:
  explicit ParallelSearcher(std::size_t hash_mb = 64, int threads = 1);
  ~ParallelSearcher();
  ParallelSearcher(const ParallelSearcher&) = delete;
  ParallelSearcher& operator=(const ParallelSearcher&) = delete;

  // As Searcher's. nodes counts the main thread's and those of the helpers that
  // have stopped when it returns (on a busy machine one may still be stopping:
  // the answer does not wait for it).
  SearchResult search(const Position& p, const SearchLimits& limits);
  SearchResult solve(const Position& p, bool win_loss_draw = false);
  SearchResult solve(const Position& p, const SearchLimits& limits, bool win_loss_draw);
  void clear();
  void set_hash_mb(std::size_t mb);
  std::size_t hash_mb() const;
  void set_evaluator(std::shared_ptr<const Evaluator> evaluator);
  const Evaluator& evaluator() const;

  // Throws std::invalid_argument outside 1..kMaxSearchThreads.
  void set_threads(int threads);
  int threads() const { return static_cast<int>(helpers_.size()) + 1; }
  // The main thread's share of the last search's nodes: the work on the
  // critical path, which the helpers exist to shorten.
  std::uint64_t main_nodes() const { return main_nodes_; }
  void set_method(ParallelMethod method) { method_ = method; }
  // How the threads of the last split search spent it (splits, joins, waits).
  SplitPool::Counters split_counters() const { return split_pool_.counters(); }

 private:
  // split: the threads share the main search's nodes (young brothers wait)
  // instead of searching on their own (lazy SMP).
  SearchResult run_all(const Position& p, const SearchLimits& limits, bool solve,
                       bool win_loss_draw, bool split = false);
  void join_helpers();  // stops the helpers' search and waits for it (the threads stay)
  void start_pool();    // one waiting thread per helper
  void stop_pool();     // ends those threads
  void helper_loop(std::size_t i);

  Searcher main_;
  SearchProgress progress_;                     // lazy SMP's board, shared by main_ and the helpers
  std::shared_ptr<const Evaluator> evaluator_;  // nullptr: the hand evaluation
  std::vector<std::unique_ptr<Searcher>> helpers_;
  ParallelMethod method_ = ParallelMethod::Split;
  std::uint64_t main_nodes_ = 0;
  // The helper threads live as long as the thread count: starting threads for
  // every search cost more than the search at shallow depths. They wait for
  // the next search (a new generation) and may outlive a search call by a
  // moment, so what they read is kept here.
  std::vector<std::jthread> pool_;
  std::atomic<bool> stop_helpers_{false};
  Position position_;
  SearchLimits helper_limits_;
  bool solve_ = false, win_loss_draw_ = false, split_ = false;
  SplitPool split_pool_;
  std::mutex mutex_;  // guards everything below
  std::condition_variable wake_, helper_done_;
  std::uint64_t generation_ = 0;  // a new search for the helpers
  bool quit_ = false;             // the helper threads end
  std::vector<std::uint64_t> helper_nodes_;
  int helpers_left_ = 0;
};

}  // namespace flank
