// Searcher: runs one decision on the fastest square set for the board size.
// Iterative deepening with aspiration windows, each pass the root node of
// SearchTree::negamax, then, when few enough squares are empty, the exact
// phase from the root; the best move of the last completed iteration is always
// ready when the budget runs out.
#include "engine/search/search.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/search/search_tree.hpp"
#include "engine/search/search_tuning.hpp"
#include "engine/search/thread_clock.hpp"

namespace flank {
namespace {

using Clock = std::chrono::steady_clock;

// Root moves best first by the scores the last pass left in `order`.
template <class Set>
void sort_by_score(MoveList<Set>& moves) {
  std::stable_sort(
      moves.begin(), moves.end(),
      [](const MoveChoice<Set>& x, const MoveChoice<Set>& y) { return x.order > y.order; });
}

int round_to_discs(int units) {
  return static_cast<int>(std::lround(static_cast<double>(units) / kUnitsPerDisc));
}

// The root of an exact solve, as MTD(f): null-window passes from the midgame
// estimate narrow the bounds until they meet. Narrow windows prune far more
// than one wide one. Returns (move, score in eval units), or nothing when aborted.
template <class Tree, class Set>
std::optional<std::pair<int, int>> solve_exact(Tree& tree, const Board<Set>& b, int estimate) {
  auto& moves = tree.root_moves();
  int lower = -kInfinity, upper = kInfinity, guess = estimate, best_move = moves[0].square;
  while (lower < upper) {
    const int beta = guess == lower ? guess + 1 : guess;
    const int v = tree.template negamax<NodeKind::Root, Phase::Exact>(b, 0, beta - 1, beta);
    const int best_index = tree.root_best();
    if (tree.aborted()) return std::nullopt;
    if (v >= beta) {
      lower = v;
      best_move = moves[best_index].square;
      std::rotate(moves.begin(), moves.begin() + best_index, moves.begin() + best_index + 1);
    } else {
      upper = v;
    }
    guess = v;
  }
  return std::make_pair(best_move, lower);
}

// The root of a win/loss/draw solve: one pass with the window (-1, 1), which
// exact scores (multiples of kUnitsPerDisc) leave only as a loss, draw or win.
template <class Tree, class Set>
std::optional<std::pair<int, int>> solve_win_loss_draw(Tree& tree, const Board<Set>& b) {
  const int v = tree.template negamax<NodeKind::Root, Phase::Exact>(b, 0, -1, 1);
  if (tree.aborted()) return std::nullopt;
  return std::make_pair(tree.root_moves()[tree.root_best()].square, v);
}

struct Job {
  const SearchLimits& limits;
  TranspositionTable& tt;
  const Evaluator& eval8;
  bool solve_only = false;
  bool win_loss_draw = false;
  int helper = 0;  // lazy SMP helper number (Searcher::help); 0 = the main or only thread
  SearchProgress* progress = nullptr;  // lazy SMP's shared board; null when alone
  SplitPool* pool = nullptr;           // threads to split nodes with; null when alone
};

// One decision (Searcher::search or solve) on one square set, in the steps
// run() takes in order: the plan (how deep, whether to solve, when to stop
// starting iterations), iterative deepening, a deeper iteration from a lazy
// SMP helper, the exact solve, the win/loss/draw check, the random pick
// among near-best moves, and the result.
template <class Set, bool Is8x8>
class Decision {
 public:
  Decision(const Position& p, const Job& job)
      : p_(p),
        job_(job),
        limits_(job.limits),
        start_(Clock::now()),
        cpu_start_(thread_cpu_seconds()),
        g_(geometry<Set>(p.shape())),
        shape_(p.shape(), job.eval8.size_weights()),
        context_(g_, job.tt, job.eval8, shape_, limits_, start_),
        tree_(context_),
        moves_(tree_.root_moves()) {
    if (job.helper == 0) job.tt.new_search();  // one generation per decision, not per thread
    context_.pool = job.pool;
    b_ = p.board<Set>();
    empties_ = tree_.empties(b_);
  }

  SearchResult run() {
    for_each_square(legal_moves(b_.me, b_.opp, g_), [&](int sq) {
      moves_.push_back({sq, flips(b_.me, b_.opp, sq, g_), 0});
    });
    if (moves_.empty()) return without_a_move();
    r_.move = moves_[0].square;  // a legal move is ready from the start
    const Plan plan = make_plan();
    deepen(plan);
    adopt_deeper_helper_iteration(plan);
    solve_if_due(plan);
    if (plan.win_loss_draw_follows) prefer_proven_win();
    if (limits_.randomness > 0) pick_among_near_best();
    return finish();
  }

