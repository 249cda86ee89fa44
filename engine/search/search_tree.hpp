#pragma once
// The search of one move decision: one negamax (principal-variation search),
// templated on the node kind and the phase, over the square set, with 8x8 a
// type of its own (Is8x8, chosen once where Searcher dispatches the board
// size). The midgame phase searches to a depth over the evaluation, the exact
// phase to the end of the game; the cut-offs are named helpers both use.
// Internal to the engine; front ends use Searcher (search.hpp).

#include <array>
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "engine/eval/eval.hpp"
#include "engine/eval/hand_eval.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/search/search.hpp"
#include "engine/search/search_context.hpp"
#include "engine/search/search_tuning.hpp"
#include "engine/table/tt.hpp"

namespace flank {

constexpr int kInfinity = 1 << 20;  // beyond every score, in any unit

// Where a node stands in the principal-variation search: the root (its moves
// are the caller's list, scored in place), a PV node (full window: the first
// move with the window, the others with a null window and a re-search when
// one lands inside it), or a null-window node (every child null-window).
enum class NodeKind { Root, PV, Null };
// What a node computes: a depth-limited search over the evaluation, or the
// exact final disc difference (both in eval units; win/loss/draw is the exact
// phase with the window (-1, 1)).
enum class Phase { Midgame, Exact };

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

template <class Set, bool Is8x8>
class SearchTree {
  static_assert(!Is8x8 || std::is_same_v<Set, std::uint64_t>, "8x8 is one word");

 public:
  // The algorithms over a context (engine/search/search_context.hpp) that outlives the tree.
  explicit SearchTree(SearchContext<Set>& context);

  // The negamax, in eval units throughout (an exact score is the final disc
  // difference times kUnitsPerDisc). Midgame: depth-limited over the
  // evaluation, exact once the depth reaches the empties. Exact: the final
  // score, fail-soft outside (alpha, beta), depth unused. Root: searches root_moves() in their
  // order, stores each move's score in its `order` and the best move's index
  // in root_best(); on abort it returns the best of the moves it finished.
  template <NodeKind K, Phase P>
  int negamax(const Board<Set>& b, int depth, int alpha, int beta);

  // Entries from outside the tree (root extras, the solver's move ordering):
  // a midgame search that first sets the incremental evaluation from b (and
  // restores the caller's after), and an exact solve of any window.
  int pvs(const Board<Set>& b, int depth, int alpha, int beta);
  // The solver's ordering at many empties: subtracts from each move's order
  // (but `skip`'s) a full-window midgame search of its child `depth` plies
  // deep. The children share one incremental state, set once from b.
  void order_by_searches(const Board<Set>& b, MoveList<Set>& moves, int depth, int skip);
  int solve(const Board<Set>& b, int alpha, int beta) {
    return beta == alpha + 1 ? negamax<NodeKind::Null, Phase::Exact>(b, 0, alpha, beta)
                             : negamax<NodeKind::PV, Phase::Exact>(b, 0, alpha, beta);
  }

  MoveList<Set>& root_moves() { return root_moves_; }
  int root_best() const { return root_best_; }

  // Whether a midgame node with this many empties, searched to the end of the
  // game, keeps Multi-ProbCut (the selective endgame, engine/search/mpc.hpp) instead
  // of becoming an exact solve: its score is then likely, not proven.
  bool selective_endgame(int empty_count) const {
    if constexpr (!Is8x8) {
      return false;
    } else {
      return ctx_.limits.mpc && ctx_.limits.mpc_confidence > 0 &&
             ctx_.limits.mpc->find_endgame(empty_count) != nullptr;
    }
  }

