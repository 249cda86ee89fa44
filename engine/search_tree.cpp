// The midgame half of SearchTree: principal-variation search with a
// transposition table and move ordering, plus budget checks and the PV.
#include "engine/search_tree.hpp"

#include <algorithm>

#include "engine/search_tuning.hpp"

namespace flank {

template <class Set>
SearchTree<Set>::SearchTree(const Geometry<Set>& g, TranspositionTable& tt, const Evaluator& eval8,
                            const EvalShape<Set>& shape, const SearchLimits& limits,
                            Clock::time_point start)
    : g_(g), tt_(tt), eval8_(eval8), shape_(shape), limits_(limits), squares_(g.squares()) {
  if (limits.seconds > 0) {
    has_deadline_ = true;
    deadline_ = start + std::chrono::duration_cast<Clock::duration>(
                            std::chrono::duration<double>(limits.seconds));
  }
  board8_ = std::is_same_v<Set, std::uint64_t> && g.is_8x8;
  if (board8_) {
    pattern_ = dynamic_cast<const PatternEvaluator*>(&eval8);
    if (pattern_ && !pattern_->incremental()) pattern_ = nullptr;
  }
  const int half_rows = g.rows / 2, half_cols = g.cols / 2;
  quadrants_.assign(4, Set{});
  for (int sq = 0; sq < squares_; ++sq)
    set_bit(quadrants_[(sq / g.cols >= half_rows) * 2 + (sq % g.cols >= half_cols)], sq);
}

template <class Set>
void SearchTree<Set>::check_budget() {
  if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) aborted_ = true;
  if (limits_.nodes && nodes_ >= limits_.nodes) aborted_ = true;
  if (has_deadline_ && Clock::now() >= deadline_) aborted_ = true;
}

template <class Set>
MoveList<Set> SearchTree<Set>::generate(const Board<Set>& b, const Set& moves) const {
  MoveList<Set> list;
  for_each_square(moves, [&](int sq) { list.push_back({sq, flips(b.me, b.opp, sq, g_), 0}); });
  return list;
}

template <class Set>
void SearchTree<Set>::order_midgame(const Board<Set>& b, MoveList<Set>& moves, int depth,
                                    int hash_move) {
  // Deep nodes: a shallow search of each reply; then evaluation and fewest
  // replies; at the last two plies the ordering would cost more than it saves.
  const int shallow = depth >= tuning::kDeepOrderDepth     ? 2
                      : depth >= tuning::kOrderSearchDepth ? 1
                                                           : -1;
  for (auto& m : moves) {
    const Board<Set> next = play(b, m.square, m.flipped);
    if (depth > 2) tt_.prefetch(hash_board(next));  // the child will probe it
    if (m.square == hash_move) {
      m.order = kInfinity;
    } else if (depth <= 2 && shallow < 0) {
      m.order = 0;
    } else {
      enter(m.square, m.flipped);
      if (shallow >= 0) {
        m.order = -pvs_node(next, shallow, -kInfinity, kInfinity);
      } else {
        const int replies = popcount(legal_moves(next.me, next.opp, g_));
        const int corner = test(shape_.corner_set, m.square) ? 1 : 0;
        m.order = -evaluate(next) / 2 - replies * 16 + corner * 64;
      }
      leave(m.square, m.flipped);
    }
  }
}

template <class Set>
int SearchTree<Set>::pvs(const Board<Set>& b, int depth, int alpha, int beta) {
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    if (pattern_) {
      // Called from the root or the solver's ordering: a fresh state for b.
      const PatternEvaluator::State caller = state_;
      pattern_->set_state(state_, b.me, b.opp);
      const int v = pvs_node(b, depth, alpha, beta);
      state_ = caller;
      return v;
    }
  }
  return pvs_node(b, depth, alpha, beta);
}

template <class Set>
int SearchTree<Set>::pvs_node(const Board<Set>& b, int depth, int alpha, int beta) {
  if (count_node()) return 0;
  const int empty_count = empties(b);
  if (depth >= empty_count) {
    // Deep enough to see the end: solve in discs and scale back to eval units.
    const int a =
        alpha >= 0 ? alpha / kUnitsPerDisc : -((-alpha + kUnitsPerDisc - 1) / kUnitsPerDisc);
    const int be =
        beta >= 0 ? (beta + kUnitsPerDisc - 1) / kUnitsPerDisc : -(-beta / kUnitsPerDisc);
    return solve(b, std::max(a, -kInfinity), std::min(be, kInfinity)) * kUnitsPerDisc;
  }
  if (depth <= 0) return evaluate(b);
  if (depth == 1) return search_last_ply(b, alpha, beta);

  const std::uint64_t key = hash_board(b);
  int hash_move = kPass;
  if (const auto e = tt_.probe(key)) {
    if (e->depth >= depth) {
      if (e->lower >= beta) return e->lower;
      if (e->upper <= alpha) return e->upper;
      if (e->lower == e->upper) return e->lower;
    }
    hash_move = e->move;
  }

  const Set legal = legal_moves(b.me, b.opp, g_);
  if (!any(legal)) {
    if (!any(legal_moves(b.opp, b.me, g_))) return final_score(b) * kUnitsPerDisc;
    enter_pass();
    const int v = -pvs_node(pass(b), depth, -beta, -alpha);
    enter_pass();
    return v;
  }
  if (int cut; multi_probcut(b, depth, alpha, beta, cut)) return cut;
  MoveList<Set> moves = generate(b, legal);
  if (moves.size() > 1) order_midgame(b, moves, depth, hash_move);
  if (aborted_) return 0;

  int best = -kInfinity, best_move = kPass, a = alpha;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    select_move(moves, i);
    const Board<Set> next = play(b, moves[i].square, moves[i].flipped);
    enter(moves[i].square, moves[i].flipped);
    int v;
    if (i == 0) {
      v = -pvs_node(next, depth - 1, -beta, -a);
    } else {
      v = -pvs_node(next, depth - 1, -a - 1, -a);
      if (v > a && v < beta && !aborted_) v = -pvs_node(next, depth - 1, -beta, -a);
    }
    leave(moves[i].square, moves[i].flipped);
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      best_move = moves[i].square;
      if (v > a) a = v;
      if (a >= beta) break;
    }
  }
  tt_.store(key, depth, alpha, beta, best, best_move);
  return best;
}

