#include "engine/parallel_search.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

namespace flank {

int default_search_threads() {
  return std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, kMaxSearchThreads);
}

ParallelSearcher::ParallelSearcher(std::size_t hash_mb, int threads) : main_(hash_mb) {
  set_threads(threads);
}

ParallelSearcher::~ParallelSearcher() = default;

void ParallelSearcher::set_threads(int threads) {
  if (threads < 1 || threads > kMaxSearchThreads)
    throw std::invalid_argument("threads must be 1.." + std::to_string(kMaxSearchThreads));
  helpers_.resize(static_cast<std::size_t>(threads - 1));
  for (std::size_t i = 0; i < helpers_.size(); ++i) {
    if (helpers_[i]) continue;
    helpers_[i] = std::make_unique<Searcher>(1);
    helpers_[i]->help(main_, static_cast<int>(i) + 1);
    helpers_[i]->set_evaluator(evaluator_);
  }
}

// The helpers search until the main search returns (or the caller's stop
// flag, deadline or node budget ends it), then stop; their results are only
// their entries in the shared table.
template <class Run>
SearchResult ParallelSearcher::run_all(const SearchLimits& limits, Run&& run) {
  if (helpers_.empty()) {
    SearchResult r = run(main_, limits);
    main_nodes_ = r.nodes;
    return r;
  }
  std::atomic<bool> stop_helpers{false};
  SearchLimits helper_limits = limits;
  helper_limits.stop = &stop_helpers;
  helper_limits.nodes = 0;  // the budget is the main thread's
  std::vector<std::uint64_t> nodes(helpers_.size(), 0);
  std::vector<std::jthread> threads;
  threads.reserve(helpers_.size());
  for (std::size_t i = 0; i < helpers_.size(); ++i)
    threads.emplace_back([&, i] { nodes[i] = run(*helpers_[i], helper_limits).nodes; });
  SearchResult r = run(main_, limits);
  main_nodes_ = r.nodes;
  stop_helpers.store(true, std::memory_order_relaxed);
  threads.clear();  // joins
  for (const std::uint64_t n : nodes) r.nodes += n;
  return r;
}

SearchResult ParallelSearcher::search(const Position& p, const SearchLimits& limits) {
  return run_all(limits, [&](Searcher& s, const SearchLimits& l) { return s.search(p, l); });
}

SearchResult ParallelSearcher::solve(const Position& p, bool win_loss_draw) {
  return solve(p, SearchLimits{}, win_loss_draw);
}

SearchResult ParallelSearcher::solve(const Position& p, const SearchLimits& limits,
                                     bool win_loss_draw) {
  return run_all(limits,
                 [&](Searcher& s, const SearchLimits& l) { return s.solve(p, l, win_loss_draw); });
}

void ParallelSearcher::clear() { main_.clear(); }
void ParallelSearcher::set_hash_mb(std::size_t mb) { main_.set_hash_mb(mb); }
std::size_t ParallelSearcher::hash_mb() const { return main_.hash_mb(); }

void ParallelSearcher::set_evaluator(std::shared_ptr<const Evaluator> evaluator) {
  evaluator_ = std::move(evaluator);
  main_.set_evaluator(evaluator_);
  for (auto& h : helpers_) h->set_evaluator(evaluator_);
}

const Evaluator& ParallelSearcher::evaluator() const { return main_.evaluator(); }

}  // namespace flank
