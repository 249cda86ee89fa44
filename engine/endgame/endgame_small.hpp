#pragma once
// The exact solver for boards other than 8x8 that fit one word (4x4, 6x6, the
// small rectangles). The generic solver works on whole-board sets at every
// node; this one keeps the empty squares in a list (best squares first:
// corners, then edges, the squares next to corners last), tries odd regions
// first near the end (parity), orders far from the end by a shallow search
// and fewest opponent replies, uses the transposition table with enhanced
// transposition cut-offs and cuts off on stable discs. The exact phase's
// exact_leaf hands these boards over whole (window and score scaled to
// discs); the 8x8 path is untouched.
//
// A shape of at most 8x8 is solved centred on an 8x8 bitboard: the squares
// around it stay empty, so the 8x8 move generator and flips (which stop at an
// empty square) give this shape's moves once masked to its squares. A square
// shape centred there is closed under the 8x8 board's symmetries, so far from
// the end the table is keyed by the least of a position's eight images, and
// mirror-image lines (every line from the start has them) are searched once.
// Wider shapes (4x10 ...) walk their own rays.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "engine/board/board8.hpp"
#include "engine/board/rules.hpp"
#include "engine/board/stability.hpp"
#include "engine/board/symmetry8.hpp"
#include "engine/endgame/endgame8.hpp"
#include "engine/eval/eval.hpp"
#include "engine/table/solved_probe.hpp"
#include "engine/table/tt.hpp"

namespace flank::endgame_small {

// From this many empties up the transposition table and move ordering pay.
constexpr int kOrderedEmpties = 7;
// From this many empties up every reply is looked up in the table first.
constexpr int kEtcEmpties = 12;
// From this many empties up moves are also ordered by a shallow search.
constexpr int kShallowOrderEmpties = 14;
// From this many empties up a square shape's table key is its least image.
constexpr int kSymmetryEmpties = 16;

// The depth of the ordering search at a node with this many empties (from
// kShallowOrderEmpties): 2 plies at 14, one more every 2 empties. Nodes far
// from the end are few and a wrong first move there costs the most.
inline int shallow_depth(int empties) { return std::min((empties - 10) / 2, 8); }

// One board shape's layout in the frame the solver works in (the centred 8x8
// frame, or the shape's own squares when it is wider than 8): per square the
// rays to flip along (own frame), the regions whose parity orders the last
// moves, and the squares best first.
struct Layout {
  int cols = 0, rows = 0, squares = 0;
  bool embedded = false;     // the 8x8 frame
  bool symmetric = false;    // square shape in the 8x8 frame: eight symmetries
  std::uint64_t inside = 0;  // the shape's squares in the frame
  int row0 = 0, col0 = 0;    // where the shape starts in the 8x8 frame
  std::array<std::array<std::int8_t, kDirections>, 64> ray_len{};
  std::array<std::int8_t, kDirections> offset{};
  std::array<std::uint64_t, 4> quadrants{};
  std::array<std::int8_t, 64> order{};  // frame squares, best first
  std::uint64_t corners = 0;

  explicit Layout(const Geometry<std::uint64_t>& g);

  int frame_square(int sq) const {
    return embedded ? (sq / cols + row0) * 8 + sq % cols + col0 : sq;
  }
  int native_square(int sq) const { return embedded ? (sq / 8 - row0) * cols + sq % 8 - col0 : sq; }
  std::uint64_t to_frame(std::uint64_t x) const {
    if (!embedded) return x;
    std::uint64_t out = 0;
    const std::uint64_t row_mask = (std::uint64_t{1} << cols) - 1;
    for (int r = 0; r < rows; ++r) out |= ((x >> (r * cols)) & row_mask) << ((r + row0) * 8 + col0);
    return out;
  }
  std::uint64_t to_native(std::uint64_t x) const {
    if (!embedded) return x;
    std::uint64_t out = 0;
    const std::uint64_t row_mask = (std::uint64_t{1} << cols) - 1;
    for (int r = 0; r < rows; ++r) out |= ((x >> ((r + row0) * 8 + col0)) & row_mask) << (r * cols);
    return out;
  }

