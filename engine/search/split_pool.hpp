#pragma once
// Young brothers wait at any node (YBWC): a node whose eldest move did not cut
// off, deep enough to pay and searched while some thread is idle, becomes a
// split point; its remaining moves go to whichever threads take them, each
// searching with its own SearchTree on the shared table. The first to reach
// beta cuts the node: the others stop within tuning::kBudgetCheckNodes nodes.
// The owner, out of moves, waits for its helpers and meanwhile helps at split
// points below its own (so a thread never waits while work it waits for could
// be shared). The split points live on their owners' stacks; the pool only
// lists them. SearchTree does the searching (search_tree.cpp); the threads
// come from the parallel layer (ParallelSearcher), which calls serve().

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace flank {

class SplitPoint {
 public:
  virtual ~SplitPoint() = default;
  // Searches this node's moves on the calling thread until none is left or
  // the node is cut: a new SearchTree over the owner's context.
  virtual void help(int thread) = 0;
  // Whether this node or one it lies below was cut (a reply reached beta, or
  // the owner stopped): its searches are then wasted.
  bool cut_here_or_above() const {
    for (const SplitPoint* s = this; s; s = s->parent)
      if (s->cut.load(std::memory_order_relaxed)) return true;
    return false;
  }

  const SplitPoint* parent = nullptr;  // the split point the owner was searching below
  std::atomic<bool> cut{false};
  // Guarded by the pool's mutex.
  std::size_t next = 0, size = 0;  // the moves next .. size - 1 are still to take
  int alpha = 0, beta = 0;         // the node's window, alpha raised by each result
  int best = 0, best_index = -1;
  int helpers = 0;  // threads in help() now
  // A thread stopped in the middle of a move it took (a cut above, the
  // budget): unless the node is cut, its best is then not the node's value.
  bool abandoned = false;
};

class SplitPool {
 public:
  // Whether a split now could find a thread: some thread is idle or waiting
  // for its helpers (a hint, read without the lock).
  bool has_idle() const { return idle_.load(std::memory_order_relaxed) > 0; }

  // The search's lifetime: serve() returns once end_search() is called.
  void begin_search();
  void end_search();
  // A helper thread's loop for one search: join split points as they open.
  void serve(int thread);

  // The owner's side of a split point: open it, take its moves one by one,
  // and close it (waiting for the helpers; the node is done when it returns).
  void open(SplitPoint& sp);
  // The next move's index and the window's alpha now; false when none is
  // left or the node is cut.
  bool take(SplitPoint& sp, std::size_t& index, int& alpha);
  void close(SplitPoint& sp, int thread);

  std::mutex& mutex() { return mutex_; }  // guards the split points' results
  // Nodes searched in help() since begin_search (the helpers' and the owners'
  // while waiting).
  std::uint64_t helper_nodes() const { return helper_nodes_.load(std::memory_order_relaxed); }
  void add_helper_nodes(std::uint64_t n) { helper_nodes_.fetch_add(n, std::memory_order_relaxed); }
  // A node budget (SearchLimits::nodes) bounds the threads' nodes together:
  // each adds what it searched since its last check; returns the total.
  std::uint64_t count_budget_nodes(std::uint64_t n) {
    return budget_nodes_.fetch_add(n, std::memory_order_relaxed) + n;
  }
  // How the threads spent the search, for benchmarks: splits opened, threads
  // joining one, and seconds threads spent waiting with nothing to join.
  struct Counters {
    std::uint64_t splits = 0, joins = 0;
    double idle_seconds = 0;
    Counters& operator+=(const Counters& o) {
      splits += o.splits;
      joins += o.joins;
      idle_seconds += o.idle_seconds;
      return *this;
    }
  };
  Counters counters() const;

 private:
  // The open split point nearest the root with a move left; with `below`,
  // only one under it. The mutex must be held.
  SplitPoint* find_open(const SplitPoint* below) const;
  void remove_open(SplitPoint& sp);
  // Runs sp->help on this thread; the lock is released meanwhile.
  void help_at(SplitPoint* sp, int thread, std::unique_lock<std::mutex>& lock);
  // A waiting thread's step: help at an open split point (with `below`, one
  // under it) or wait until one opens, a helper leaves or the search ends.
  void help_or_wait(const SplitPoint* below, int thread, std::unique_lock<std::mutex>& lock);

  mutable std::mutex mutex_;
  std::condition_variable changed_;  // a split point opened, a helper left, the search ended
  // Counts those changes, so that a thread about to wait can spin on it first:
  // waking a blocked thread takes longer than many a split point lasts.
  std::atomic<std::uint64_t> changes_{0};
  std::vector<SplitPoint*> open_;  // in the order opened
  std::atomic<int> idle_{0};
  std::atomic<std::uint64_t> helper_nodes_{0};
  std::atomic<std::uint64_t> budget_nodes_{0};
  bool searching_ = false;
  Counters counters_;
};

}  // namespace flank
