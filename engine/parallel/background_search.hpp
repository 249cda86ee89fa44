#pragma once
// A search on a thread of its own until it is stopped: flank pondering on the
// opponent's time. Its result is thrown away; what it leaves in the shared
// transposition table is the point, since the next search reads it.

#include <atomic>
#include <optional>
#include <thread>

#include "engine/board/position.hpp"
#include "engine/parallel/parallel_search.hpp"
#include "engine/search/search.hpp"

namespace flank {

class BackgroundSearch {
 public:
  BackgroundSearch() = default;
  ~BackgroundSearch() { stop(); }
  BackgroundSearch(const BackgroundSearch&) = delete;
  BackgroundSearch& operator=(const BackgroundSearch&) = delete;

  // Stops any search running, then searches `p` within `limits` (its stop
  // flag replaced by this object's) on `searcher`, which nothing else may use
  // until stop() returns.
  void start(ParallelSearcher& searcher, const Position& p, SearchLimits limits);
  // Stops the search and waits for it. Its result, or nothing when none ran
  // since the last stop().
  std::optional<SearchResult> stop();
  // Started and not stopped yet (it may have reached its limits on its own).
  bool running() const { return thread_.joinable(); }
  // Started and returned on its own, at its depth or its solve.
  bool finished() const { return done_.load(std::memory_order_acquire); }

 private:
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> done_{false};
  SearchResult result_;
};

}  // namespace flank
