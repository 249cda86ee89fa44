#include "engine/parallel/split_solve.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <limits>
#include <stop_token>
#include <thread>

namespace flank {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kUnbounded = 1000;  // beyond every disc difference

// The depth of the midgame search that orders the moves before a solve of
// this many empties, as the 1-thread solve's.
int ordering_depth(int empties) { return empties <= 12 ? 2 : empties <= 18 ? 4 : 6; }

}  // namespace

SplitSolve::SplitSolve(const std::vector<Searcher*>& workers, Searcher& orderer,
                       const SearchLimits& limits, SplitOptions options)
    : workers_(workers),
      orderer_(orderer),
      limits_(limits),
      options_(options),
      start_(Clock::now()) {}

SplitSolve::~SplitSolve() = default;

double SplitSolve::remaining_seconds() const {
  if (limits_.seconds <= 0) return std::numeric_limits<double>::infinity();
  return limits_.seconds - std::chrono::duration<double>(Clock::now() - start_).count();
}

SearchLimits SplitSolve::job_limits(const std::atomic<bool>* stop) const {
  SearchLimits l;
  l.stop = stop;
  const double left = remaining_seconds();
  if (left != std::numeric_limits<double>::infinity()) l.seconds = std::max(left, 1e-6);
  return l;
}

std::vector<SplitSolve::Child>& SplitSolve::children(const Position& p) {
  auto [it, added] = children_.try_emplace(p.to_string());
  if (!added) return it->second;
  SearchLimits l = job_limits(limits_.stop);
  l.depth = std::max(1, ordering_depth(p.empties()) - 1);
  l.exact_empties = 0;  // a midgame estimate, never a solve
  for (const Square m : p.legal_moves()) {
    Position next = p;
    next.play(m);
    const SearchResult r = orderer_.search(next, l);
    nodes_ += r.nodes;
    main_nodes_ += r.nodes;
    it->second.push_back({m, next, -r.score});
  }
  std::stable_sort(it->second.begin(), it->second.end(),
                   [](const Child& a, const Child& b) { return a.estimate > b.estimate; });
  return it->second;
}

std::optional<int> SplitSolve::node(const Position& p, int beta, int ply) {
  if (aborted_) return std::nullopt;
  if (ply >= options_.plies || p.empties() < options_.min_empties || !p.has_legal_move()) {
    const std::vector<Outcome> out = run({Job{&p, beta - 1, beta, false}}, kUnbounded);
    if (!out[0].done) return std::nullopt;
    return out[0].score;
  }
  std::vector<Child>& moves = children(p);
  if (aborted_ || (limits_.stop && limits_.stop->load(std::memory_order_relaxed)))
    return std::nullopt;
  // The eldest brother alone (split further down its line).
  const std::optional<int> eldest = node(moves[0].position, -beta + 1, ply + 1);
  if (!eldest) return std::nullopt;
  int value = -*eldest, best_index = 0;
  if (value < beta && moves.size() > 1) {
    // The young brothers all at once: this node fails low only if each does.
    std::vector<Job> jobs;
    for (std::size_t i = 1; i < moves.size(); ++i)
      jobs.push_back({&moves[i].position, -beta, -beta + 1, true});
    const std::vector<Outcome> out = run(jobs, beta);
    if (aborted_) return std::nullopt;
    for (std::size_t i = 0; i < out.size(); ++i)
      if (out[i].done && -out[i].score > value) {
        value = -out[i].score;
        best_index = static_cast<int>(i) + 1;
      }
  }
  // A move that failed high goes first next time, as the 1-thread solve's root.
  if (value >= beta && best_index > 0)
    std::rotate(moves.begin(), moves.begin() + best_index, moves.begin() + best_index + 1);
  return value;
}

void SplitSolve::stop_all() {
  for (std::size_t i = 0; i < job_count_; ++i) job_stop_[i].store(true, std::memory_order_relaxed);
}

