// The exact phase's own pieces of SearchTree (the negamax itself is in
// search_tree.cpp): the leaves for the last few empties, which generate no
// move lists (8x8 bitboard code, the small-board solver, generic parity
// code), the stability and enhanced transposition cut-offs, and the
// fastest-first move ordering.
#include <algorithm>
#include <bit>

#include "engine/board/stability.hpp"
#include "engine/endgame/endgame8.hpp"
#include "engine/endgame/endgame_small.hpp"
#include "engine/search/search_tree.hpp"
#include "engine/search/search_tuning.hpp"
#include "engine/table/solved_probe.hpp"

namespace flank {
namespace {

using tuning::kDeeperOrderEmpties;
using tuning::kEtcEmpties;
using tuning::kHashEmpties;
using tuning::kSearchOrderEmpties;
constexpr int kShallowEmpties = tuning::kLeafEmpties;
static_assert(tuning::kLeafEmpties8 <= endgame8::kShallowMax);

template <class Set>
int pop_lowest(Set& s) {
  const int sq = lowest_square(s);
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    s &= s - 1;
  } else {
    s.w[sq >> 6] &= s.w[sq >> 6] - 1;
  }
  return sq;
}

}  // namespace

template <class Set, bool Is8x8>
Set SearchTree<Set, Is8x8>::odd_regions(const Set& empty) const {
  Set odd{};
  if constexpr (Is8x8) {
    for (std::uint64_t q : endgame8::kQuadrants)
      if (std::popcount(empty & q) & 1) odd |= q;
  } else {
    for (const Set& q : quadrants_) {
      const Set e = empty & q;
      if (popcount(e) & 1) odd |= e;
    }
  }
  return odd & empty;
}

template <class Set, bool Is8x8>
std::optional<int> SearchTree<Set, Is8x8>::exact_leaf(const Board<Set>& b, int empty_count,
                                                      int alpha, int beta) {
  if constexpr (std::is_same_v<Set, std::uint64_t> && !Is8x8) {
    // 4x4 and 6x6: the small-board solver takes the whole solve. It counts in
    // discs: the window rounded outwards, the score back in eval units.
    constexpr int u = kUnitsPerDisc;
    const int a = alpha >= 0 ? alpha / u : -((-alpha + u - 1) / u);
    const int be = beta >= 0 ? (beta + u - 1) / u : -(-beta / u);
    return u * endgame_small::solve(ctx_.g, ctx_.tt, b.me, b.opp, std::max(a, -kInfinity),
                                    std::min(be, kInfinity), ctx_.nodes,
                                    [this] { return ctx_.over_budget(); });
  } else if constexpr (Is8x8) {
    if (empty_count > tuning::kLeafEmpties8) return std::nullopt;
    if (ctx_.over_budget()) return 0;
    return endgame8::solve_shallow(b.me, b.opp, alpha, beta, empty_count, ctx_.nodes);
  } else {
    if (empty_count == 0) {
      ++ctx_.nodes;
      return final_score(b);
    }
    if (empty_count == 1) return solve_last(b, lowest_square(ctx_.g.board & ~(b.me | b.opp)));
    if (empty_count <= kShallowEmpties) return solve_shallow(b, alpha, beta, empty_count, false);
    return std::nullopt;
  }
}

template <class Set, bool Is8x8>
int SearchTree<Set, Is8x8>::solve_last(const Board<Set>& b, int sq) {
  ++ctx_.nodes;
  const int me = popcount(b.me), opp = popcount(b.opp), diff = me - opp;
  if (const int n = popcount(flipped_by(b, sq))) return (diff + 1 + 2 * n) * kUnitsPerDisc;
  if (const int n = popcount(flipped_by(pass(b), sq))) return (diff - 1 - 2 * n) * kUnitsPerDisc;
  return (diff > 0 ? diff + 1 : diff < 0 ? diff - 1 : 0) * kUnitsPerDisc;
}

