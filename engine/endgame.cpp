// The exact endgame half of SearchTree: a null-window-friendly alpha-beta on
// disc difference with the transposition table, stability cutoffs,
// fastest-first ordering, and parity-ordered code for the last few empties
// that generates no move lists.
#include <algorithm>
#include <bit>

#include "engine/endgame8.hpp"
#include "engine/endgame_small.hpp"
#include "engine/search_tree.hpp"
#include "engine/search_tuning.hpp"
#include "engine/solved_probe.hpp"
#include "engine/stability.hpp"

namespace flank {
namespace {

using tuning::kDeeperOrderEmpties;
using tuning::kEtcEmpties;
using tuning::kHashEmpties;
using tuning::kSearchOrderEmpties;
constexpr int kShallowEmpties = tuning::kLeafEmpties;
static_assert(tuning::kLeafEmpties8 <= endgame8::kShallowMax);
static_assert(tuning::kNullWindowEmpties8 < kSearchOrderEmpties);

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

template <class Set>
Set SearchTree<Set>::odd_regions(const Set& empty) const {
  Set odd{};
  for (const Set& q : quadrants_) {
    const Set e = empty & q;
    if (popcount(e) & 1) odd |= e;
  }
  return odd;
}

template <class Set>
int SearchTree<Set>::solve_last(const Board<Set>& b, int sq) {
  ++nodes_;
  const int me = popcount(b.me), opp = popcount(b.opp);
  if (const int n = popcount(flips(b.me, b.opp, sq, g_))) return me - opp + 1 + 2 * n;
  if (const int n = popcount(flips(b.opp, b.me, sq, g_))) return me - opp - 1 - 2 * n;
  const int diff = me - opp;
  return diff > 0 ? diff + 1 : diff < 0 ? diff - 1 : 0;
}

template <class Set>
int SearchTree<Set>::solve_shallow(const Board<Set>& b, int alpha, int beta, int empty_count,
                                   bool passed) {
  if (count_node()) return 0;
  const Set empty = g_.board & ~(b.me | b.opp);
  const Set odd = odd_regions(empty);
  int best = -kInfinity;
  for (Set group : {empty & odd, empty & ~odd}) {
    while (any(group)) {
      const int sq = pop_lowest(group);
      const Set f = flips(b.me, b.opp, sq, g_);
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

template <class Set>
void SearchTree<Set>::order_endgame(const Board<Set>& b, MoveList<Set>& moves, int hash_move) {
  const Set empty = g_.board & ~(b.me | b.opp);
  const Set odd = odd_regions(empty);
  const int empty_count = popcount(empty);
  // Far from the end a shallow search orders better than mobility alone.
  const int shallow = empty_count >= kDeeperOrderEmpties   ? 2
                      : empty_count >= kSearchOrderEmpties ? 1
                                                           : -1;
  for (auto& m : moves) {
    if (m.square == hash_move) {
      m.order = kInfinity;
      continue;
    }
    const Board<Set> next = play(b, m.square, m.flipped);
    if (empty_count > kHashEmpties) tt_.prefetch(hash_board(next));  // the child will probe it
    const Set replies = legal_moves(next.me, next.opp, g_);
    // Fastest first: leave the opponent few moves, and few corners among them.
    m.order = -16 * popcount(replies) - 8 * popcount(replies & shape_.corner_set) +
              4 * test(odd, m.square) + 2 * test(shape_.corner_set, m.square);
    if (shallow >= 0) m.order -= pvs(next, shallow, -kInfinity, kInfinity);
  }
}

template <class Set>
int SearchTree<Set>::solve_null8(std::uint64_t me, std::uint64_t opp, int alpha, int empty_count) {
  if (empty_count <= tuning::kLeafEmpties8) {
    if (over_budget()) return 0;
    return endgame8::solve_shallow(me, opp, alpha, alpha + 1, empty_count, nodes_);
  }
  if (count_node()) return 0;
  const int beta = alpha + 1;
  if (alpha >= 64 - 2 * std::popcount(opp)) {
    const int bound = 64 - 2 * std::popcount(stable_discs(opp, me, g_));
    if (bound <= alpha) return bound;
  }
  const std::uint64_t key = hash_board(Board<std::uint64_t>{me, opp});
  int hash_move = kPass;
  {
    // A null window: the stored bounds either settle it or leave it as it is.
    int a = alpha, be = beta;
    if (const auto settled = probe_solved(tt_, key, a, be, hash_move)) return *settled;
  }
  const std::uint64_t legal = board8::legal_moves(me, opp);
  if (!legal) {
    if (!board8::legal_moves(opp, me)) return endgame8::final_score(me, opp);
    return -solve_null8(opp, me, -beta, empty_count);
  }
  struct Move {
    int square;
    int order;
    std::uint64_t flipped;
  };
  Move moves[32];
  int n = 0;
  for (std::uint64_t l = legal; l; l &= l - 1) {
    const int sq = std::countr_zero(l);
    moves[n++] = {sq, 0, board8::flips(me, opp, sq)};
  }
  const auto child = [&](const Move& m) {
    return Board<std::uint64_t>{opp ^ m.flipped, me ^ m.flipped ^ (std::uint64_t{1} << m.square)};
  };
  if (empty_count >= kEtcEmpties) {
    for (int i = 0; i < n; ++i)
      if (const auto cut = etc_cutoff(tt_, hash_board(child(moves[i])), beta)) return *cut;
  }
  if (n > 1) {
    // As order_endgame below kSearchOrderEmpties: fastest first, corners, parity.
    const std::uint64_t empty = ~(me | opp);
    std::uint64_t odd = 0;
    for (std::uint64_t q : endgame8::kQuadrants)
      if (std::popcount(empty & q) & 1) odd |= q;
    const std::uint64_t corners = shape_.corner_set;
    for (int i = 0; i < n; ++i) {
      Move& m = moves[i];
      if (m.square == hash_move) {
        m.order = kInfinity;
        continue;
      }
      const Board<std::uint64_t> next = child(m);
      if (empty_count > kHashEmpties) tt_.prefetch(hash_board(next));
      const std::uint64_t replies = board8::legal_moves(next.me, next.opp);
      const std::uint64_t bit = std::uint64_t{1} << m.square;
      m.order = -16 * std::popcount(replies) - 8 * std::popcount(replies & corners) +
                4 * ((odd & bit) != 0) + 2 * ((corners & bit) != 0);
    }
  }
  int best = -kInfinity, best_move = kPass;
  for (int i = 0; i < n; ++i) {
    int top = i;  // the first of the highest, as select_move
    for (int j = i + 1; j < n; ++j)
      if (moves[j].order > moves[top].order) top = j;
    if (top != i) std::swap(moves[i], moves[top]);
    const Board<std::uint64_t> next = child(moves[i]);
    const int v = -solve_null8(next.me, next.opp, -beta, empty_count - 1);
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      best_move = moves[i].square;
      if (v >= beta) break;
    }
  }
  tt_.store(key, kSolvedDepth, alpha * kUnitsPerDisc, beta * kUnitsPerDisc, best * kUnitsPerDisc,
            best_move);
  return best;
}

template <class Set>
int SearchTree<Set>::solve(const Board<Set>& b, int alpha, int beta) {
  if constexpr (std::is_same_v<Set, std::uint64_t>)
    if (!board8_)
      return endgame_small::solve(g_, tt_, b.me, b.opp, alpha, beta, nodes_,
                                  [this] { return over_budget(); });
  const int empty_count = empties(b);
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    if (board8_ && empty_count <= tuning::kLeafEmpties8) {
      if (over_budget()) return 0;
      return endgame8::solve_shallow(b.me, b.opp, alpha, beta, empty_count, nodes_);
    }
    if (board8_ && beta == alpha + 1 && empty_count <= tuning::kNullWindowEmpties8)
      return solve_null8(b.me, b.opp, alpha, empty_count);
  }
  if (empty_count == 0) {
    ++nodes_;
    return final_score(b);
  }
  if (empty_count == 1) return solve_last(b, lowest_square(g_.board & ~(b.me | b.opp)));
  if (empty_count <= kShallowEmpties) return solve_shallow(b, alpha, beta, empty_count, false);
  if (count_node()) return 0;

  // The opponent's stable discs cap what the mover can reach.
  if (alpha >= squares_ - 2 * popcount(b.opp)) {
    const int bound = squares_ - 2 * popcount(stable_discs(b.opp, b.me, g_));
    if (bound <= alpha) return bound;
  }

  const bool use_hash = empty_count >= kHashEmpties;
  const std::uint64_t key = use_hash ? hash_board(b) : 0;
  int hash_move = kPass;
  if (use_hash) {
    if (const auto settled = probe_solved(tt_, key, alpha, beta, hash_move)) return *settled;
  }

  const Set legal = legal_moves(b.me, b.opp, g_);
  if (!any(legal)) {
    if (!any(legal_moves(b.opp, b.me, g_))) return final_score(b);
    return -solve(pass(b), -beta, -alpha);
  }
  MoveList<Set> moves = generate(b, legal);
  if (empty_count >= kEtcEmpties) {
    // Enhanced transposition cutoff: a reply already proven good enough ends the search.
    for (const auto& m : moves)
      if (const auto cut = etc_cutoff(tt_, hash_board(play(b, m.square, m.flipped)), beta))
        return *cut;
  }
  if (moves.size() > 1) order_endgame(b, moves, hash_move);

  int best = -kInfinity, best_move = kPass, a = alpha;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    select_move(moves, i);
    const Board<Set> next = play(b, moves[i].square, moves[i].flipped);
    int v;
    if (i == 0) {
      v = -solve(next, -beta, -a);
    } else {
      v = -solve(next, -a - 1, -a);
      if (v > a && v < beta && !aborted_) v = -solve(next, -beta, -a);
    }
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      best_move = moves[i].square;
      if (v > a) a = v;
      if (a >= beta) break;
    }
  }
  if (use_hash)
    tt_.store(key, kSolvedDepth, alpha * kUnitsPerDisc, beta * kUnitsPerDisc, best * kUnitsPerDisc,
              best_move);
  return best;
}

#define FLANK_INSTANTIATE(Set)                                                          \
  template Set SearchTree<Set>::odd_regions(const Set&) const;                          \
  template int SearchTree<Set>::solve_last(const Board<Set>&, int);                     \
  template int SearchTree<Set>::solve_shallow(const Board<Set>&, int, int, int, bool);  \
  template void SearchTree<Set>::order_endgame(const Board<Set>&, MoveList<Set>&, int); \
  template int SearchTree<Set>::solve(const Board<Set>&, int, int);
FLANK_INSTANTIATE(std::uint64_t)
template int SearchTree<std::uint64_t>::solve_null8(std::uint64_t, std::uint64_t, int, int);
FLANK_INSTANTIATE(WideSet)
#undef FLANK_INSTANTIATE

}  // namespace flank
