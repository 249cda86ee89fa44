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

using tuning::kWinLossDrawExtra;

struct Job {
  const SearchLimits& limits;
  TranspositionTable& tt;
  const Evaluator& eval8;
  bool solve_only = false;
  bool win_loss_draw = false;
  int helper = 0;  // lazy SMP helper number (Searcher::help); 0 = the main or only thread
  SearchProgress* progress = nullptr;  // lazy SMP's shared board; null when alone
};

template <class Set, bool Is8x8>
SearchResult run(const Position& p, const Job& job) {
  const auto start = Clock::now();
  const double cpu_start = thread_cpu_seconds();
  const auto wall = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  // The clock the budget is measured in (SearchLimits::thread_cpu_time).
  const auto elapsed = [&] {
    return job.limits.thread_cpu_time ? thread_cpu_seconds() - cpu_start : wall();
  };
  const auto& g = geometry<Set>(p.shape());
  const EvalShape<Set> shape(p.shape(), job.eval8.size_weights());
  const SearchLimits& limits = job.limits;
  SearchContext<Set> context(g, job.tt, job.eval8, shape, limits, start);
  SearchTree<Set, Is8x8> tree(context);
  if (job.helper == 0) job.tt.new_search();  // one generation per decision, not per thread
  const Board<Set> b = p.board<Set>();
  const int empties = tree.empties(b);

  SearchResult r;
  MoveList<Set>& moves = tree.root_moves();
  for_each_square(legal_moves(b.me, b.opp, g), [&](int sq) {
    moves.push_back({sq, flips(b.me, b.opp, sq, g), 0});
  });
  if (moves.empty()) {
    if (!any(legal_moves(b.opp, b.me, g))) {
      r.score = r.previous_score = tree.final_score(b) / kUnitsPerDisc;
      r.exact = true;
      return r;
    }
    // Pass, and report the opponent's view of what follows.
    Position after = p;
    after.play(kPass);
    r = run<Set, Is8x8>(after, job);
    r.move = kPass;
    r.score = -r.score;
    r.previous_score = -r.previous_score;
    r.pv.insert(r.pv.begin(), kPass);
    return r;
  }
  r.move = moves[0].square;  // a legal move is ready from the start

  const bool timed = limits.seconds > 0;
  const int exact_empties =
      limits.exact_empties >= 0 ? limits.exact_empties : automatic_exact_empties(limits);
  const bool want_solve = job.solve_only || empties <= exact_empties;
  int max_depth = limits.depth > 0                         ? limits.depth
                  : (timed || limits.nodes || limits.stop) ? 64
                                                           : tuning::kDefaultDepth;
  // Before a solve a short search orders the root moves and leaves a fallback
  // move; with a clock it goes as deep as a fifth of the budget allows.
  if (want_solve && !timed)
    max_depth = std::min(max_depth, empties <= 12   ? tuning::kPreSolveDepthNear
                                    : empties <= 18 ? tuning::kPreSolveDepthMid
                                                    : tuning::kPreSolveDepthFar);
  // Odd lazy SMP helpers of a fixed depth search one ply deeper than the main thread.
  max_depth = std::min(max_depth + job.helper % 2, empties);
  SearchProgress* const progress = job.progress;
  // Helpers of a search the clock (or a stop) ends go ahead of the main thread
  // instead of in step with it (odd ones two plies, even ones one: in step, the
  // threads search the same nodes at the same time), and search until
  // stopped: a deeper iteration they complete is played.
  const bool unbounded_depth = limits.depth == 0 && !want_solve;
  const int lead = job.helper == 0 ? 0 : job.helper % 2 ? 2 : 1;

  // No new iteration starts after this share of the budget: most of it is
  // kept for a solve, for the checks of a random pick, or, under a game
  // clock, for later moves.
  const bool wld_follows = !want_solve && empties <= exact_empties + kWinLossDrawExtra;
  const bool spend_all = limits.fixed_time && !wld_follows && limits.randomness == 0;
  const double start_share = want_solve  ? tuning::kSolveStartShare
                             : spend_all ? tuning::kFixedTimeStartShare
                                         : tuning::kIterationStartShare;

  // Iterative deepening; a pass reaching the empties is an exact solve. Every
  // score here is in eval units (score: the last finished iteration's); only
  // the result is given in discs.
  int score = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    if (progress && job.helper == 0) progress->main_started(depth);
    if (progress && job.helper > 0 && unbounded_depth)
      depth = std::max(depth, progress->main_depth() + lead);
    if (depth > max_depth) break;
    const int window = tuning::kAspirationDiscs * kUnitsPerDisc;
    // Centred on the last score rounded to discs (measured better, see kAspirationDiscs).
    int alpha = depth > 2 ? r.score * kUnitsPerDisc - window : -kInfinity;
    int beta = depth > 2 ? r.score * kUnitsPerDisc + window : kInfinity;
    int best_index = -1, best = 0;
    for (;;) {
      best = tree.template negamax<NodeKind::Root, Phase::Midgame>(b, depth, alpha, beta);
      best_index = tree.root_best();
      if (tree.aborted()) break;
      if (best <= alpha) {
        alpha = -kInfinity;
      } else if (best >= beta) {
        beta = kInfinity;
      } else {
        break;
      }
    }
    if (tree.aborted()) {
      // Keep a move this iteration proved at least as good as its first try.
      if (best_index >= 0 && best > alpha) r.move = moves[best_index].square;
      break;
    }
    sort_by_score(moves);
    r.move = moves[0].square;
    score = best;
    r.previous_score = r.depth > 0 ? r.score : round_to_discs(best);
    r.score = round_to_discs(best);
    r.depth = depth;
    if (depth >= empties) {
      // Searched to the end: proven, unless the selective endgame cut.
      r.exact = !tree.selective_endgame(empties);
      break;
    }
    if (progress) progress->completed({depth, r.move, r.score});
    // Stop early when the next iteration would likely not finish in time.
    const bool searches_until_stopped = job.helper > 0 && unbounded_depth;
    if (timed && !searches_until_stopped && elapsed() > limits.seconds * start_share) break;
  }
  // The main thread plays a deeper iteration a helper completed.
  if (progress && job.helper == 0 && unbounded_depth && !r.exact && limits.randomness == 0) {
    const SearchProgress::Iteration deepest = progress->deepest();
    if (deepest.depth > r.depth) {
      r.move = deepest.move;
      r.previous_score = r.score;
      r.score = deepest.score;
      r.depth = deepest.depth;
      score = deepest.score * kUnitsPerDisc;
    }
  }

  // The iterations reached the end selectively (Multi-ProbCut) with time to
  // spare: the exact solve is the next iteration, started by the same rule
  // (under a fixed time per move, whenever time is left, which was lost
  // before). An unfinished solve keeps the selective move.
  const bool solve_next = timed && r.depth >= empties && elapsed() <= limits.seconds * start_share;
  if ((want_solve || solve_next) && !r.exact && !tree.aborted()) {
    const auto solved = job.win_loss_draw ? solve_win_loss_draw(tree, b)
                                          : solve_exact(tree, b, r.score * kUnitsPerDisc);
    if (solved) {
      r.move = solved->first;
      score = solved->second;
      r.score = score / kUnitsPerDisc;
      r.exact = true;
      r.depth = empties;
    }
  }

  // Just above the exact-solve point a win/loss/draw solve is cheap: play a
  // proven win (or draw) rather than trust the evaluation.
  if (wld_follows && !r.exact && !tree.aborted()) {
    const auto solved = solve_win_loss_draw(tree, b);
    if (solved && solved->second >= 0) r.move = solved->first;
  }

  // A little variety: any move proven within `randomness` discs of the best.
  if (limits.randomness > 0 && moves.size() > 1 && !tree.aborted() && r.depth > 0) {
    std::vector<int> candidates{r.move};
    const int threshold = score - static_cast<int>(limits.randomness * kUnitsPerDisc);
    for (const auto& m : moves) {
      if (m.square == r.move) continue;
      const Board<Set> next = play(b, m.square, m.flipped);
      const int v = r.exact ? -tree.solve(next, -threshold, -threshold + 1)
                            : -tree.pvs(next, r.depth - 1, -threshold, -threshold + 1);
      if (tree.aborted()) break;
      if (v >= threshold) candidates.push_back(m.square);
    }
    // Sorted so the pick depends only on the seed, not on the search order.
    std::sort(candidates.begin(), candidates.end());
    if (!tree.aborted()) r.move = candidates[mix64(limits.seed + 1) % candidates.size()];
  }

  if (r.exact) r.previous_score = r.score;  // proven: no swing to average out
  r.pv = tree.principal_variation(b, r.move, std::max(r.depth, 1));
  if (r.pv.empty() || r.pv[0] != r.move) r.pv = {r.move};
  r.nodes = context.nodes;
  r.seconds = wall();
  return r;
}