  // The evaluation of b, which must be the board the incremental state follows;
  // a side without discs has lost the game, which the final score tells exactly.
  int evaluate(const Board<Set>& b) const {
    if (!any(b.me) || !any(b.opp)) return final_score(b);
    if constexpr (Is8x8) {
      if (pattern_) return pattern_->evaluate(state(), b.me, b.opp);
      return ctx_.eval8.evaluate8(b.me, b.opp);
    } else {
      return evaluate_counted(b, side_counts(b, ctx_.g));
    }
  }
  // The evaluation of next, the position after the incremental state's board
  // plays sq flipping `flipped`, the state unchanged.
  int evaluate_after(const Board<Set>& next, int sq, const Set& flipped) {
    if constexpr (Is8x8) {
      if (pattern_) return pattern_->evaluate_after(state(), sq, flipped, next.me, next.opp);
    }
    enter(sq, flipped);
    const int v = evaluate(next);
    leave();
    return v;
  }
  // The evaluation of next (as evaluate_after) and its mover's legal move
  // count, for the move order. Off 8x8 one pass of both sides' counts gives
  // both: a separate legal-move fill was a third of their cost.
  int evaluate_after(const Board<Set>& next, int sq, const Set& flipped, int& replies) {
    if constexpr (Is8x8) {
      replies = popcount(legal(next));
      return evaluate_after(next, sq, flipped);
    } else {
      if (!any(next.me) || !any(next.opp)) {
        replies = 0;  // nothing to flip, or no disc to flip with
        return final_score(next);
      }
      const auto counts = side_counts(next, ctx_.g);
      replies = counts.mobility[0];
      return evaluate_counted(next, counts);
    }
  }
  // Final disc difference for the mover, empties to the winner, in eval units.
  int final_score(const Board<Set>& b) const {
    const int me = popcount(b.me), opp = popcount(b.opp);
    const int diff = me - opp, empty = squares_ - me - opp;
    return (diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0) * kUnitsPerDisc;
  }
  int empties(const Board<Set>& b) const { return squares_ - popcount(b.me | b.opp); }
  // The rules, on 8x8 straight to the constant-mask code.
  Set legal(const Board<Set>& b) const {
    if constexpr (Is8x8) return board8::legal_moves(b.me, b.opp);
    return legal_moves(b.me, b.opp, ctx_.g);
  }
  Set flipped_by(const Board<Set>& b, int sq) const {
    if constexpr (Is8x8) return board8::flips(b.me, b.opp, sq);
    return flips(b.me, b.opp, sq, ctx_.g);
  }
  MoveList<Set> generate(const Board<Set>& b, const Set& moves) const;

  // The principal variation from the transposition table.
  std::vector<Square> principal_variation(Board<Set> b, int first_move, int max_len) const;

  bool aborted() const { return ctx_.aborted(); }

 private:
  // Off 8x8: the learnt weights of the shape, else the hand evaluation, from
  // b's side counts (both sides have discs).
  int evaluate_counted(const Board<Set>& b, const wide_simd::SideCounts& counts) const {
    if (ctx_.shape.learnt) return size_evaluate(b, ctx_.g, ctx_.shape, *ctx_.shape.learnt, counts);
    return hand_evaluate(b, ctx_.shape, counts);
  }
  // The move loop every node kind and phase shares: principal-variation tries
  // of the children in order; returns the best score (fail-soft) with its
  // index in best_index (-1 if none finished or none beat prior_best).
  // prior_best: the score of a move the node searched before these (the
  // table's move), else -kInfinity; these are then all later children.
  template <NodeKind K, Phase P>
  int search_moves(const Board<Set>& b, MoveList<Set>& moves, int depth, int alpha, int beta,
                   int& best_index, int prior_best);

  // Young brothers wait (engine/search/split_pool.hpp). A node of this tree
  // whose moves other threads help to search; it lives on the owner's stack.
  struct SplitNode final : SplitPoint {
    SplitNode(SearchContext<Set>& owner, const Board<Set>& b, int depth, MoveList<Set>& moves,
              NodeKind kind, Phase phase)
        : owner(owner), b(b), depth(depth), moves(moves), kind(kind), phase(phase) {}
    void help(int thread) override;
    SearchContext<Set>& owner;
    const Board<Set> b;
    const int depth;
    MoveList<Set>& moves;  // read-only to the helpers, but the root's scores
    const NodeKind kind;
    const Phase phase;
  };
  // Whether a node this deep pays for the threads' synchronisation.
  template <Phase P>
  bool worth_splitting(const Board<Set>& b, int depth) const {
    if constexpr (P == Phase::Exact) {
      return empties(b) >= tuning::kSplitEmpties;
    } else {
      return depth >= tuning::kSplitDepth;
    }
  }
  // The rest of search_moves from moves[from] on, shared with idle threads;
  // a, best and best_index as search_moves has them so far.
  template <NodeKind K, Phase P>
  int split(const Board<Set>& b, MoveList<Set>& moves, std::size_t from, int depth, int beta, int a,
            int best, int& best_index);
  // One thread's share of a split node: takes moves until none is left or the
  // node is cut. The tree's incremental state must be at sp.b.
  template <NodeKind K, Phase P>
  void search_split(SplitNode& sp);

