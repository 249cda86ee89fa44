#pragma once
// The exact solver for boards other than 8x8 that fit one word (4x4, 6x6).
// The generic solver works on whole-board sets at every node; this one keeps
// the empty squares in a list (best squares first: corners, then edges, the
// squares next to corners last), walks only the rays of the square it plays,
// tries odd regions first near the end (parity), orders far from the end by
// fewest opponent replies (fastest first), uses the transposition table and
// cuts off on stable discs. SearchTree::solve hands these boards over in one
// line; the 8x8 path is untouched.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "engine/eval.hpp"
#include "engine/rules.hpp"
#include "engine/solved_probe.hpp"
#include "engine/stability.hpp"
#include "engine/tt.hpp"

namespace flank::endgame_small {

// From this many empties up the transposition table and move ordering pay.
constexpr int kOrderedEmpties = 7;
// From this many empties up every reply is looked up in the table first.
constexpr int kEtcEmpties = 12;
// From these many empties up moves are also ordered by a 1-ply (2-ply) search.
constexpr int kShallowOrderEmpties = 14;
constexpr int kDeeperOrderEmpties = 20;

// One board shape's layout: per square the rays to flip along, and the
// regions whose parity orders the last moves.
struct Layout {
  int cols = 0, rows = 0, squares = 0;
  std::array<std::array<std::int8_t, kDirections>, 64> ray_len{};
  std::array<std::int8_t, kDirections> offset{};
  std::array<std::uint64_t, 4> quadrants{};
  std::array<std::int8_t, 64> order{};  // squares, best first
  std::uint64_t corners = 0;

  explicit Layout(const Geometry<std::uint64_t>& g)
      : cols(g.cols), rows(g.rows), squares(g.squares()) {
    const int half_rows = rows / 2, half_cols = cols / 2;
    for (int d = 0; d < kDirections; ++d) offset[d] = static_cast<std::int8_t>(g.offset[d]);
    for (int sq = 0; sq < squares; ++sq) {
      const int r = sq / cols, c = sq % cols;
      for (int d = 0; d < kDirections; ++d)
        ray_len[sq][d] = static_cast<std::int8_t>(ray_length(r, c, d, rows, cols));
      quadrants[(r >= half_rows) * 2 + (c >= half_cols)] |= std::uint64_t{1} << sq;
      if ((r == 0 || r == rows - 1) && (c == 0 || c == cols - 1)) corners |= std::uint64_t{1} << sq;
    }
    // Corners, then edges, then inner squares, next-to-corner squares last.
    std::array<int, 64> rank{};
    for (int sq = 0; sq < squares; ++sq) {
      const int r = sq / cols, c = sq % cols;
      const int dr = std::min(r, rows - 1 - r), dc = std::min(c, cols - 1 - c);
      const bool edge = dr == 0 || dc == 0;
      rank[sq] = dr == 0 && dc == 0 ? 0 : std::max(dr, dc) == 1 && dr + dc <= 2 ? 3 : edge ? 1 : 2;
      order[sq] = static_cast<std::int8_t>(sq);
    }
    std::stable_sort(order.begin(), order.begin() + squares,
                     [&](int a, int b) { return rank[a] < rank[b]; });
  }

  std::uint64_t flips(std::uint64_t me, std::uint64_t opp, int sq) const {
    std::uint64_t flipped = 0;
    for (int d = 0; d < kDirections; ++d) {
      const int off = offset[d], limit = ray_len[sq][d];
      std::uint64_t run = 0;
      int at = sq + off, len = 0;
      while (len < limit && ((opp >> at) & 1)) {
        run |= std::uint64_t{1} << at;
        at += off;
        ++len;
      }
      if (len > 0 && len < limit && ((me >> at) & 1)) flipped |= run;
    }
    return flipped;
  }
};

// One solve: the caller's node counter, table and budget (over_budget() is
// true when the search must stop; the result is then meaningless).
template <class OverBudget>
class Solver {
 public:
  Solver(const Geometry<std::uint64_t>& g, const Layout& layout, TranspositionTable& tt,
         std::uint64_t& nodes, OverBudget over_budget)
      : g_(g), layout_(layout), tt_(tt), nodes_(nodes), over_budget_(over_budget) {}

