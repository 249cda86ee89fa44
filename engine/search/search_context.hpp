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
#include "engine/search/thread_clock.hpp"
#include "engine/table/tt.hpp"

namespace flank {

template <class Set>
class SearchContext {
 public:
  using Clock = std::chrono::steady_clock;

  SearchContext(const Geometry<Set>& g, TranspositionTable& tt, const Evaluator& eval8,
                const EvalShape<Set>& shape, const SearchLimits& limits, Clock::time_point start)
      : g(g), tt(tt), eval8(eval8), shape(shape), limits(limits) {
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
  std::uint64_t nodes = 0;  // leaves that count their own nodes add to it directly

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
    }
    return aborted_;
  }
  bool aborted() const { return aborted_; }

 private:
  void check_budget() {
    if (limits.stop && limits.stop->load(std::memory_order_relaxed)) aborted_ = true;
    if (limits.nodes && nodes >= limits.nodes) aborted_ = true;
    if (has_deadline_ && (limits.thread_cpu_time ? thread_cpu_seconds() >= cpu_deadline_
                                                 : Clock::now() >= deadline_))
      aborted_ = true;
  }

  Clock::time_point deadline_;
  double cpu_deadline_ = 0;  // with limits.thread_cpu_time
  bool has_deadline_ = false;
  std::uint64_t next_check_ = tuning::kBudgetCheckNodes;  // nodes at which to check next
  bool aborted_ = false;
};

}  // namespace flank
