// Searcher: runs one decision on the fastest square set for the board size.
// Iterative deepening with aspiration windows over SearchTree::pvs, then, when
// few enough squares are empty, the exact solver; the best move of the last
// completed iteration is always ready when the budget runs out.
#include "engine/search.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/search_tree.hpp"
#include "engine/search_tuning.hpp"

namespace flank {
namespace {

using Clock = std::chrono::steady_clock;

template <class Set>
struct RootMove {
  int square;
  Set flipped;
  int score;  // of the last iteration that searched it (a bound for non-best moves)
};

// One pass over the root moves with window (alpha, beta). child(next, a, b)
// searches the position after a move for the opponent. Returns the best value;
// on abort, best_index names the best fully searched move, or -1.
template <class Set, class Child>
int root_pass(SearchTree<Set>& tree, const Board<Set>& b, std::vector<RootMove<Set>>& moves,
              int alpha, int beta, Child&& child, int& best_index) {
  int best = -kInfinity, a = alpha;
  best_index = -1;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Board<Set> next = play(b, moves[i].square, moves[i].flipped);
    int v;
    if (i == 0) {
      v = -child(next, -beta, -a);
    } else {
      v = -child(next, -a - 1, -a);
      if (v > a && v < beta && !tree.aborted()) v = -child(next, -beta, -a);
    }
    if (tree.aborted()) break;
    moves[i].score = v;
    if (v > best) {
      best = v;
      best_index = static_cast<int>(i);
      if (v > a) a = v;
      if (a >= beta) break;
    }
  }
  return best;
}

template <class Set>
void sort_by_score(std::vector<RootMove<Set>>& moves) {
  std::stable_sort(moves.begin(), moves.end(), [](const RootMove<Set>& x, const RootMove<Set>& y) {
    return x.score > y.score;
  });
}

int round_to_discs(int units) {
  return static_cast<int>(std::lround(static_cast<double>(units) / kUnitsPerDisc));
}

// Empties at which to solve exactly when the caller did not say.
int automatic_exact_empties(const SearchLimits& limits) {
  if (limits.depth > 0) return limits.depth * 3 / 2 + 2;
  if (limits.seconds > 0)
    return std::clamp(static_cast<int>(11 + 2 * std::log2(limits.seconds / 0.05)), 6, 26);
  return 12;
}

// The root of an exact solve, as MTD(f): null-window passes from the midgame
// estimate narrow the bounds until they meet. Narrow windows prune far more
// than one wide one. Returns (move, score), or nothing when aborted.
template <class Set>
std::optional<std::pair<int, int>> solve_exact(SearchTree<Set>& tree, const Board<Set>& b,
                                               std::vector<RootMove<Set>>& moves, int estimate) {
  const auto child = [&](const Board<Set>& next, int a, int be) { return tree.solve(next, a, be); };
  int lower = -kInfinity, upper = kInfinity, guess = estimate, best_move = moves[0].square;
  while (lower < upper) {
    const int beta = guess == lower ? guess + 1 : guess;
    int best_index = -1;
    const int v = root_pass(tree, b, moves, beta - 1, beta, child, best_index);
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

// The root of a win/loss/draw solve: one pass with the window (-1, 1).
template <class Set>
std::optional<std::pair<int, int>> solve_win_loss_draw(SearchTree<Set>& tree, const Board<Set>& b,
                                                       std::vector<RootMove<Set>>& moves) {
  const auto child = [&](const Board<Set>& next, int a, int be) { return tree.solve(next, a, be); };
  int best_index = -1;
  const int v = root_pass(tree, b, moves, -1, 1, child, best_index);
  if (tree.aborted()) return std::nullopt;
  return std::make_pair(moves[best_index].square, v);
}

using tuning::kWinLossDrawExtra;

struct Job {
  const SearchLimits& limits;
  TranspositionTable& tt;
  const Evaluator& eval8;
  bool solve_only = false;
  bool win_loss_draw = false;
  int helper = 0;  // lazy SMP helper number (Searcher::help); 0 = the main or only thread
};

template <class Set>
SearchResult run(const Position& p, const Job& job) {
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  const auto& g = geometry<Set>(p.shape());
  const EvalShape<Set> shape(p.shape());
  const SearchLimits& limits = job.limits;
  SearchTree<Set> tree(g, job.tt, job.eval8, shape, limits, start);
  if (job.helper == 0) job.tt.new_search();  // one generation per decision, not per thread
  const Board<Set> b = p.board<Set>();
  const int empties = tree.empties(b);

  SearchResult r;
  std::vector<RootMove<Set>> moves;
  for_each_square(legal_moves(b.me, b.opp, g), [&](int sq) {
    moves.push_back({sq, flips(b.me, b.opp, sq, g), 0});
  });
  if (moves.empty()) {
    if (!any(legal_moves(b.opp, b.me, g))) {
      r.score = tree.final_score(b);
      r.exact = true;
      return r;
    }
    // Pass, and report the opponent's view of what follows.
    Position after = p;
    after.play(kPass);
    r = run<Set>(after, job);
    r.move = kPass;
    r.score = -r.score;
    r.pv.insert(r.pv.begin(), kPass);
    return r;
  }
  r.move = moves[0].square;  // a legal move is ready from the start

  const bool timed = limits.seconds > 0;
  const int exact_empties =
      limits.exact_empties >= 0 ? limits.exact_empties : automatic_exact_empties(limits);
  const bool want_solve = job.solve_only || empties <= exact_empties;
  int max_depth = limits.depth > 0 ? limits.depth : (timed || limits.nodes || limits.stop) ? 64 : 6;
  // Before a solve a short search orders the root moves and leaves a fallback
  // move; with a clock it goes as deep as a fifth of the budget allows.
  if (want_solve && !timed)
    max_depth = std::min(max_depth, empties <= 12 ? 2 : empties <= 18 ? 4 : 6);
  // Odd lazy SMP helpers search one ply deeper than the main thread.
  max_depth = std::min(max_depth + job.helper % 2, empties);

  // Iterative deepening; a pass reaching the empties is an exact solve.
  for (int depth = 1; depth <= max_depth; ++depth) {
    const auto child = [&](const Board<Set>& next, int a, int be) {
      return tree.pvs(next, depth - 1, a, be);
    };
    const int window = tuning::kAspirationDiscs * kUnitsPerDisc;
    int alpha = depth > 2 ? r.score * kUnitsPerDisc - window : -kInfinity;
    int beta = depth > 2 ? r.score * kUnitsPerDisc + window : kInfinity;
    int best_index = -1, best = 0;
    for (;;) {
      best = root_pass(tree, b, moves, alpha, beta, child, best_index);
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
    r.score = round_to_discs(best);
    r.depth = depth;
    if (depth >= empties) {
      r.exact = true;
      break;
    }
    // Stop early when the next iteration would likely not finish in time.
    if (timed && elapsed() > limits.seconds * (want_solve ? 0.2 : 0.4)) break;
  }

  if (want_solve && !r.exact && !tree.aborted()) {
    const auto solved = job.win_loss_draw ? solve_win_loss_draw(tree, b, moves)
                                          : solve_exact(tree, b, moves, r.score);
    if (solved) {
      r.move = solved->first;
      r.score = solved->second;
      r.exact = true;
      r.depth = empties;
    }
  }

  // Just above the exact-solve point a win/loss/draw solve is cheap: play a
  // proven win (or draw) rather than trust the evaluation.
  if (!want_solve && !r.exact && !tree.aborted() && empties <= exact_empties + kWinLossDrawExtra) {
    const auto solved = solve_win_loss_draw(tree, b, moves);
    if (solved && solved->second >= 0) r.move = solved->first;
  }

  // A little variety: any move proven within `randomness` discs of the best.
  if (limits.randomness > 0 && moves.size() > 1 && !tree.aborted() && r.depth > 0) {
    std::vector<int> candidates{r.move};
    const int margin = static_cast<int>(limits.randomness * (r.exact ? 1 : kUnitsPerDisc));
    const int threshold = (r.exact ? r.score : r.score * kUnitsPerDisc) - margin;
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

  r.pv = tree.principal_variation(b, r.move, std::max(r.depth, 1));
  if (r.pv.empty() || r.pv[0] != r.move) r.pv = {r.move};
  r.nodes = tree.nodes();
  r.seconds = elapsed();
  return r;
}

template <class Set>
SearchResult run_window(const Position& p, int alpha, int beta, const Job& job) {
  const auto start = Clock::now();
  const EvalShape<Set> shape(p.shape());
  SearchTree<Set> tree(geometry<Set>(p.shape()), job.tt, job.eval8, shape, job.limits, start);
  const Board<Set> b = p.board<Set>();
  SearchResult r;
  r.score = tree.solve(b, alpha, beta);
  r.exact = !tree.aborted();
  r.depth = tree.empties(b);
  // The table's line (moves stored as best, sound when the score is exact).
  if (const auto e = job.tt.probe(hash_board(b)); e && r.exact) {
    r.pv = tree.principal_variation(b, e->move, r.depth);
    if (!r.pv.empty()) r.move = r.pv[0];
  }
  r.nodes = tree.nodes();
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace

struct Searcher::Impl {
  explicit Impl(std::size_t mb) : tt(std::make_shared<TranspositionTable>(mb)) {}
  std::shared_ptr<TranspositionTable> tt;  // shared with lazy SMP helpers
  std::shared_ptr<const Evaluator> evaluator = hand_evaluator();
  int helper = 0;

  SearchResult dispatch(const Position& p, const Job& job) {
    return p.shape().fits_one_word() ? run<std::uint64_t>(p, job) : run<WideSet>(p, job);
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

SearchResult Searcher::search(const Position& p, const SearchLimits& limits) {
  return impl_->dispatch(p,
                         Job{limits, *impl_->tt, *impl_->evaluator, false, false, impl_->helper});
}

SearchResult Searcher::solve(const Position& p, bool win_loss_draw) {
  return solve(p, SearchLimits{}, win_loss_draw);
}

SearchResult Searcher::solve(const Position& p, const SearchLimits& limits, bool win_loss_draw) {
  return impl_->dispatch(
      p, Job{limits, *impl_->tt, *impl_->evaluator, true, win_loss_draw, impl_->helper});
}

SearchResult Searcher::solve_window(const Position& p, int alpha, int beta,
                                    const SearchLimits& limits) {
  const Job job{limits, *impl_->tt, *impl_->evaluator, true, false, impl_->helper};
  return p.shape().fits_one_word() ? run_window<std::uint64_t>(p, alpha, beta, job)
                                   : run_window<WideSet>(p, alpha, beta, job);
}

}  // namespace flank
