#include "engine/parallel/parallel_search.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

namespace flank {

namespace {
constexpr double kSolveTimeGain = 0.8;
}  // namespace

int default_search_threads() {
  return std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, kMaxSearchThreads);
}

ParallelSearcher::ParallelSearcher(std::size_t hash_mb, int threads) : main_(hash_mb) {
  set_threads(threads);
}

ParallelSearcher::~ParallelSearcher() { stop_pool(); }

void ParallelSearcher::set_threads(int threads) {
  if (threads < 1 || threads > kMaxSearchThreads)
    throw std::invalid_argument("threads must be 1.." + std::to_string(kMaxSearchThreads));
  stop_pool();
  helpers_.resize(static_cast<std::size_t>(threads - 1));
  main_.set_progress(helpers_.empty() ? nullptr : &progress_);  // alone: exactly Searcher
  for (std::size_t i = 0; i < helpers_.size(); ++i) {
    if (helpers_[i]) continue;
    helpers_[i] = std::make_unique<Searcher>(1);
    helpers_[i]->help(main_, static_cast<int>(i) + 1);
    helpers_[i]->set_progress(&progress_);
    helpers_[i]->set_evaluator(evaluator_);
  }
}

void ParallelSearcher::start_pool() {
  {
    const std::lock_guard lock(mutex_);
    quit_ = false;
    helpers_left_ = 0;
  }
  for (std::size_t i = 0; i < helpers_.size(); ++i)
    pool_.emplace_back([this, i] { helper_loop(i); });
}

void ParallelSearcher::stop_pool() {
  join_helpers();
  {
    const std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  pool_.clear();  // std::jthread joins
}

void ParallelSearcher::join_helpers() {
  stop_helpers_.store(true, std::memory_order_relaxed);
  std::unique_lock lock(mutex_);
  helper_done_.wait(lock, [&] { return helpers_left_ == 0; });
}

void ParallelSearcher::helper_loop(std::size_t i) {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
      if (quit_) return;
      seen = generation_;
    }
    Searcher& s = *helpers_[i];
    std::uint64_t nodes = 0;  // a split search's helpers count in the pool
    if (split_)
      split_pool_.serve(static_cast<int>(i) + 1);
    else
      nodes = solve_ ? s.solve(position_, helper_limits_, win_loss_draw_).nodes
                     : s.search(position_, helper_limits_).nodes;
    const std::lock_guard lock(mutex_);
    helper_nodes_[i] = nodes;
    --helpers_left_;
    helper_done_.notify_all();
  }
}

// The helpers search until the main search returns (or the caller's stop
// flag, deadline or node budget ends it), then stop; their results are their
// entries in the shared table and the progress board.
SearchResult ParallelSearcher::run_all(const Position& p, const SearchLimits& limits, bool solve,
                                       bool win_loss_draw, bool split) {
  const auto run = [solve, win_loss_draw](Searcher& s, const Position& at, const SearchLimits& l) {
    return solve ? s.solve(at, l, win_loss_draw) : s.search(at, l);
  };
  join_helpers();  // the previous search's, if any were still stopping
  if (helpers_.empty()) {
    SearchResult r = run(main_, p, limits);
    main_nodes_ = r.nodes;
    return r;
  }
  if (pool_.empty()) start_pool();
  // The helpers' own copies: they may outlive this call by a moment.
  position_ = p;
  helper_limits_ = limits;
  helper_limits_.stop = &stop_helpers_;
  helper_limits_.nodes = 0;  // lazy SMP: the budget is the main thread's
  solve_ = solve;
  win_loss_draw_ = win_loss_draw;
  split_ = split;
  stop_helpers_.store(false, std::memory_order_relaxed);
  progress_.reset();
  split_pool_.begin_search();  // before the helpers wake: serve() returns once it ends
  if (split) {
    main_.set_progress(nullptr);
    main_.set_split_pool(&split_pool_);
  }
  {
    const std::lock_guard lock(mutex_);
    helper_nodes_.assign(helpers_.size(), 0);
    helpers_left_ = static_cast<int>(helpers_.size());
    ++generation_;
  }
  wake_.notify_all();
  SearchResult r;
  const auto end_split = [&] {
    split_pool_.end_search();
    if (!split) return;
    main_.set_split_pool(nullptr);
    main_.set_progress(&progress_);
  };
  try {
    r = run(main_, p, limits);
  } catch (...) {
    end_split();
    join_helpers();
    throw;
  }
  end_split();
  main_nodes_ = r.nodes;
  if (split) r.nodes += split_pool_.helper_nodes();
  stop_helpers_.store(true, std::memory_order_relaxed);
  // Helpers notice the stop within 4096 nodes; on a busy machine one may not
  // get a core for a while, and the answer must not wait for it (the clock
  // runs): it is waited for before anything else touches the table.
  std::unique_lock lock(mutex_);
  helper_done_.wait_for(lock, std::chrono::milliseconds(10), [&] { return helpers_left_ == 0; });
  for (const std::uint64_t n : helper_nodes_) r.nodes += n;  // those done by now
  return r;
}

SearchResult ParallelSearcher::search(const Position& p, const SearchLimits& limits) {
  const bool split = method_ == ParallelMethod::Split;
  if (helpers_.empty() || limits.exact_empties >= 0 || limits.depth > 0 || limits.seconds <= 0)
    return run_all(p, limits, false, false, split);
  // The threads solve a short endgame faster (split: FFO #40-#44 in 0.50-0.53x
  // the wall time with 2 threads), so a timed search solves exactly from as many
  // empties as one thread would with kSolveTimeGain x the time per extra thread.
  SearchLimits l = limits;
  l.seconds *= 1 + kSolveTimeGain * static_cast<double>(helpers_.size());
  SearchLimits with_solve = limits;
  with_solve.exact_empties = automatic_exact_empties(l);
  return run_all(p, with_solve, false, false, split);
}

SearchResult ParallelSearcher::solve(const Position& p, bool win_loss_draw) {
  return solve(p, SearchLimits{}, win_loss_draw);
}

SearchResult ParallelSearcher::solve(const Position& p, const SearchLimits& limits,
                                     bool win_loss_draw) {
  return run_all(p, limits, true, win_loss_draw, method_ == ParallelMethod::Split);
}

void ParallelSearcher::clear() {
  join_helpers();
  main_.clear();
}

void ParallelSearcher::set_hash_mb(std::size_t mb) {
  join_helpers();
  main_.set_hash_mb(mb);
}

std::size_t ParallelSearcher::hash_mb() const { return main_.hash_mb(); }

void ParallelSearcher::set_evaluator(std::shared_ptr<const Evaluator> evaluator) {
  join_helpers();
  evaluator_ = std::move(evaluator);
  main_.set_evaluator(evaluator_);
  for (auto& h : helpers_) h->set_evaluator(evaluator_);
}

const Evaluator& ParallelSearcher::evaluator() const { return main_.evaluator(); }

}  // namespace flank
