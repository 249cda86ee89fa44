// The negamax of SearchTree and the cut-offs every phase shares; the midgame
// pieces (last ply, Multi-ProbCut, move ordering) are here too, the exact
// phase's leaves and ordering in endgame.cpp.
#include "engine/search/search_tree.hpp"

#include <algorithm>

#include "engine/search/search_tuning.hpp"
#include "engine/table/solved_probe.hpp"

namespace flank {

template <class Set, bool Is8x8>
SearchTree<Set, Is8x8>::SearchTree(SearchContext<Set>& context)
    : ctx_(context), squares_(context.g.squares()) {
  if constexpr (Is8x8) {
    pattern_ = dynamic_cast<const PatternEvaluator*>(&ctx_.eval8);
    if (pattern_ && !pattern_->incremental()) pattern_ = nullptr;
    if (pattern_) states_ = std::make_unique_for_overwrite<PatternEvaluator::State[]>(kStates);
  }
  const auto& g = ctx_.g;
  const int half_rows = g.rows / 2, half_cols = g.cols / 2;
  quadrants_.assign(4, Set{});
  for (int sq = 0; sq < squares_; ++sq)
    set_bit(quadrants_[(sq / g.cols >= half_rows) * 2 + (sq % g.cols >= half_cols)], sq);
  // The kinds from the squares the evaluation weighs specially.
  const auto& shape = ctx_.shape;
  square_kinds_[kCornerSquares] = shape.corner_set;
  square_kinds_[kEdgeSquares] = shape.edges;
  for (const auto& c : shape.corners) {
    set_bit(square_kinds_[kXSquares], c.x_square);
    for (int sq : c.c_squares) set_bit(square_kinds_[kCSquares], sq);
  }
  square_kinds_[kInnerSquares] = g.board & ~(shape.corner_set | shape.edges |
                                             square_kinds_[kXSquares] | square_kinds_[kCSquares]);
}

template <class Set, bool Is8x8>
MoveList<Set> SearchTree<Set, Is8x8>::generate(const Board<Set>& b, const Set& moves) const {
  MoveList<Set> list;
  for_each_square(moves, [&](int sq) { list.push_back({sq, flipped_by(b, sq), 0}); });
  return list;
}

template <class Set, bool Is8x8>
int SearchTree<Set, Is8x8>::pvs(const Board<Set>& b, int depth, int alpha, int beta) {
  int v = 0;
  with_state_of(b, [&] { v = negamax<NodeKind::PV, Phase::Midgame>(b, depth, alpha, beta); });
  return v;
}

template <class Set, bool Is8x8>
void SearchTree<Set, Is8x8>::order_by_searches(const Board<Set>& b, MoveList<Set>& moves, int depth,
                                               int skip) {
  // One state for all the children: through pvs each child had a fresh one,
  // every pattern extracted for both colours.
  with_state_of(b, [&] {
    for (auto& m : moves) {
      if (m.square == skip) continue;
      enter(m.square, m.flipped);
      m.order -= negamax<NodeKind::PV, Phase::Midgame>(play(b, m.square, m.flipped), depth,
                                                       -kInfinity, kInfinity);
      leave();
    }
  });
}

template <class Set, bool Is8x8>
template <NodeKind K, Phase P>
int SearchTree<Set, Is8x8>::negamax(const Board<Set>& b, int depth, int alpha, int beta) {
  constexpr bool kExact = P == Phase::Exact;
  if constexpr (K == NodeKind::Root) {
    // The caller's move list, in its order; the incremental state starts here.
    if constexpr (Is8x8 && !kExact) {
      if (pattern_) pattern_->set_state(states_[top_], b.me, b.opp);
    }
    return search_moves<K, P>(b, root_moves_, depth, alpha, beta, root_best_, -kInfinity);
  } else {
    const int empty_count = empties(b);
    if constexpr (kExact) {
      if (const auto v = exact_leaf(b, empty_count, alpha, beta)) return *v;
      if (ctx_.count_node()) return 0;
      if (const auto cut = stability_cutoff(b, alpha)) return *cut;
    } else {
      if (ctx_.count_node()) return 0;
      // Deep enough to see the end: solve, in the same unit and window, or
      // search to the end with Multi-ProbCut (the selective endgame).
      if (depth >= empty_count) {
        if (!selective_endgame(empty_count)) return negamax<K, Phase::Exact>(b, depth, alpha, beta);
        depth = empty_count;
      }
      if (depth <= 0) return evaluate(b);
      if (depth == 1) return search_last_ply(b, alpha, beta, K != NodeKind::Null);
    }

    const bool use_hash = !kExact || empty_count >= tuning::kHashEmpties;
    const std::uint64_t key = use_hash ? hash_board(b) : 0;
    int hash_move = kPass;
    if (use_hash) {
      if (const auto cut = tt_cutoff<P>(key, depth, alpha, beta, hash_move)) return *cut;
    }
    const Set legal_set = legal(b);
    if (!any(legal_set)) return pass_or_game_over<K, P>(b, depth, alpha, beta);
    if constexpr (!kExact) {
      if (const auto cut = multi_probcut(b, depth, alpha, beta)) return *cut;
    }
    // Midgame: the table's move first, before the other moves are generated
    // and ordered: when it cuts, as it mostly does at a node that fails high,
    // their flips, ordering searches and evaluations are never needed. The
    // exact phase orders it first among the others instead: its enhanced
    // transposition cut-off needs every move first (measured, docs/experiments.md
    // "The table's move before the others").
    int best = -kInfinity, best_move = kPass;
    Set rest = legal_set;
    if (!kExact && hash_move >= 0 && test(legal_set, hash_move)) {
      MoveList<Set> first{{hash_move, flipped_by(b, hash_move), 0}};
      int index = -1;
      best = search_moves<K, P>(b, first, depth, alpha, beta, index, -kInfinity);
      if (ctx_.aborted()) return 0;
      best_move = hash_move;
      rest &= ~single<Set>(hash_move);
    }
    if (best < beta && any(rest)) {
      MoveList<Set> moves = generate(b, rest);
      if constexpr (kExact) {
        if (empty_count >= tuning::kEtcEmpties) {
          if (const auto cut = etc(b, moves, beta)) return *cut;
        }
        if (moves.size() > 1) order_endgame(b, moves, empty_count, hash_move);
      } else {
        if (moves.size() > 1) order_midgame(b, moves, depth);
        if (ctx_.aborted()) return 0;
      }
      int index = -1;
      const int v = search_moves<K, P>(b, moves, depth, alpha, beta, index, best);
      if (ctx_.aborted()) return 0;
      if (v > best) {
        best = v;
        best_move = moves[index].square;
      }
    }
    if (use_hash)
      ctx_.tt.store(key, kExact ? solved_depth(empty_count) : midgame_depth(depth), alpha, beta,
                    best, best_move);
    return best;
  }
}

template <class Set, bool Is8x8>
template <NodeKind K, Phase P>
int SearchTree<Set, Is8x8>::search_moves(const Board<Set>& b, MoveList<Set>& moves, int depth,
                                         int alpha, int beta, int& best_index, int prior_best) {
  constexpr NodeKind kFirstChild = K == NodeKind::Null ? NodeKind::Null : NodeKind::PV;
  int best = prior_best, a = std::max(alpha, prior_best);
  // After a move searched before these, every one is a later child.
  const bool first_here = prior_best == -kInfinity;
  best_index = -1;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    // Once the eldest brother is searched, idle threads may share the rest.
    if (ctx_.pool && (i > 0 || !first_here) && i + 1 < moves.size() &&
        worth_splitting<P>(b, depth) && ctx_.pool->has_idle())
      return split<K, P>(b, moves, i, depth, beta, a, best, best_index);
    if constexpr (K != NodeKind::Root) select_move(moves, i);
    const int sq = moves[i].square;
    const Set flipped = moves[i].flipped;
    const Board<Set> next = play(b, sq, flipped);
    if constexpr (P == Phase::Midgame) enter(sq, flipped);
    int v;
    if (K == NodeKind::Null || (i == 0 && first_here)) {
      v = -negamax<kFirstChild, P>(next, depth - 1, -beta, -a);
    } else {
      v = -negamax<NodeKind::Null, P>(next, depth - 1, -a - 1, -a);
      if (v > a && v < beta && !ctx_.aborted()) {
        const int lower_bound = v;
        v = -negamax<NodeKind::PV, P>(next, depth - 1, -beta, -a);
        // A root move that failed high is better than the best so far even
        // when the deadline cuts its re-search short: keep it as the answer.
        if (K == NodeKind::Root && ctx_.aborted()) {
          best = lower_bound;
          best_index = static_cast<int>(i);
        }
      }
    }
    if constexpr (P == Phase::Midgame) leave();
    if (ctx_.aborted()) break;
    if constexpr (K == NodeKind::Root) moves[i].order = v;
    if (v > best) {
      best = v;
      best_index = static_cast<int>(i);
      if (v > a) a = v;
      if (a >= beta) break;
    }
  }
  return best;
}