template <class Set>
bool SearchTree<Set>::multi_probcut(const Board<Set>& b, int depth, int alpha, int beta, int& cut) {
  if (!limits_.mpc || !board8_) return false;
  const auto probe = mpc::probe(*limits_.mpc, empties(b), depth, alpha, beta,
                                limits_.mpc_confidence, kUnitsPerDisc);
  if (!probe) return false;
  constexpr int kMaxScore = 64 * kUnitsPerDisc;
  if (probe->high <= kMaxScore &&
      pvs_node(b, probe->shallow, probe->high - 1, probe->high) >= probe->high && !aborted_) {
    cut = beta;
    return true;
  }
  if (probe->low >= -kMaxScore &&
      pvs_node(b, probe->shallow, probe->low, probe->low + 1) <= probe->low && !aborted_) {
    cut = alpha;
    return true;
  }
  return false;
}

template <class Set>
int SearchTree<Set>::search_last_ply(const Board<Set>& b, int alpha, int beta) {
  // The children are evaluated in place: no hash table, no move list, no ordering.
  const Set legal = legal_moves(b.me, b.opp, g_);
  if (!any(legal)) {
    if (!any(legal_moves(b.opp, b.me, g_))) return final_score(b) * kUnitsPerDisc;
    enter_pass();
    const int v = -pvs_node(pass(b), 1, -beta, -alpha);
    enter_pass();
    return v;
  }
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    if (board8_) {
      // Only the best move is stored: the next iteration's ordering at this node.
      const std::uint64_t key = hash_board(b);
      tt_.prefetch(key);
      const auto best = pattern_ ? pattern_->best_child(state_, b.me, b.opp, legal, beta, nodes_)
                                 : eval8_.best_child8(b.me, b.opp, legal, beta, nodes_);
      tt_.store(key, 1, alpha, beta, best.score, best.square);
      over_budget();
      return best.score;
    }
  }
  int best = -kInfinity;
  for_each_square(legal, [&](int sq) {
    if (best >= beta) return;
    ++nodes_;
    const Set f = flips(b.me, b.opp, sq, g_);
    enter(sq, f);
    const int v = -evaluate(play(b, sq, f));
    leave(sq, f);
    if (v > best) best = v;
  });
  over_budget();
  return best;
}

template <class Set>
std::vector<Square> SearchTree<Set>::principal_variation(Board<Set> b, int first_move,
                                                         int max_len) const {
  std::vector<Square> pv;
  int move = first_move;
  while (static_cast<int>(pv.size()) < max_len) {
    Set legal = legal_moves(b.me, b.opp, g_);
    if (!any(legal)) {
      if (!any(legal_moves(b.opp, b.me, g_))) break;
      pv.push_back(kPass);
      b = pass(b);
      legal = legal_moves(b.me, b.opp, g_);
      const auto e = tt_.probe(hash_board(b));
      move = e ? e->move : kPass;
    }
    if (move < 0 || move >= squares_ || !test(legal, move)) break;
    pv.push_back(move);
    b = play(b, move, flips(b.me, b.opp, move, g_));
    const auto e = tt_.probe(hash_board(b));
    move = e ? e->move : kPass;
    if (move == kPass && any(legal_moves(b.me, b.opp, g_))) break;
  }
  return pv;
}

#define FLANK_INSTANTIATE(Set)                                                               \
  template SearchTree<Set>::SearchTree(const Geometry<Set>&, TranspositionTable&,            \
                                       const Evaluator&, const EvalShape<Set>&,              \
                                       const SearchLimits&, Clock::time_point);              \
  template void SearchTree<Set>::check_budget();                                             \
  template MoveList<Set> SearchTree<Set>::generate(const Board<Set>&, const Set&) const;     \
  template void SearchTree<Set>::order_midgame(const Board<Set>&, MoveList<Set>&, int, int); \
  template int SearchTree<Set>::pvs(const Board<Set>&, int, int, int);                       \
  template int SearchTree<Set>::pvs_node(const Board<Set>&, int, int, int);                  \
  template int SearchTree<Set>::search_last_ply(const Board<Set>&, int, int);                \
  template bool SearchTree<Set>::multi_probcut(const Board<Set>&, int, int, int, int&);      \
  template std::vector<Square> SearchTree<Set>::principal_variation(Board<Set>, int, int) const;
FLANK_INSTANTIATE(std::uint64_t)
FLANK_INSTANTIATE(WideSet)
#undef FLANK_INSTANTIATE

}  // namespace flank
