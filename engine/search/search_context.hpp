#pragma once
// What one search decision works with, apart from the algorithms that search:
// the board's geometry and shape, the transposition table, the 8x8
// evaluation, the limits with the budget they set (deadline, node limit, stop
// flag) and the statistics (nodes visited). SearchTree (the negamax) reads and
// counts through it; Searcher builds one per decision.

#include <atomic>
#include <chrono>
#include <cstdint>

#include "engine/eval/eval.hpp"
#include "engine/eval/hand_eval.hpp"
#include "engine/search/search.hpp"
#include "engine/search/search_tuning.hpp"
#include "engine/search/split_pool.hpp"
#include "engine/search/thread_clock.hpp"
#include "engine/table/tt.hpp"

namespace flank {

template <class Set>
class SearchContext {
 public:
  using Clock = std::chrono::steady_clock;

  SearchContext(const Geometry<Set>& g, TranspositionTable& tt, const Evaluator& eval8,
                const EvalShape<Set>& shape, const SearchLimits& limits, Clock::time_point start)
      : g(g), tt(tt), eval8(eval8), shape(shape), limits(limits), start(start) {
    if (limits.seconds > 0) {
      has_deadline_ = true;
      deadline_ = start + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(limits.seconds));
      cpu_deadline_ = thread_cpu_seconds() + limits.seconds;
    }
  }
  SearchContext(const SearchContext&) = delete;
  SearchContext& operator=(const SearchContext&) = delete;

  const Geometry<Set>& g;
  TranspositionTable& tt;
  const Evaluator& eval8;  // the 8x8 evaluation (other sizes use the hand evaluation)
  const EvalShape<Set>& shape;
  const SearchLimits limits;
  const Clock::time_point start;
  std::uint64_t nodes = 0;  // leaves that count their own nodes add to it directly
  // Splitting between threads (engine/search/split_pool.hpp): the pool, this
  // thread's number in it, and the split point it searches below (its cut
  // stops this search too); no pool: one thread.
  SplitPool* pool = nullptr;
  int thread = 0;
  const SplitPoint* split = nullptr;

  // Counts a node; true when the search must stop (time, nodes or stop flag).
  bool count_node() {
    ++nodes;
    return over_budget();
  }
  // The same without counting, checked every tuning::kBudgetCheckNodes nodes.
  bool over_budget() {
    if (nodes >= next_check_) {
      next_check_ = nodes + tuning::kBudgetCheckNodes;
      check_budget();
    } else if (split && nodes >= next_cut_check_) {
      // A cut above wastes every node searched until it is seen: look sooner.
      next_cut_check_ = nodes + tuning::kCutCheckNodes;
      check_cut();
    }
    return aborted_;
  }
  bool aborted() const { return aborted_; }
  // The nodes spent against limits.nodes: this thread's, or with a split
  // pool, every splitting thread's together.
  std::uint64_t budget_nodes_spent() {
    const std::uint64_t spent = pool ? pool->count_budget_nodes(nodes - counted_) : nodes;
    counted_ = nodes;
    return spent;
  }
  // Checks the budget now: a thread joining a split point must not search
  // kBudgetCheckNodes nodes past a budget the others have already spent.
  bool check_now() {
    check_budget();
    return aborted_;
  }
  // Stops this search as the budget would: a split point it owns lost a
  // helper's move to a stop that this thread has not seen yet.
  void abort() { aborted_ = true; }
  // After a split point below which this search stopped is done: the search
  // goes on unless its own budget or a split point above stops it too.
  void resume() {
    aborted_ = false;
    check_budget();
  }

 private:
  void check_budget() {
    if (limits.stop && limits.stop->load(std::memory_order_relaxed)) aborted_ = true;
    if (limits.nodes) {
      if (budget_nodes_spent() >= limits.nodes) aborted_ = true;
    }
    if (has_deadline_ && (limits.thread_cpu_time ? thread_cpu_seconds() >= cpu_deadline_
                                                 : Clock::now() >= deadline_))
      aborted_ = true;
    check_cut();
  }
  void check_cut() {
    if (split && split->cut_here_or_above()) aborted_ = true;
  }

  Clock::time_point deadline_;
  double cpu_deadline_ = 0;  // with limits.thread_cpu_time
  bool has_deadline_ = false;
  std::uint64_t next_check_ = tuning::kBudgetCheckNodes;  // nodes at which to check next
  std::uint64_t next_cut_check_ = tuning::kCutCheckNodes;
  std::uint64_t counted_ = 0;  // nodes already added to the pool's budget count
  bool aborted_ = false;
};

}  // namespace flank