template <class Set, bool Is8x8>
int SearchTree<Set, Is8x8>::solve_shallow(const Board<Set>& b, int alpha, int beta, int empty_count,
                                          bool passed) {
  if (ctx_.count_node()) return 0;
  const Set empty = ctx_.g.board & ~(b.me | b.opp);
  const Set odd = odd_regions(empty);
  int best = -kInfinity;
  for (Set group : {empty & odd, empty & ~odd}) {
    while (any(group)) {
      const int sq = pop_lowest(group);
      const Set f = flipped_by(b, sq);
      if (!any(f)) continue;
      const Board<Set> next = play(b, sq, f);
      const int v = empty_count == 2 ? -solve_last(next, lowest_square(empty & ~single<Set>(sq)))
                                     : -solve_shallow(next, -beta, -std::max(alpha, best),
                                                      empty_count - 1, false);
      if (v > best) {
        best = v;
        if (best >= beta) return best;
      }
    }
  }
  if (best > -kInfinity) return best;
  if (passed) return final_score(b);
  return -solve_shallow(pass(b), -beta, -alpha, empty_count, true);
}

template <class Set, bool Is8x8>
std::optional<int> SearchTree<Set, Is8x8>::stability_cutoff(const Board<Set>& b, int alpha) const {
  if (alpha < (squares_ - 2 * popcount(b.opp)) * kUnitsPerDisc) return std::nullopt;
  const int bound =
      (squares_ - 2 * popcount(stable_discs_on<Is8x8>(b.opp, b.me, ctx_.g))) * kUnitsPerDisc;
  if (bound <= alpha) return bound;
  return std::nullopt;
}

template <class Set, bool Is8x8>
std::optional<int> SearchTree<Set, Is8x8>::etc(const Board<Set>& b, const MoveList<Set>& moves,
                                               int beta) const {
  for (const auto& m : moves)
    if (const auto cut = etc_cutoff(ctx_.tt, hash_board(play(b, m.square, m.flipped)), beta, 1))
      return cut;
  return std::nullopt;
}

template <class Set, bool Is8x8>
void SearchTree<Set, Is8x8>::order_endgame(const Board<Set>& b, MoveList<Set>& moves,
                                           int empty_count, int hash_move) {
  const Set empty = ctx_.g.board & ~(b.me | b.opp);
  const Set odd = odd_regions(empty);
  // Far from the end a shallow search orders better than mobility alone.
  const int shallow = empty_count >= kDeeperOrderEmpties   ? 2
                      : empty_count >= kSearchOrderEmpties ? 1
                                                           : -1;
  for (auto& m : moves) {
    const Board<Set> next = play(b, m.square, m.flipped);
    // The child will probe the table; the hash move's child first of all.
    if (empty_count > kHashEmpties) ctx_.tt.prefetch(hash_board(next));
    if (m.square == hash_move) {
      m.order = kInfinity;
      continue;
    }
    const Set replies = legal(next);
    // Fastest first: leave the opponent few moves, and few corners among them.
    m.order = -tuning::kEndgameOrderReply * popcount(replies) -
              tuning::kEndgameOrderCornerReply * popcount(replies & ctx_.shape.corner_set) +
              tuning::kEndgameOrderParity * test(odd, m.square) +
              tuning::kEndgameOrderCorner * test(ctx_.shape.corner_set, m.square);
  }
  if (shallow >= 0) order_by_searches(b, moves, shallow, hash_move);
}

#define FLANK_INSTANTIATE(Set, Is8x8)                                                              \
  template Set SearchTree<Set, Is8x8>::odd_regions(const Set&) const;                              \
  template std::optional<int> SearchTree<Set, Is8x8>::exact_leaf(const Board<Set>&, int, int,      \
                                                                 int);                             \
  template int SearchTree<Set, Is8x8>::solve_last(const Board<Set>&, int);                         \
  template int SearchTree<Set, Is8x8>::solve_shallow(const Board<Set>&, int, int, int, bool);      \
  template std::optional<int> SearchTree<Set, Is8x8>::stability_cutoff(const Board<Set>&, int)     \
      const;                                                                                       \
  template std::optional<int> SearchTree<Set, Is8x8>::etc(const Board<Set>&, const MoveList<Set>&, \
                                                          int) const;                              \
  template void SearchTree<Set, Is8x8>::order_endgame(const Board<Set>&, MoveList<Set>&, int, int);
FLANK_FOR_EACH_SEARCH_TREE(FLANK_INSTANTIATE)
#undef FLANK_INSTANTIATE

}  // namespace flank