template <class Set, bool Is8x8>
template <NodeKind K, Phase P>
int SearchTree<Set, Is8x8>::split(const Board<Set>& b, MoveList<Set>& moves, std::size_t from,
                                  int depth, int beta, int a, int best, int& best_index) {
  // The rest in the order select_move would take them (the root's are the caller's).
  if constexpr (K != NodeKind::Root)
    std::stable_sort(
        moves.begin() + static_cast<std::ptrdiff_t>(from), moves.end(),
        [](const MoveChoice<Set>& x, const MoveChoice<Set>& y) { return x.order > y.order; });
  SplitNode sp(ctx_, b, depth, moves, K, P);
  sp.parent = ctx_.split;
  sp.next = from;
  sp.size = moves.size();
  sp.alpha = a;
  sp.beta = beta;
  sp.best = best;
  sp.best_index = best_index;
  ctx_.pool->open(sp);
  ctx_.split = &sp;
  search_split<K, P>(sp);
  ctx_.split = sp.parent;
  // Stopped from outside (or by a split point above): the helpers stop too.
  if (ctx_.aborted()) sp.cut.store(true, std::memory_order_relaxed);
  ctx_.pool->close(sp, ctx_.thread);
  if (sp.best >= beta) {
    // Cut by a move reaching beta: the node is done, the search goes on
    // (unless its own budget or a split point above stops it too).
    if (ctx_.aborted()) ctx_.resume();
  } else if (sp.abandoned) {
    // A helper stopped before its move was searched: the best is no value
    // of the node, and whatever stopped the helper stops this search too.
    ctx_.abort();
  }
  best_index = sp.best_index;
  return sp.best;
}