 private:
  struct Plan {
    bool want_solve;             // the exact (or win/loss/draw) solve ends this decision
    int max_depth;               // of the iterative deepening
    bool unbounded_depth;        // helpers search until stopped, ahead of the main thread
    int lead;                    // plies a helper goes ahead of the main thread
    bool win_loss_draw_follows;  // just above the solve point: check for a proven win
    double start_share;          // no iteration starts after this share of the time
    double node_start_share;     // nor after this share of the node budget
  };

  double wall() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  // The clock the budget is measured in (SearchLimits::thread_cpu_time).
  double elapsed() const {
    return limits_.thread_cpu_time ? thread_cpu_seconds() - cpu_start_ : wall();
  }
  bool timed() const { return limits_.seconds > 0; }
  // A clock or a node budget ends the search (a depth or a stop flag alone do not).
  bool budgeted() const { return timed() || limits_.nodes > 0; }
  // True while the plan lets a new iteration (or the solve after a selective
  // one) start: neither budget is spent past its start share.
  bool may_start(const Plan& plan) {
    if (timed() && elapsed() > limits_.seconds * plan.start_share) return false;
    return limits_.nodes == 0 || static_cast<double>(context_.budget_nodes_spent()) <=
                                     static_cast<double>(limits_.nodes) * plan.node_start_share;
  }

  // No legal move: the game is over, or the mover passes and the result is the
  // opponent's view of what follows.
  SearchResult without_a_move() {
    SearchResult r;
    if (!any(legal_moves(b_.opp, b_.me, g_))) {
      r.score = r.previous_score = tree_.final_score(b_) / kUnitsPerDisc;
      r.exact = true;
      return r;
    }
    Position after = p_;
    after.play(kPass);
    r = Decision(after, job_).run();
    r.move = kPass;
    r.score = -r.score;
    r.previous_score = -r.previous_score;
    r.pv.insert(r.pv.begin(), kPass);
    return r;
  }

  Plan make_plan() const {
    Plan plan{};
    const int exact_empties =
        limits_.exact_empties >= 0 ? limits_.exact_empties : automatic_exact_empties(limits_);
    plan.want_solve = job_.solve_only || empties_ <= exact_empties;
    int max_depth = limits_.depth > 0                            ? limits_.depth
                    : (timed() || limits_.nodes || limits_.stop) ? 64
                                                                 : tuning::kDefaultDepth;
    // Before a solve a short search orders the root moves and leaves a fallback
    // move; with a clock it goes as deep as a fifth of the budget allows.
    if (plan.want_solve && !timed())
      max_depth = std::min(max_depth, empties_ <= 12   ? tuning::kPreSolveDepthNear
                                      : empties_ <= 18 ? tuning::kPreSolveDepthMid
                                                       : tuning::kPreSolveDepthFar);
    // Odd lazy SMP helpers of a fixed depth search one ply deeper than the main thread.
    plan.max_depth = std::min(max_depth + job_.helper % 2, empties_);
    // Helpers of a search the clock (or a stop) ends go ahead of the main thread
    // instead of in step with it (odd ones two plies, even ones one: in step, the
    // threads search the same nodes at the same time), and search until
    // stopped: a deeper iteration they complete is played.
    plan.unbounded_depth = limits_.depth == 0 && !plan.want_solve;
    plan.lead = job_.helper == 0 ? 0 : job_.helper % 2 ? 2 : 1;
    // No new iteration starts after this share of the budget: most of it is
    // kept for a solve, for the checks of a random pick, or, under a game
    // clock, for later moves.
    plan.win_loss_draw_follows =
        !plan.want_solve && empties_ <= exact_empties + tuning::kWinLossDrawExtra;
    // What a fixed time or a node budget leaves unused is lost (unlike a
    // clock's, which later moves get): iterations go on to its end, but where
    // a solve, a win/loss/draw check or a random pick needs the rest.
    const auto start_share = [&](bool lost_if_unused) {
      const bool spend_all =
          lost_if_unused && !plan.win_loss_draw_follows && limits_.randomness == 0;
      return plan.want_solve ? tuning::kSolveStartShare
             : spend_all     ? tuning::kFixedTimeStartShare
                             : tuning::kIterationStartShare;
    };
    plan.start_share = start_share(limits_.fixed_time);
    plan.node_start_share = start_share(true);
    return plan;
  }

