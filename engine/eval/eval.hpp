#pragma once
// The evaluation interface the searcher calls at the leaves of a depth-limited
// search. Scores are for the side to move, in eval units: kUnitsPerDisc units
// are one disc of final disc difference, so evaluations and exact endgame
// scores live on the same scale. The hand-made evaluation (hand_eval.hpp) is the
// default; a trained evaluation implements Evaluator and is handed to
// Searcher::set_evaluator.

#include <cstdint>
#include <memory>
#include <string>

namespace flank {

constexpr int kUnitsPerDisc = 16;
// The final score of an 8x8 game the mover ends by taking every disc: the
// whole board, empties to the winner.
constexpr int kWipeoutScore = 64 * kUnitsPerDisc;

class SizeWeights;

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // A short name for logs and benchmarks ("hand", "pattern", ...).
  virtual std::string name() const = 0;
  // The 8x8 entry point: discs of the side to move and of the other side
  // (bit row*8+col, a1 = bit 0). Must be pure (same board, same score) and
  // thread-safe; keep |score| below 64 * kUnitsPerDisc.
  virtual int evaluate8(std::uint64_t me, std::uint64_t opp) const = 0;
  // The search's last ply on 8x8: the best of -evaluate8(child) over the
  // children reached by the moves in `moves` (lowest square first), stopping
  // once it reaches beta; a move that flips every opposing disc ends the game
  // and scores kWipeoutScore instead. Adds the children evaluated to `nodes`.
  // One call per node instead of one per child; an evaluation may update its
  // features incrementally from the parent. Must equal the plain loop (this
  // default).
  struct BestChild {
    int score;
    int square;  // the move reaching it
  };
  virtual BestChild best_child8(std::uint64_t me, std::uint64_t opp, std::uint64_t moves, int beta,
                                std::uint64_t& nodes) const;
  // The evaluation of the other board sizes that goes with this one: learnt
  // weights (engine/eval/size_eval.hpp; by default the shipped ones), or nullptr for
  // the hand-made evaluation there.
  virtual const SizeWeights* size_weights() const;
};

// The hand-made 8x8 evaluation as an Evaluator (shared, never null).
std::shared_ptr<const Evaluator> hand_evaluator();

}  // namespace flank