std::vector<SplitSolve::Outcome> SplitSolve::run(const std::vector<Job>& jobs, int cut_at) {
  std::vector<Outcome> out(jobs.size());
  {
    const std::lock_guard lock(mutex_);
    if (aborted_) return out;
    next_ = 0;
    cut_ = false;
    running_.assign(jobs.size(), 0);
    help_.assign(jobs.size(), Help{});
    job_stop_ = std::make_unique<std::atomic<bool>[]>(jobs.size());
    job_count_ = jobs.size();
  }
  {
    std::vector<std::jthread> threads;
    const std::size_t helpers =
        options_.help > 0 ? workers_.size() - 1 : std::min(workers_.size(), jobs.size()) - 1;
    for (std::size_t w = 1; w <= helpers; ++w)
      threads.emplace_back([&, w] { work(w, jobs, cut_at, out); });
    work(0, jobs, cut_at, out);
  }  // joins
  const std::lock_guard lock(mutex_);
  job_count_ = 0;
  return out;
}

namespace {

// The moves of p as positions, in about the order the solver tries them:
// fewest replies (and corner replies) first.
std::vector<Position> ordered_children(const Position& p) {
  struct Scored {
    int order;
    Position position;
  };
  std::vector<Scored> scored;
  for (const Square m : p.legal_moves()) {
    Position next = p;
    next.play(m);
    int order = 0;
    const std::vector<Square> replies = next.legal_moves();
    for (const Square r : replies) {
      const int row = r / p.cols(), col = r % p.cols();
      const bool corner = (row == 0 || row == p.rows() - 1) && (col == 0 || col == p.cols() - 1);
      order -= corner ? 24 : 16;
    }
    scored.push_back({order, next});
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const Scored& a, const Scored& b) { return a.order > b.order; });
  std::vector<Position> out;
  for (auto& s : scored) out.push_back(std::move(s.position));
  return out;
}

}  // namespace

void SplitSolve::expand(const Job& job, Help& help) const {
  help.expanded = true;
  Position base = *job.position;
  help.alpha = -job.beta;
  help.beta = -job.alpha;
  help.refutes = true;
  if (options_.help == 3 && job.cut_node) {
    // The job's runner proves it by its first move: help that move's refutation.
    const std::vector<Position> first = ordered_children(base);
    if (!first.empty() && first[0].has_legal_move()) {
      base = first[0];
      help.alpha = job.alpha;
      help.beta = job.beta;
      help.refutes = false;
    }
  }
  help.sub = ordered_children(base);
  help.next = help.sub.size();
}

void SplitSolve::finish(std::size_t i, int score, int cut_at, std::vector<Outcome>& out) {
  out[i] = {true, score};
  job_stop_[i].store(true, std::memory_order_relaxed);  // its other threads
  if (-score >= cut_at) {
    cut_ = true;
    stop_all();
  }
}