  // Iterative deepening with aspiration windows; a pass reaching the empties
  // is an exact solve. Every score here is in eval units (score_: the last
  // finished iteration's); only the result is given in discs.
  void deepen(const Plan& plan) {
    SearchProgress* const progress = job_.progress;
    for (int depth = 1; depth <= plan.max_depth; ++depth) {
      if (progress && job_.helper == 0) progress->main_started(depth);
      if (progress && job_.helper > 0 && plan.unbounded_depth)
        depth = std::max(depth, progress->main_depth() + plan.lead);
      if (depth > plan.max_depth) break;
      const int window = tuning::kAspirationDiscs * kUnitsPerDisc;
      // Centred on the last score rounded to discs (measured better, see kAspirationDiscs).
      int alpha = depth > 2 ? r_.score * kUnitsPerDisc - window : -kInfinity;
      int beta = depth > 2 ? r_.score * kUnitsPerDisc + window : kInfinity;
      int best_index = -1, best = 0;
      for (;;) {
        best = tree_.template negamax<NodeKind::Root, Phase::Midgame>(b_, depth, alpha, beta);
        best_index = tree_.root_best();
        if (tree_.aborted()) break;
        if (best <= alpha) {
          alpha = -kInfinity;
        } else if (best >= beta) {
          beta = kInfinity;
        } else {
          break;
        }
      }
      if (tree_.aborted()) {
        // Keep a move this iteration proved at least as good as its first try.
        if (best_index >= 0 && best > alpha) r_.move = moves_[best_index].square;
        break;
      }
      sort_by_score(moves_);
      r_.move = moves_[0].square;
      score_ = best;
      r_.previous_score = r_.depth > 0 ? r_.score : round_to_discs(best);
      r_.score = round_to_discs(best);
      r_.depth = depth;
      if (depth >= empties_) {
        // Searched to the end: proven, unless the selective endgame cut.
        r_.exact = !tree_.selective_endgame(empties_);
        break;
      }
      if (progress) progress->completed({depth, r_.move, r_.score});
      // Stop early when the next iteration would likely not finish within the budget.
      const bool searches_until_stopped = job_.helper > 0 && plan.unbounded_depth;
      if (!searches_until_stopped && !may_start(plan)) break;
    }
  }

  // The main thread plays a deeper iteration a helper completed.
  void adopt_deeper_helper_iteration(const Plan& plan) {
    SearchProgress* const progress = job_.progress;
    if (!progress || job_.helper != 0 || !plan.unbounded_depth || r_.exact ||
        limits_.randomness != 0)
      return;
    const SearchProgress::Iteration deepest = progress->deepest();
    if (deepest.depth <= r_.depth) return;
    r_.move = deepest.move;
    r_.previous_score = r_.score;
    r_.score = deepest.score;
    r_.depth = deepest.depth;
    score_ = deepest.score * kUnitsPerDisc;
  }

  // The exact solve, when planned, or when the iterations reached the end
  // selectively (Multi-ProbCut) with budget to spare: then it is the next
  // iteration, started by the same rule. An unfinished solve keeps the
  // selective move.
  void solve_if_due(const Plan& plan) {
    const bool solve_next = budgeted() && r_.depth >= empties_ && may_start(plan);
    if (!(plan.want_solve || solve_next) || r_.exact || tree_.aborted()) return;
    const auto solved = job_.win_loss_draw ? solve_win_loss_draw(tree_, b_)
                                           : solve_exact(tree_, b_, r_.score * kUnitsPerDisc);
    if (!solved) return;
    r_.move = solved->first;
    score_ = solved->second;
    r_.score = score_ / kUnitsPerDisc;
    r_.exact = true;
    r_.depth = empties_;
  }

  // Just above the exact-solve point a win/loss/draw solve is cheap: play a
  // proven win (or draw) rather than trust the evaluation.
  void prefer_proven_win() {
    if (r_.exact || tree_.aborted()) return;
    const auto solved = solve_win_loss_draw(tree_, b_);
    if (solved && solved->second >= 0) r_.move = solved->first;
  }

  // A little variety: any move proven within `randomness` discs of the best.
  void pick_among_near_best() {
    if (moves_.size() <= 1 || tree_.aborted() || r_.depth == 0) return;
    std::vector<int> candidates{r_.move};
    const int threshold = score_ - static_cast<int>(limits_.randomness * kUnitsPerDisc);
    for (const auto& m : moves_) {
      if (m.square == r_.move) continue;
      const Board<Set> next = play(b_, m.square, m.flipped);
      const int v = r_.exact ? -tree_.solve(next, -threshold, -threshold + 1)
                             : -tree_.pvs(next, r_.depth - 1, -threshold, -threshold + 1);
      if (tree_.aborted()) break;
      if (v >= threshold) candidates.push_back(m.square);
    }
    // Sorted so the pick depends only on the seed, not on the search order.
    std::sort(candidates.begin(), candidates.end());
    if (!tree_.aborted()) r_.move = candidates[mix64(limits_.seed + 1) % candidates.size()];
  }