template <class Set, bool Is8x8>
SearchResult run_window(const Position& p, int alpha, int beta, const Job& job) {
  const auto start = Clock::now();
  const auto& g = geometry<Set>(p.shape());
  const EvalShape<Set> shape(p.shape(), job.eval8.size_weights());
  SearchContext<Set> context(g, job.tt, job.eval8, shape, job.limits, start);
  SearchTree<Set, Is8x8> tree(context);
  const Board<Set> b = p.board<Set>();
  SearchResult r;
  // The window is in discs; the tree scores in eval units, exact scores being
  // whole multiples of kUnitsPerDisc.
  r.score = tree.solve(b, alpha * kUnitsPerDisc, beta * kUnitsPerDisc) / kUnitsPerDisc;
  r.previous_score = r.score;
  r.exact = !tree.aborted();
  r.depth = tree.empties(b);
  // The table's line (moves stored as best, sound when the score is exact).
  if (const auto e = job.tt.probe(hash_board(b)); e && r.exact) {
    r.pv = tree.principal_variation(b, e->move, r.depth);
    if (!r.pv.empty()) r.move = r.pv[0];
  }
  r.nodes = context.nodes;
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

// The board size is dispatched here, once: 8x8 is a type of its own, other
// sizes take one machine word or the wide set. `f` is a template lambda
// called as f.template operator()<Set, Is8x8>().
template <class F>
SearchResult by_board_type(const Position& p, F&& f) {
  if (p.shape() == Shape::square(8)) return f.template operator()<std::uint64_t, true>();
  return p.shape().fits_one_word() ? f.template operator()<std::uint64_t, false>()
                                   : f.template operator()<WideSet, false>();
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

SearchResult Searcher::search(const Position& p, const SearchLimits& limits) {
  return impl_->dispatch(
      p, Job{limits, *impl_->tt, *impl_->evaluator, false, false, impl_->helper, impl_->progress});
}

SearchResult Searcher::solve(const Position& p, bool win_loss_draw) {
  return solve(p, SearchLimits{}, win_loss_draw);
}

SearchResult Searcher::solve(const Position& p, const SearchLimits& limits, bool win_loss_draw) {
  return impl_->dispatch(p, Job{limits, *impl_->tt, *impl_->evaluator, true, win_loss_draw,
                                impl_->helper, impl_->progress});
}

SearchResult Searcher::solve_window(const Position& p, int alpha, int beta,
                                    const SearchLimits& limits) {
  const Job job{limits, *impl_->tt, *impl_->evaluator, true, false, impl_->helper};
  return by_board_type(
      p, [&]<class Set, bool Is8x8>() { return run_window<Set, Is8x8>(p, alpha, beta, job); });
}

}  // namespace flank
