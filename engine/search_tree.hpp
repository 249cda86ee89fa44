#pragma once
// The search of one move decision, templated on the square set: iterative
// deepening principal-variation search over the evaluation, and the exact
// endgame solver (endgame.hpp) it switches to near the end. Internal to the
// engine; front ends use Searcher (search.hpp).

#include <boost/container/small_vector.hpp>
#include <chrono>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "engine/eval.hpp"
#include "engine/hand_eval.hpp"
#include "engine/pattern_evaluator.hpp"
#include "engine/search.hpp"
#include "engine/tt.hpp"

namespace flank {

constexpr int kInfinity = 1 << 20;  // beyond every score, in any unit

template <class Set>
struct MoveChoice {
  int square = kPass;
  Set flipped{};
  int order = 0;  // higher is tried first
};
template <class Set>
using MoveList = boost::container::small_vector<MoveChoice<Set>, 32>;

// Brings the remaining move with the highest order to position i (the first
// of equals, so the order is deterministic). Cheaper than sorting when a
// cutoff comes early.
template <class Set>
void select_move(MoveList<Set>& moves, std::size_t i) {
  std::size_t best = i;
  for (std::size_t j = i + 1; j < moves.size(); ++j)
    if (moves[j].order > moves[best].order) best = j;
  if (best != i) std::swap(moves[i], moves[best]);
}

template <class Set>
class SearchTree {
 public:
  using Clock = std::chrono::steady_clock;

  SearchTree(const Geometry<Set>& g, TranspositionTable& tt, const Evaluator& eval8,
             const EvalShape<Set>& shape, const SearchLimits& limits, Clock::time_point start);

  // Depth-limited search in eval units; exact once depth reaches the empties.
  // Sets up the incremental evaluation from b (and restores the caller's after).
  int pvs(const Board<Set>& b, int depth, int alpha, int beta);
  // Exact final disc difference for the mover (fail-soft outside (alpha, beta)).
  int solve(const Board<Set>& b, int alpha, int beta);

  // The evaluation of b, which must be the board the incremental state follows.
  int evaluate(const Board<Set>& b) const {
    if constexpr (std::is_same_v<Set, std::uint64_t>) {
      if (pattern_) return pattern_->evaluate(state_, b.me, b.opp);
      if (g_.is_8x8) return eval8_.evaluate8(b.me, b.opp);
    }
    return hand_evaluate(b, g_, shape_);
  }
  // Final disc difference for the mover, empties to the winner.
  int final_score(const Board<Set>& b) const {
    const int me = popcount(b.me), opp = popcount(b.opp);
    const int diff = me - opp, empty = squares_ - me - opp;
    return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
  }
  int empties(const Board<Set>& b) const { return squares_ - popcount(b.me | b.opp); }

  // Moves in the order to try them: hash move, then by `order`.
  void order_midgame(const Board<Set>& b, MoveList<Set>& moves, int depth, int hash_move);
  void order_endgame(const Board<Set>& b, MoveList<Set>& moves, int hash_move);
  MoveList<Set> generate(const Board<Set>& b, const Set& moves) const;

  // The principal variation from the transposition table.
  std::vector<Square> principal_variation(Board<Set> b, int first_move, int max_len) const;

  bool aborted() const { return aborted_; }
  std::uint64_t nodes() const { return nodes_; }
  const Geometry<Set>& geometry() const { return g_; }

 private:
  // pvs below its entry: the incremental evaluation state follows b.
  int pvs_node(const Board<Set>& b, int depth, int alpha, int beta);
  // Keep the incremental evaluation in step with the tree: enter before
  // searching the position after a move (or pass), leave after it.
  void enter(int sq, const Set& flipped) {
    if constexpr (std::is_same_v<Set, std::uint64_t>) {
      if (pattern_) pattern_->play(state_, sq, flipped);
    }
  }
  void leave(int sq, const Set& flipped) {
    if constexpr (std::is_same_v<Set, std::uint64_t>) {
      if (pattern_) pattern_->undo(state_, sq, flipped);
    }
  }
  void enter_pass() {
    if (pattern_) PatternEvaluator::pass(state_);
  }
  // pvs at depth 1.
  int search_last_ply(const Board<Set>& b, int alpha, int beta);
  // Multi-ProbCut: called once per midgame node before its move loop; true with
  // the bound to return in `cut` when shallow searches (on this node's incremental
  // state) predict with the limits' confidence that it fails high or low.
  bool multi_probcut(const Board<Set>& b, int depth, int alpha, int beta, int& cut);
  int solve_shallow(const Board<Set>& b, int alpha, int beta, int empty_count, bool passed);
  // solve on 8x8 (Set = uint64_t only) for a null window (alpha, alpha + 1) at
  // kLeafEmpties8 + 1 .. kNullWindowEmpties8 empties: the same tree, on bitboards
  // with the moves in a fixed array.
  int solve_null8(std::uint64_t me, std::uint64_t opp, int alpha, int empty_count);
  int solve_last(const Board<Set>& b, int sq);
  Set odd_regions(const Set& empty) const;
  // Counts a node; true when the search must stop (time, nodes or stop flag).
  bool count_node() {
    ++nodes_;
    return over_budget();
  }
  // The same without counting, for callers whose leaves count their own nodes.
  bool over_budget() {
    if (nodes_ >= next_check_) {
      next_check_ = nodes_ + 4096;
      check_budget();
    }
    return aborted_;
  }
  void check_budget();

  const Geometry<Set>& g_;
  TranspositionTable& tt_;
  const Evaluator& eval8_;
  const EvalShape<Set>& shape_;
  SearchLimits limits_;
  Clock::time_point deadline_;
  bool has_deadline_ = false;
  int squares_ = 0;
  bool board8_ = false;  // 8x8 on one word: the bitboard leaf solver applies
  std::vector<Set> quadrants_;
  std::uint64_t nodes_ = 0;
  std::uint64_t next_check_ = 4096;  // nodes_ at which the budget is checked next
  bool aborted_ = false;
  // The pattern evaluation kept incrementally (8x8 with a pattern set it can
  // take), else null and evaluate() extracts the features at each leaf.
  const PatternEvaluator* pattern_ = nullptr;
  PatternEvaluator::State state_;
};

}  // namespace flank
