#include "engine/parallel/background_search.hpp"

namespace flank {

void BackgroundSearch::start(ParallelSearcher& searcher, const Position& p, SearchLimits limits) {
  stop();
  limits.stop = &stop_;
  done_.store(false, std::memory_order_relaxed);
  thread_ = std::thread([this, &searcher, p, limits] {
    result_ = searcher.search(p, limits);
    done_.store(true, std::memory_order_release);
  });
}

std::optional<SearchResult> BackgroundSearch::stop() {
  if (!thread_.joinable()) return std::nullopt;
  stop_.store(true, std::memory_order_relaxed);
  thread_.join();
  stop_.store(false, std::memory_order_relaxed);
  done_.store(false, std::memory_order_relaxed);
  return result_;
}

}  // namespace flank