template <class Set, bool Is8x8>
template <NodeKind K, Phase P>
void SearchTree<Set, Is8x8>::search_split(SplitNode& sp) {
  const int beta = sp.beta;
  std::size_t i = 0;
  int a = 0;
  while (ctx_.pool->take(sp, i, a)) {
    const int sq = sp.moves[i].square;
    const Set flipped = sp.moves[i].flipped;
    const Board<Set> next = play(sp.b, sq, flipped);
    if constexpr (P == Phase::Midgame) enter(sq, flipped);
    int v, lower_bound = -kInfinity;
    if (K == NodeKind::Null) {
      v = -negamax<NodeKind::Null, P>(next, sp.depth - 1, -beta, -a);
    } else {
      v = -negamax<NodeKind::Null, P>(next, sp.depth - 1, -a - 1, -a);
      if (v > a && v < beta && !ctx_.aborted()) {
        lower_bound = v;
        v = -negamax<NodeKind::PV, P>(next, sp.depth - 1, -beta, -a);
      }
    }
    if constexpr (P == Phase::Midgame) leave();
    const bool finished = !ctx_.aborted();
    const std::lock_guard lock(ctx_.pool->mutex());
    if (!finished) {
      sp.abandoned = true;
      // As search_moves: a root move that failed high counts even when its
      // re-search was cut short.
      if (!(K == NodeKind::Root && lower_bound > -kInfinity)) break;
      v = lower_bound;
    }
    if constexpr (K == NodeKind::Root) {
      if (finished) sp.moves[i].order = v;
    }
    if (v > sp.best) {
      sp.best = v;
      sp.best_index = static_cast<int>(i);
      if (v > sp.alpha) sp.alpha = v;
      if (sp.alpha >= sp.beta) sp.cut.store(true, std::memory_order_relaxed);
    }
    if (!finished) break;
  }
}

template <class Set, bool Is8x8>
void SearchTree<Set, Is8x8>::SplitNode::help(int thread) {
  SearchContext<Set> context(owner.g, owner.tt, owner.eval8, owner.shape, owner.limits,
                             owner.start);
  context.pool = owner.pool;
  context.thread = thread;
  context.split = this;
  if (context.check_now()) {
    // The budget is spent, the search stopped or a node above was cut: this
    // node's moves will not all be searched. Cut it, so that no thread joins it
    // again, and mark it abandoned, so that its owner stops too.
    const std::lock_guard lock(owner.pool->mutex());
    abandoned = true;
    cut.store(true, std::memory_order_relaxed);
    return;
  }
  SearchTree tree(context);
  tree.with_state_of(b, [&] {
    const bool exact = phase == Phase::Exact;
    switch (kind) {
      case NodeKind::Root:
        exact ? tree.search_split<NodeKind::Root, Phase::Exact>(*this)
              : tree.search_split<NodeKind::Root, Phase::Midgame>(*this);
        break;
      case NodeKind::PV:
        exact ? tree.search_split<NodeKind::PV, Phase::Exact>(*this)
              : tree.search_split<NodeKind::PV, Phase::Midgame>(*this);
        break;
      case NodeKind::Null:
        exact ? tree.search_split<NodeKind::Null, Phase::Exact>(*this)
              : tree.search_split<NodeKind::Null, Phase::Midgame>(*this);
        break;
    }
  });
  owner.pool->add_helper_nodes(context.nodes);
}