  // Exact final disc difference for the mover, fail-soft.
  int solve(std::uint64_t me, std::uint64_t opp, int alpha, int beta) {
    const std::uint64_t empty = g_.board & ~(me | opp);
    // The list of empties, best squares first.
    int count = 0;
    for (int i = 0; i < layout_.squares; ++i) {
      const int sq = layout_.order[i];
      if ((empty >> sq) & 1) list_[count++] = static_cast<std::int8_t>(sq);
    }
    count_ = count;
    return search(me, opp, alpha, beta, count, false);
  }

 private:
  int final_score(std::uint64_t me, std::uint64_t opp) const {
    const int m = std::popcount(me), o = std::popcount(opp);
    const int diff = m - o, empty = layout_.squares - m - o;
    return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
  }

  // The list holds count_ squares; those marked used are occupied below this node.
  int search(std::uint64_t me, std::uint64_t opp, int alpha, int beta, int empties, bool passed) {
    ++nodes_;
    if (over_budget_()) return 0;
    if (empties == 0) return final_score(me, opp);
    return empties < kOrderedEmpties ? search_parity(me, opp, alpha, beta, empties, passed)
                                     : search_ordered(me, opp, alpha, beta, empties, passed);
  }

  int after_pass(std::uint64_t me, std::uint64_t opp, int alpha, int beta, int empties,
                 bool passed) {
    if (passed) return final_score(me, opp);  // neither side can move: the game is over
    return -search(opp, me, -beta, -alpha, empties, true);
  }

  // Near the end: no table, no move list; squares of odd regions first.
  int search_parity(std::uint64_t me, std::uint64_t opp, int alpha, int beta, int empties,
                    bool passed) {
    const std::uint64_t empty = g_.board & ~(me | opp);
    std::uint64_t odd = 0;
    for (const std::uint64_t q : layout_.quadrants)
      if (std::popcount(empty & q) & 1) odd |= q;
    int best = -kScoreInfinity;
    for (int pass_no = 0; pass_no < 2; ++pass_no) {
      for (int i = 0; i < count_; ++i) {
        const int sq = list_[i];
        if (!((empty >> sq) & 1) || (((odd >> sq) & 1) != (pass_no == 0))) continue;
        const std::uint64_t f = layout_.flips(me, opp, sq);
        if (!f) continue;
        const int v = -search(opp ^ f, me ^ f ^ (std::uint64_t{1} << sq), -beta,
                              -std::max(alpha, best), empties - 1, false);
        if (v > best) {
          best = v;
          if (best >= beta) return best;
        }
      }
    }
    if (best > -kScoreInfinity) return best;
    return after_pass(me, opp, alpha, beta, empties, passed);
  }

  // A rough value for ordering: mobility and corners, for the mover.
  int rough_value(std::uint64_t me, std::uint64_t opp) const {
    const std::uint64_t mine = legal_moves(me, opp, g_), theirs = legal_moves(opp, me, g_);
    return 4 * (std::popcount(mine) - std::popcount(theirs)) +
           8 * (std::popcount(me & layout_.corners) - std::popcount(opp & layout_.corners));
  }
  // Plain alpha-beta over rough_value, depth plies deep.
  int shallow(std::uint64_t me, std::uint64_t opp, int depth, int alpha, int beta) {
    if (depth == 0) return rough_value(me, opp);
    const std::uint64_t legal = legal_moves(me, opp, g_);
    if (!legal) return -rough_value(opp, me);
    int best = -kScoreInfinity;
    for (std::uint64_t m = legal; m; m &= m - 1) {
      const int sq = std::countr_zero(m);
      const std::uint64_t f = layout_.flips(me, opp, sq);
      const int v = -shallow(opp ^ f, me ^ f ^ (std::uint64_t{1} << sq), depth - 1, -beta,
                             -std::max(alpha, best));
      if (v > best) {
        best = v;
        if (best >= beta) break;
      }
    }
    return best;
  }

  struct Move {
    int square;
    std::uint64_t flipped;
    int order;
  };