void SplitSolve::work(std::size_t worker, const std::vector<Job>& jobs, int cut_at,
                      std::vector<Outcome>& out) {
  Searcher& searcher = *workers_[worker];
  for (;;) {
    std::size_t i;
    const Position* position;
    int alpha, beta;
    bool sub = false;
    {
      const std::lock_guard lock(mutex_);
      if (cut_ || aborted_) return;
      if (next_ < jobs.size()) {
        i = next_++;
      } else {
        if (options_.help == 0) return;
        i = jobs.size();
        if (options_.help >= 2) {
          // Solve a running job's moves from its last, which its runner reaches last.
          for (std::size_t j = 0; j < jobs.size() && i == jobs.size(); ++j) {
            if (out[j].done || running_[j] == 0) continue;
            if (!help_[j].expanded) expand(jobs[j], help_[j]);
            if (help_[j].next > 1) i = j;
          }
          if (i < jobs.size()) sub = true;
        }
        if (!sub) {
          // Else the same call as the unfinished job with the fewest threads on it.
          for (std::size_t j = 0; j < jobs.size(); ++j)
            if (!out[j].done && running_[j] > 0 && (i == jobs.size() || running_[j] < running_[i]))
              i = j;
        }
        if (i == jobs.size()) return;
      }
      ++running_[i];
      if (sub) {
        Help& h = help_[i];
        position = &h.sub[--h.next];
        alpha = h.alpha;
        beta = h.beta;
      } else {
        position = jobs[i].position;
        alpha = jobs[i].alpha;
        beta = jobs[i].beta;
      }
    }
    const SearchResult r = searcher.solve_window(*position, alpha, beta, job_limits(&job_stop_[i]));
    const std::lock_guard lock(mutex_);
    --running_[i];
    nodes_ += r.nodes;
    if (worker == 0) main_nodes_ += r.nodes;
    if (r.exact) {
      if (out[i].done) continue;
      if (!sub) {
        finish(i, r.score, cut_at, out);
      } else if (help_[i].refutes && -r.score >= jobs[i].beta) {
        finish(i, -r.score, cut_at, out);  // a move of the job that reaches its beta
      }
    } else if (!out[i].done && !cut_) {
      aborted_ = true;  // the caller's stop flag or deadline
      stop_all();
    }
  }
}

SearchResult SplitSolve::solve(const Position& p, bool win_loss_draw) {
  // The caller's stop flag stops the running calls through their own flags.
  std::jthread watcher;
  if (limits_.stop)
    watcher = std::jthread([this](std::stop_token done) {
      std::mutex m;
      std::condition_variable_any wake;
      std::unique_lock lock(m);
      while (!done.stop_requested()) {
        if (limits_.stop->load(std::memory_order_relaxed)) {
          const std::lock_guard guard(mutex_);
          aborted_ = true;
          stop_all();
        }
        wake.wait_for(lock, done, std::chrono::milliseconds(1), [] { return false; });
      }
    });

  std::vector<Child>& moves = children(p);
  SearchResult r;
  r.move = moves[0].move;
  r.score = r.previous_score = moves[0].estimate;
  r.depth = std::max(1, ordering_depth(p.empties()) - 1) + 1;
  r.pv = {r.move};
  // Null-window passes; each puts the move that failed high first. Exact:
  // MTD(f) from the estimate, as the 1-thread solve. Win/loss/draw: does the
  // score reach 1, and if not, 0?
  int lower = -kUnbounded, upper = kUnbounded, guess = r.score;
  const auto decided = [&] {
    return lower >= upper || (win_loss_draw && (lower >= 1 || upper <= -1));
  };
  while (!decided()) {
    const int beta = win_loss_draw ? (upper > 0 ? 1 : 0) : guess == lower ? guess + 1 : guess;
    const std::optional<int> v = node(p, beta, 0);
    if (!v) break;
    (*v >= beta ? lower : upper) = *v;
    guess = *v;
  }
  if (decided()) {
    r.move = moves[0].move;
    r.pv = {r.move};
    r.score = r.previous_score = lower >= upper || lower >= 1 ? lower : upper;
    r.exact = true;
    r.depth = p.empties();
    if (!win_loss_draw) {
      // The line from the table, when it is at hand (the move's position may
      // not be stored when its moves were split): the reply and onwards.
      SearchLimits at_hand = job_limits(limits_.stop);
      at_hand.nodes = std::max<std::uint64_t>(100000, nodes_ / 100);
      const SearchResult line =
          workers_[0]->solve_window(moves[0].position, -r.score - 1, -r.score + 1, at_hand);
      nodes_ += line.nodes;
      main_nodes_ += line.nodes;
      if (line.exact) r.pv.insert(r.pv.end(), line.pv.begin(), line.pv.end());
    }
  }
  r.nodes = nodes_;
  r.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  return r;
}

}  // namespace flank
