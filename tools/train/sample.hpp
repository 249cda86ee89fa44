#pragma once
// One labelled training position: the 8x8 board from the mover's view and its
// target score in discs for the mover.

#include <cstdint>

namespace flank::train {

enum class LabelKind : char {
  Exact = 'e',    // proven by the exact solver
  Search = 's',   // a search score
  Outcome = 'o',  // the final score of the game, played perfectly from the solve point
  // Win, loss or draw proven by a win/loss/draw solve: the label is a score
  // (the game's result, later a search score) moved to that result's side of 0
  // (with_result), so its sign is the proven result.
  WinLossDraw = 'w',
};

// `score` moved to the nearest score with the result `sign` (+1 win, 0 draw,
// -1 loss): a win is worth at least 2 discs (scores of finished games are even).
inline float with_result(float score, int sign) {
  if (sign > 0) return score < 2 ? 2.0f : score;
  if (sign < 0) return score > -2 ? -2.0f : score;
  return 0.0f;
}
inline int sign_of(float label) { return (label > 0) - (label < 0); }

struct Sample {
  std::uint64_t me = 0, opp = 0;
  float label = 0;
  LabelKind kind = LabelKind::Outcome;
  std::uint32_t game = 0;  // which self-play game, to hold out whole games
  int empties() const { return 64 - __builtin_popcountll(me | opp); }
};

}  // namespace flank::train
