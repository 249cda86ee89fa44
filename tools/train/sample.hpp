#pragma once
// One labelled training position: the 8x8 board from the mover's view and its
// target score in discs for the mover.

#include <cstdint>

namespace flank::train {

enum class LabelKind : char {
  Exact = 'e',    // proven by the exact solver
  Search = 's',   // a search score
  Outcome = 'o',  // the final score of the game, played perfectly from the solve point
};

struct Sample {
  std::uint64_t me = 0, opp = 0;
  float label = 0;
  LabelKind kind = LabelKind::Outcome;
  std::uint32_t game = 0;  // which self-play game, to hold out whole games
  int empties() const { return 64 - __builtin_popcountll(me | opp); }
};

}  // namespace flank::train