  // The cut-offs, each returning the node's score when it ends the search.
  // Transposition table: a stored bound deep enough (midgame) or exact (exact
  // phase, which also narrows the window) settles the window; sets hash_move.
  template <Phase P>
  std::optional<int> tt_cutoff(std::uint64_t key, int depth, int& alpha, int& beta,
                               int& hash_move) const;
  // Stability: the opponent's stable discs cap what the mover can reach.
  std::optional<int> stability_cutoff(const Board<Set>& b, int alpha) const;
  // Enhanced transposition cut-off: a reply already proven good enough.
  std::optional<int> etc(const Board<Set>& b, const MoveList<Set>& moves, int beta) const;
  // Pass or game over, for a node whose mover has no move.
  template <NodeKind K, Phase P>
  int pass_or_game_over(const Board<Set>& b, int depth, int alpha, int beta);
  // Multi-ProbCut (8x8 midgame): shallow searches on this node's incremental
  // state predict with the limits' confidence that it fails high or low.
  std::optional<int> multi_probcut(const Board<Set>& b, int depth, int alpha, int beta);

  // The leaves, which search without the move loop: the exact solve of the
  // last few empties (8x8 bitboard code, the small-board solver, the generic
  // parity code) and the midgame's last ply.
  std::optional<int> exact_leaf(const Board<Set>& b, int empty_count, int alpha, int beta);
  // keep_move: store the best move in the table (a PV node's, for the principal variation).
  int search_last_ply(const Board<Set>& b, int alpha, int beta, bool keep_move);
  int solve_shallow(const Board<Set>& b, int alpha, int beta, int empty_count, bool passed);
  int solve_last(const Board<Set>& b, int sq);

  // The order to try the moves in (`order`, highest first). The midgame
  // searches the table's move before, never among them; the exact phase
  // puts hash_move (kPass: none) first.
  void order_midgame(const Board<Set>& b, MoveList<Set>& moves, int depth);
  void order_endgame(const Board<Set>& b, MoveList<Set>& moves, int empty_count, int hash_move);
  Set odd_regions(const Set& empty) const;

  // Runs f with the incremental evaluation set from b, the caller's state
  // restored after: for midgame searches started outside a midgame search,
  // where the state does not follow the board (the root extras, the exact phase).
  template <class F>
  void with_state_of(const Board<Set>& b, F&& f) {
    if constexpr (Is8x8) {
      if (pattern_) {
        pattern_->set_state(states_[++top_], b.me, b.opp);
        f();
        --top_;
        return;
      }
    }
    f();
  }
  // Keep the incremental evaluation in step with the tree: enter before
  // searching the position after a move (or pass), leave after it.
  void enter(int sq, const Set& flipped) {
    if constexpr (Is8x8) {
      if (pattern_) {
        pattern_->play(states_[top_], states_[top_ + 1], sq, flipped);
        ++top_;
      }
    }
  }
  void leave() {
    if constexpr (Is8x8) {
      if (pattern_) --top_;
    }
  }
  void enter_pass() {
    if constexpr (Is8x8) {
      if (pattern_) PatternEvaluator::pass(states_[top_]);
    }
  }

  SearchContext<Set>& ctx_;
  int squares_ = 0;
  std::vector<Set> quadrants_;
  // The squares by kind, in the order the last ply tries its moves, so that a
  // cut-off comes after fewer evaluations: corners, the other edge squares
  // but the C-squares (next to a corner), the inner squares but the
  // X-squares (diagonally next to a corner), the C-squares, the X-squares.
  enum SquareKind {
    kCornerSquares,
    kEdgeSquares,
    kInnerSquares,
    kCSquares,
    kXSquares,
    kSquareKinds
  };
  std::array<Set, kSquareKinds> square_kinds_{};
  MoveList<Set> root_moves_;
  int root_best_ = -1;
  // The pattern evaluation kept incrementally (8x8 with a pattern set it can
  // take), else null and evaluate() extracts the features at each leaf.
  const PatternEvaluator* pattern_ = nullptr;
  // Its states along the line being searched, one a ply (a move writes the
  // child's above its parent's, and leaving it steps down), and one more for
  // each search started inside the tree (with_state_of): at most one of each
  // per position of a line, so two per square and the root's bound them.
  // Not zeroed (make_unique_for_overwrite): a helper builds a tree each time
  // it joins a split node, and a state is written before it is read.
  static constexpr std::size_t kStates = 2 * 64 + 2;
  std::unique_ptr<PatternEvaluator::State[]> states_;
  std::size_t top_ = 0;
  const PatternEvaluator::State& state() const { return states_[top_]; }
};

// M(Set, Is8x8) for every search tree the engine is built with: 8x8 and the
// other boards of up to 64 squares on one word, then the wider sets. The
// search's source files instantiate their members with it.
#define FLANK_FOR_EACH_SEARCH_TREE(M) \
  M(std::uint64_t, true)              \
  M(std::uint64_t, false)             \
  M(Set128, false)                    \
  M(Set256, false)                    \
  M(Set512, false)                    \
  M(WideSet, false)

}  // namespace flank