  SearchResult finish() {
    if (r_.exact) r_.previous_score = r_.score;  // proven: no swing to average out
    r_.pv = tree_.principal_variation(b_, r_.move, std::max(r_.depth, 1));
    if (r_.pv.empty() || r_.pv[0] != r_.move) r_.pv = {r_.move};
    r_.nodes = context_.nodes;
    r_.seconds = wall();
    return r_;
  }

  const Position& p_;
  const Job& job_;
  const SearchLimits& limits_;
  const Clock::time_point start_;
  const double cpu_start_;
  const Geometry<Set>& g_;
  const EvalShape<Set> shape_;
  SearchContext<Set> context_;
  SearchTree<Set, Is8x8> tree_;
  MoveList<Set>& moves_;
  Board<Set> b_{};
  int empties_ = 0;
  SearchResult r_;
  int score_ = 0;  // the result's score in eval units
};

template <class Set, bool Is8x8>
SearchResult run(const Position& p, const Job& job) {
  return Decision<Set, Is8x8>(p, job).run();
}

// The board size is dispatched here, once: 8x8 is a type of its own, other
// sizes take the narrowest set that holds them (one machine word, two, four or
// eight, or the wide set; with_narrowest_set). `f` is a template lambda
// called as f.template operator()<Set, Is8x8>().
template <class F>
SearchResult by_board_type(const Position& p, F&& f) {
  if (p.shape() == Shape::square(8)) return f.template operator()<std::uint64_t, true>();
  return with_narrowest_set(p.shape().squares(),
                            [&]<class Set>() { return f.template operator()<Set, false>(); });
}

}  // namespace

int automatic_exact_empties(const SearchLimits& limits) {
  using namespace tuning;
  if (limits.depth > 0) return limits.depth * 3 / 2 + 2;
  if (limits.seconds > 0)
    return std::clamp(
        static_cast<int>(kSolveEmptiesAt +
                         kSolveEmptiesPerDoubling * std::log2(limits.seconds / kSolveSecondsAt)),
        kSolveEmptiesMin, kSolveEmptiesMax);
  return kSolveEmptiesDefault;
}

void SearchProgress::reset() {
  main_depth_.store(0, std::memory_order_relaxed);
  const std::lock_guard lock(mutex_);
  deepest_ = {};
}

void SearchProgress::completed(const Iteration& iteration) {
  const std::lock_guard lock(mutex_);
  if (iteration.depth > deepest_.depth) deepest_ = iteration;
}

SearchProgress::Iteration SearchProgress::deepest() const {
  const std::lock_guard lock(mutex_);
  return deepest_;
}

struct Searcher::Impl {
  explicit Impl(std::size_t mb) : tt(std::make_shared<TranspositionTable>(mb)) {}
  std::shared_ptr<TranspositionTable> tt;  // shared with lazy SMP helpers
  std::shared_ptr<const Evaluator> evaluator = hand_evaluator();
  int helper = 0;
  SearchProgress* progress = nullptr;
  SplitPool* pool = nullptr;

  SearchResult dispatch(const Position& p, const Job& job) {
    return by_board_type(p, [&]<class Set, bool Is8x8>() { return run<Set, Is8x8>(p, job); });
  }
};

Searcher::Searcher(std::size_t hash_mb) : impl_(new Impl(hash_mb)) {}
Searcher::~Searcher() { delete impl_; }
void Searcher::clear() { impl_->tt->clear(); }
void Searcher::set_hash_mb(std::size_t mb) { impl_->tt->resize(mb); }
std::size_t Searcher::hash_mb() const { return impl_->tt->megabytes(); }

void Searcher::set_evaluator(std::shared_ptr<const Evaluator> evaluator) {
  impl_->evaluator = evaluator ? std::move(evaluator) : hand_evaluator();
}
const Evaluator& Searcher::evaluator() const { return *impl_->evaluator; }

void Searcher::help(const Searcher& main, int helper) {
  impl_->tt = main.impl_->tt;
  impl_->helper = helper;
}

void Searcher::set_progress(SearchProgress* progress) { impl_->progress = progress; }
void Searcher::set_split_pool(SplitPool* pool) { impl_->pool = pool; }

SearchResult Searcher::search(const Position& p, const SearchLimits& limits) {
  return impl_->dispatch(p, Job{limits, *impl_->tt, *impl_->evaluator, false, false, impl_->helper,
                                impl_->progress, impl_->pool});
}

SearchResult Searcher::solve(const Position& p, bool win_loss_draw) {
  return solve(p, SearchLimits{}, win_loss_draw);
}

SearchResult Searcher::solve(const Position& p, const SearchLimits& limits, bool win_loss_draw) {
  return impl_->dispatch(p, Job{limits, *impl_->tt, *impl_->evaluator, true, win_loss_draw,
                                impl_->helper, impl_->progress, impl_->pool});
}

}  // namespace flank
