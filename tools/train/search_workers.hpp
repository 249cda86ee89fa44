#pragma once
// What the training's parallel searches share: a sample's 8x8 position and
// the state maker that gives each parallel_for worker a Searcher of its own.

#include <memory>
#include <utility>

#include "engine/board/position.hpp"
#include "engine/search/search.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

// The sample's board with its mover to play (which colour moves does not
// matter to the score from the mover's view).
inline Position position_of(const Sample& s) {
  return Position::from_board<std::uint64_t>(Shape::square(8), Board<std::uint64_t>{s.me, s.opp},
                                             Color::Black);
}

// A parallel_for state maker: one Searcher a thread with a table of `hash_mb`
// megabytes, evaluating with `evaluator`.
inline auto searcher_maker(std::shared_ptr<const Evaluator> evaluator, int hash_mb) {
  return [evaluator = std::move(evaluator), hash_mb] {
    auto searcher = std::make_unique<Searcher>(hash_mb);
    searcher->set_evaluator(evaluator);
    return searcher;
  };
}

}  // namespace flank::train