  // Wider shapes: flips along the shape's own rays.
  std::uint64_t native_flips(std::uint64_t me, std::uint64_t opp, int sq) const {
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
// true when the search must stop; the result is then meaningless). Boards are
// in the layout's frame.
template <class OverBudget>
class Solver {
 public:
  Solver(const Geometry<std::uint64_t>& g, const Layout& layout, TranspositionTable& tt,
         std::uint64_t& nodes, OverBudget over_budget)
      : g_(g), layout_(layout), tt_(tt), nodes_(nodes), over_budget_(over_budget) {}

  // Exact final disc difference for the mover, fail-soft (native boards).
  int solve(std::uint64_t native_me, std::uint64_t native_opp, int alpha, int beta) {
    const std::uint64_t me = layout_.to_frame(native_me), opp = layout_.to_frame(native_opp);
    const std::uint64_t empty = layout_.inside & ~(me | opp);
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
  std::uint64_t moves(std::uint64_t me, std::uint64_t opp) const {
    if (layout_.embedded) return board8::legal_moves(me, opp) & layout_.inside;
    return legal_moves(me, opp, g_);
  }
  std::uint64_t flips(std::uint64_t me, std::uint64_t opp, int sq) const {
    if (layout_.embedded) return board8::flips(me, opp, sq);
    return layout_.native_flips(me, opp, sq);
  }

  int final_score(std::uint64_t me, std::uint64_t opp) const {
    const int m = std::popcount(me), o = std::popcount(opp);
    const int diff = m - o, empty = layout_.squares - m - o;
    return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
  }

  // The list holds count_ squares; those occupied below this node are skipped.
  int search(std::uint64_t me, std::uint64_t opp, int alpha, int beta, int empties, bool passed) {
    ++nodes_;
    if (over_budget_()) return 0;
    if (empties == 0) return final_score(me, opp);
    if (empties == 1) return solve_1(me, opp);
    return empties < kOrderedEmpties ? search_parity(me, opp, alpha, beta, empties, passed)
                                     : search_ordered(me, opp, alpha, beta, empties, passed);
  }

  // One empty square: whoever can plays it, else the game ends there.
  int solve_1(std::uint64_t me, std::uint64_t opp) const {
    const std::uint64_t empty = layout_.inside & ~(me | opp);
    const int sq = std::countr_zero(empty);
    if (const std::uint64_t f = flips(me, opp, sq)) return final_score(me ^ f ^ empty, opp ^ f);
    if (const std::uint64_t f = flips(opp, me, sq)) return final_score(me ^ f, opp ^ f ^ empty);
    return final_score(me, opp);
  }

  int after_pass(std::uint64_t me, std::uint64_t opp, int alpha, int beta, int empties,
                 bool passed) {
    if (passed) return final_score(me, opp);  // neither side can move: the game is over
    return -search(opp, me, -beta, -alpha, empties, true);
  }

  // Near the end: no table, no move list; squares of odd regions first, each
  // group lowest square first, and (in the 8x8 frame) only squares next to an
  // opponent disc.
  int search_parity(std::uint64_t me, std::uint64_t opp, int alpha, int beta, int empties,
                    bool passed) {
    const std::uint64_t empty = layout_.inside & ~(me | opp);
    std::uint64_t odd = 0;
    for (const std::uint64_t q : layout_.quadrants)
      if (std::popcount(empty & q) & 1) odd |= q;
    int best = -kScoreInfinity;
    for (std::uint64_t group : {empty & odd, empty & ~odd}) {
      for (; group; group &= group - 1) {
        const int sq = std::countr_zero(group);
        if (layout_.embedded && !(endgame8::kNeighbours.of[sq] & opp)) continue;
        const std::uint64_t f = flips(me, opp, sq);
        if (!f) continue;
        const std::uint64_t next_me = opp ^ f, next_opp = me ^ f ^ (std::uint64_t{1} << sq);
        int v;
        if (empties == 2) {
          ++nodes_;
          v = -solve_1(next_me, next_opp);
        } else {
          v = -search(next_me, next_opp, -beta, -std::max(alpha, best), empties - 1, false);
        }
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
    const std::uint64_t mine = moves(me, opp), theirs = moves(opp, me);
    return 4 * (std::popcount(mine) - std::popcount(theirs)) +
           8 * (std::popcount(me & layout_.corners) - std::popcount(opp & layout_.corners));
  }
  // Plain alpha-beta over rough_value, depth plies deep.
  int shallow(std::uint64_t me, std::uint64_t opp, int depth, int alpha, int beta) {
    if (depth == 0) return rough_value(me, opp);
    const std::uint64_t legal = moves(me, opp);
    if (!legal) return -rough_value(opp, me);
    int best = -kScoreInfinity;
    for (std::uint64_t m = legal; m; m &= m - 1) {
      const int sq = std::countr_zero(m);
      const std::uint64_t f = flips(me, opp, sq);
      const int v = -shallow(opp ^ f, me ^ f ^ (std::uint64_t{1} << sq), depth - 1, -beta,
                             -std::max(alpha, best));
      if (v > best) {
        best = v;
        if (best >= beta) break;
      }
    }
    return best;
  }

  // The table key of a position and the symmetry that maps it to the keyed
  // image (0 below kSymmetryEmpties or on shapes without symmetries). Keys
  // are of native boards, so the midgame search and the principal variation
  // read what the solver stores (moves too, in the keyed image's frame).
  std::uint64_t key(std::uint64_t me, std::uint64_t opp, int empties, int& symmetry) const {
    symmetry = 0;
    if (layout_.symmetric && empties >= kSymmetryEmpties) {
      std::uint64_t best_me = me, best_opp = opp;
      for (int t = 1; t < 8; ++t) {
        const std::uint64_t m = board8::symmetry(me, t), o = board8::symmetry(opp, t);
        if (m < best_me || (m == best_me && o < best_opp)) {
          best_me = m;
          best_opp = o;
          symmetry = t;
        }
      }
      me = best_me;
      opp = best_opp;
    }
    return hash_board(Board<std::uint64_t>{layout_.to_native(me), layout_.to_native(opp)});
  }
  // A frame square to and from the keyed image's native squares.
  int stored_move(int sq, int symmetry) const {
    if (sq < 0) return sq;
    return layout_.native_square(
        std::countr_zero(board8::symmetry(std::uint64_t{1} << sq, symmetry)));
  }
  int frame_move(int stored, int symmetry) const {
    if (stored < 0 || stored >= layout_.squares) return kPass;
    return std::countr_zero(
        board8::inverse_symmetry(std::uint64_t{1} << layout_.frame_square(stored), symmetry));
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
      const int bound =
          layout_.squares -
          2 * std::popcount(stable_discs(layout_.to_native(opp), layout_.to_native(me), g_));
      if (bound <= alpha) return bound;
    }
    int symmetry = 0;
    const std::uint64_t key = this->key(me, opp, empties, symmetry);
    int stored = kPass;
    if (const auto settled = probe_solved(tt_, key, alpha, beta, stored)) return *settled;
    const int hash_move = frame_move(stored, symmetry);
    const std::uint64_t empty = layout_.inside & ~(me | opp);

    int best = -kScoreInfinity, best_move = kPass, a = alpha;
    // The table's move first, before any ordering work: it often cuts off.
    const std::uint64_t hash_flips =
        hash_move >= 0 && ((empty >> hash_move) & 1) ? flips(me, opp, hash_move) : 0;
    if (hash_flips) {
      best = -search(opp ^ hash_flips, me ^ hash_flips ^ (std::uint64_t{1} << hash_move), -beta, -a,
                     empties - 1, false);
      best_move = hash_move;
      a = std::max(a, best);
    }

    std::array<Move, 64> list;
    int n = 0;
    if (a < beta) {
      for (int i = 0; i < count_; ++i) {
        const int sq = list_[i];
        if (!((empty >> sq) & 1) || (hash_flips && sq == hash_move)) continue;
        const std::uint64_t f = flips(me, opp, sq);
        if (!f) continue;
        const std::uint64_t bit = std::uint64_t{1} << sq;
        const std::uint64_t next_me = opp ^ f, next_opp = me ^ f ^ bit;
        if (empties >= kEtcEmpties) {
          // Enhanced transposition cut-off: a reply already proven good enough ends the search.
          int child_symmetry = 0;
          const std::uint64_t child = this->key(next_me, next_opp, empties - 1, child_symmetry);
          if (const auto cut = etc_cutoff(tt_, child, beta)) return *cut;
        }
        // Fastest first: few replies for the opponent; the list order breaks ties.
        const std::uint64_t replies = moves(next_me, next_opp);
        const int corner_replies = std::popcount(replies & layout_.corners);
        int order = -(std::popcount(replies) + corner_replies) * 64 - i;
        if (empties >= kShallowOrderEmpties)
          order -= 32 * shallow(next_me, next_opp, shallow_depth(empties), -kScoreInfinity,
                                kScoreInfinity);
        list[n++] = {sq, f, order};
      }
      if (n == 0 && !hash_flips) return after_pass(me, opp, alpha, beta, empties, passed);
    }

    for (int i = 0; i < n && a < beta; ++i) {
      // The best remaining move: most nodes cut off on the first one, so no full sort.
      std::swap(list[i],
                *std::max_element(list.begin() + i, list.begin() + n,
                                  [](const Move& x, const Move& y) { return x.order < y.order; }));
      const Move& m = list[i];
      const std::uint64_t next_me = opp ^ m.flipped,
                          next_opp = me ^ m.flipped ^ (std::uint64_t{1} << m.square);
      int v;
      if (best == -kScoreInfinity) {
        v = -search(next_me, next_opp, -beta, -a, empties - 1, false);
      } else {
        v = -search(next_me, next_opp, -a - 1, -a, empties - 1, false);
        if (v > a && v < beta) v = -search(next_me, next_opp, -beta, -a, empties - 1, false);
      }
      if (v > best) {
        best = v;
        best_move = m.square;
        if (v > a) a = v;
      }
    }
    tt_.store(key, solved_depth(empties), alpha * kUnitsPerDisc, beta * kUnitsPerDisc,
              best * kUnitsPerDisc, stored_move(best_move, symmetry));
    // Also under the position's own key, for the principal variation.
    if (symmetry != 0)
      tt_.store(hash_board(Board<std::uint64_t>{layout_.to_native(me), layout_.to_native(opp)}),
                solved_depth(empties), alpha * kUnitsPerDisc, beta * kUnitsPerDisc,
                best * kUnitsPerDisc, stored_move(best_move, 0));
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