template <class Set, bool Is8x8>
template <Phase P>
std::optional<int> SearchTree<Set, Is8x8>::tt_cutoff(std::uint64_t key, int depth, int& alpha,
                                                     int& beta, int& hash_move) const {
  if constexpr (P == Phase::Exact) {
    return probe_solved(ctx_.tt, key, alpha, beta, hash_move, 1);
  } else {
    const auto e = ctx_.tt.probe(key);
    if (!e) return std::nullopt;
    hash_move = e->move;
    if (e->depth >= depth) {
      if (e->lower >= beta) return e->lower;
      if (e->upper <= alpha) return e->upper;
      if (e->lower == e->upper) return e->lower;
    }
    return std::nullopt;
  }
}

template <class Set, bool Is8x8>
template <NodeKind K, Phase P>
int SearchTree<Set, Is8x8>::pass_or_game_over(const Board<Set>& b, int depth, int alpha, int beta) {
  if (!any(legal(pass(b)))) return final_score(b);
  enter_pass();
  const int v = -negamax<K, P>(pass(b), depth, -beta, -alpha);
  enter_pass();
  return v;
}

template <class Set, bool Is8x8>
std::optional<int> SearchTree<Set, Is8x8>::multi_probcut(const Board<Set>& b, int depth, int alpha,
                                                         int beta) {
  if constexpr (!Is8x8) {
    return std::nullopt;
  } else {
    if (!ctx_.limits.mpc) return std::nullopt;
    const mpc::Statistics& stats = *ctx_.limits.mpc;
    const double confidence = ctx_.limits.mpc_confidence;
    const int empty_count = empties(b);
    // The node's relation: to the end of the game, from the evaluation at
    // kStaticDepth, else from a shallow search.
    const auto probe =
        depth >= empty_count
            ? mpc::probe_endgame(stats, empty_count, alpha, beta, confidence, kUnitsPerDisc)
        : depth == mpc::kStaticDepth
            ? mpc::probe_static(empty_count, alpha, beta, confidence, kUnitsPerDisc)
            : mpc::probe(stats, empty_count, depth, alpha, beta, confidence, kUnitsPerDisc);
    if (!probe) return std::nullopt;
    if (probe->shallow == 0) {
      // The evaluation, read once for both bounds (it never passes +-64 discs).
      const int v = evaluate(b);
      if (v >= probe->high) return beta;
      if (v <= probe->low) return alpha;
      return std::nullopt;
    }
    constexpr int kMaxScore = 64 * kUnitsPerDisc;
    constexpr auto kNull = NodeKind::Null;
    if (probe->high <= kMaxScore &&
        negamax<kNull, Phase::Midgame>(b, probe->shallow, probe->high - 1, probe->high) >=
            probe->high &&
        !ctx_.aborted())
      return beta;
    if (probe->low >= -kMaxScore &&
        negamax<kNull, Phase::Midgame>(b, probe->shallow, probe->low, probe->low + 1) <=
            probe->low &&
        !ctx_.aborted())
      return alpha;
    return std::nullopt;
  }
}

template <class Set, bool Is8x8>
void SearchTree<Set, Is8x8>::order_midgame(const Board<Set>& b, MoveList<Set>& moves, int depth) {
  // Deep nodes: a shallow search of each reply; then evaluation and fewest
  // replies; at the last two plies the ordering would cost more than it saves.
  const int shallow = depth >= tuning::kDeepOrderDepth     ? 2
                      : depth >= tuning::kOrderSearchDepth ? 1
                                                           : -1;
  for (auto& m : moves) {
    const Board<Set> next = play(b, m.square, m.flipped);
    // The child will probe the table (a child at the last ply does not).
    if (depth > 2) ctx_.tt.prefetch(hash_board(next));
    if (depth <= 2 && shallow < 0) {
      // The child's last ply evaluates its replies until one reaches beta:
      // corners first, X-squares last, and fewest replies first (measured,
      // docs/experiments.md "The last two plies").
      m.order = -popcount(legal(next));
      if (test(square_kinds_[kCornerSquares], m.square)) m.order += tuning::kLastPliesSquareKind;
      if (test(square_kinds_[kXSquares], m.square)) m.order -= tuning::kLastPliesSquareKind;
    } else if (shallow >= 0) {
      enter(m.square, m.flipped);
      m.order = -negamax<NodeKind::PV, Phase::Midgame>(next, shallow, -kInfinity, kInfinity);
      leave();
    } else {
      int replies = 0;
      const int value = evaluate_after(next, m.square, m.flipped, replies);
      const int corner = test(ctx_.shape.corner_set, m.square) ? 1 : 0;
      m.order = -value / tuning::kMidgameOrderEvalDivisor - replies * tuning::kMidgameOrderReply +
                corner * tuning::kMidgameOrderCorner;
    }
  }
}