  int search_ordered(std::uint64_t me, std::uint64_t opp, int alpha, int beta, int empties,
                     bool passed) {
    // The opponent's stable discs cap what the mover can reach.
    if (alpha >= layout_.squares - 2 * std::popcount(opp)) {
      const int bound = layout_.squares - 2 * std::popcount(stable_discs(opp, me, g_));
      if (bound <= alpha) return bound;
    }
    const std::uint64_t key = hash_board(Board<std::uint64_t>{me, opp});
    int hash_move = kPass;
    if (const auto settled = probe_solved(tt_, key, alpha, beta, hash_move)) return *settled;

    const std::uint64_t empty = g_.board & ~(me | opp);
    std::array<Move, 64> moves;
    int n = 0;
    for (int i = 0; i < count_; ++i) {
      const int sq = list_[i];
      if (!((empty >> sq) & 1)) continue;
      const std::uint64_t f = layout_.flips(me, opp, sq);
      if (!f) continue;
      const std::uint64_t bit = std::uint64_t{1} << sq;
      const std::uint64_t next_me = opp ^ f, next_opp = me ^ f ^ bit;
      // Fastest first: few replies for the opponent; the list order breaks ties.
      const std::uint64_t replies = legal_moves(next_me, next_opp, g_);
      if (empties >= kEtcEmpties) {
        // Enhanced transposition cut-off: a reply already proven good enough ends the search.
        const std::uint64_t key = hash_board(Board<std::uint64_t>{next_me, next_opp});
        if (const auto cut = etc_cutoff(tt_, key, beta)) return *cut;
      }
      const int corner_replies = std::popcount(replies & layout_.corners);
      int order = -(std::popcount(replies) + corner_replies) * 64 - i;
      if (empties >= kShallowOrderEmpties)
        order -= 16 * shallow(next_me, next_opp, empties >= kDeeperOrderEmpties ? 2 : 1,
                              -kScoreInfinity, kScoreInfinity);
      moves[n++] = {sq, f, sq == hash_move ? 1 << 20 : order};
    }
    if (n == 0) return after_pass(me, opp, alpha, beta, empties, passed);
    std::sort(moves.begin(), moves.begin() + n,
              [](const Move& a, const Move& b) { return a.order > b.order; });

    int best = -kScoreInfinity, best_move = kPass, a = alpha;
    for (int i = 0; i < n; ++i) {
      const Move& m = moves[i];
      const std::uint64_t next_me = opp ^ m.flipped,
                          next_opp = me ^ m.flipped ^ (std::uint64_t{1} << m.square);
      int v;
      if (i == 0) {
        v = -search(next_me, next_opp, -beta, -a, empties - 1, false);
      } else {
        v = -search(next_me, next_opp, -a - 1, -a, empties - 1, false);
        if (v > a && v < beta) v = -search(next_me, next_opp, -beta, -a, empties - 1, false);
      }
      if (v > best) {
        best = v;
        best_move = m.square;
        if (v > a) a = v;
        if (a >= beta) break;
      }
    }
    tt_.store(key, kSolvedDepth, alpha * kUnitsPerDisc, beta * kUnitsPerDisc, best * kUnitsPerDisc,
              best_move);
    return best;
  }

  static constexpr int kScoreInfinity = 1 << 20;

  const Geometry<std::uint64_t>& g_;
  const Layout& layout_;
  TranspositionTable& tt_;
  std::uint64_t& nodes_;
  OverBudget over_budget_;
  std::array<std::int8_t, 64> list_{};
  int count_ = 0;
};

// The layout of one board shape, built once.
const Layout& layout(const Geometry<std::uint64_t>& g);

// Solves b exactly (fail-soft in (alpha, beta)) on a board other than 8x8 that
// fits one word. Counts nodes in `nodes`; stops with a meaningless score as
// soon as over_budget() says so.
template <class OverBudget>
int solve(const Geometry<std::uint64_t>& g, TranspositionTable& tt, std::uint64_t me,
          std::uint64_t opp, int alpha, int beta, std::uint64_t& nodes, OverBudget over_budget) {
  Solver<OverBudget> solver(g, layout(g), tt, nodes, over_budget);
  return solver.solve(me, opp, alpha, beta);
}

}  // namespace flank::endgame_small