template <class Set, bool Is8x8>
int SearchTree<Set, Is8x8>::search_last_ply(const Board<Set>& b, int alpha, int beta,
                                            bool keep_move) {
  // The children are evaluated in place: no hash table, no move list, no
  // ordering but by the kind of square.
  const Set legal_set = legal(b);
  if (!any(legal_set)) {
    if (!any(legal(pass(b)))) return final_score(b);
    enter_pass();
    const int v = -negamax<NodeKind::PV, Phase::Midgame>(pass(b), 1, -beta, -alpha);
    enter_pass();
    return v;
  }
  if constexpr (Is8x8) {
    Evaluator::BestChild best{-kInfinity, kPass};
    for (const std::uint64_t kind : square_kinds_) {
      const std::uint64_t moves = legal_set & kind;
      if (!moves) continue;
      const auto in_kind = pattern_
                               ? pattern_->best_child(state(), b.me, b.opp, moves, beta, ctx_.nodes)
                               : ctx_.eval8.best_child8(b.me, b.opp, moves, beta, ctx_.nodes);
      if (in_kind.score > best.score) best = in_kind;
      if (best.score >= beta) break;
    }
    // Only a PV node keeps its move, the principal variation's last: a store at
    // every last-ply node cost more than its move ordering saved (measured,
    // docs/experiments.md "The last two plies").
    if (keep_move) ctx_.tt.store(hash_board(b), 1, alpha, beta, best.score, best.square);
    ctx_.over_budget();
    return best.score;
  } else {
    int best = -kInfinity;
    for (const Set& kind : square_kinds_) {
      for_each_square(legal_set & kind, [&](int sq) {
        if (best >= beta) return;
        ++ctx_.nodes;
        const Set f = flipped_by(b, sq);
        const int v = -evaluate(play(b, sq, f));
        if (v > best) best = v;
      });
      if (best >= beta) break;
    }
    ctx_.over_budget();
    return best;
  }
}

template <class Set, bool Is8x8>
std::vector<Square> SearchTree<Set, Is8x8>::principal_variation(Board<Set> b, int first_move,
                                                                int max_len) const {
  std::vector<Square> pv;
  int move = first_move;
  while (static_cast<int>(pv.size()) < max_len) {
    Set legal_set = legal(b);
    if (!any(legal_set)) {
      if (!any(legal(pass(b)))) break;
      pv.push_back(kPass);
      b = pass(b);
      legal_set = legal(b);
      const auto e = ctx_.tt.probe(hash_board(b));
      move = e ? e->move : kPass;
    }
    if (move < 0 || move >= squares_ || !test(legal_set, move)) break;
    pv.push_back(move);
    b = play(b, move, flipped_by(b, move));
    const auto e = ctx_.tt.probe(hash_board(b));
    move = e ? e->move : kPass;
    if (move == kPass && any(legal(b))) break;
  }
  return pv;
}

#define FLANK_INSTANTIATE(Set, Is8x8)                                                              \
  template class SearchTree<Set, Is8x8>;                                                           \
  template int SearchTree<Set, Is8x8>::negamax<NodeKind::Root, Phase::Midgame>(const Board<Set>&,  \
                                                                               int, int, int);     \
  template int SearchTree<Set, Is8x8>::negamax<NodeKind::Root, Phase::Exact>(const Board<Set>&,    \
                                                                             int, int, int);       \
  template int SearchTree<Set, Is8x8>::negamax<NodeKind::PV, Phase::Exact>(const Board<Set>&, int, \
                                                                           int, int);              \
  template int SearchTree<Set, Is8x8>::negamax<NodeKind::Null, Phase::Exact>(const Board<Set>&,    \
                                                                             int, int, int);
FLANK_FOR_EACH_SEARCH_TREE(FLANK_INSTANTIATE)
#undef FLANK_INSTANTIATE

}  // namespace flank
