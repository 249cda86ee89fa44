#pragma once
// Self-play games that make training positions: an XOT opening, then moves by
// a shallow search with some random moves mixed in, then perfect play by the
// exact solver from `exact_empties` on. Positions from the solve point on get
// exact labels; earlier ones get the game's final score (the exact value of the
// solve position, propagated back along the game), with the result proven by
// a win/loss/draw solve up to `wld_empties`.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/search/search.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

struct SelfPlayOptions {
  int play_depth = 2;         // search depth of the self-play moves
  double random_moves = 0.1;  // chance of a uniformly random move instead
  int exact_empties = 12;     // solve exactly at this many empties and below
  // Above exact_empties and up to this many empties, a win/loss/draw solve
  // proves each position's result (LabelKind::WinLossDraw); 0: none.
  int wld_empties = 0;
};

// Opening lines such as "f5d6c3d3c4f4f6f3" from a file, or the built-in XOT
// list for "xot" (see load_openings); throws std::runtime_error naming the
// source for a missing file, an illegal line or no openings.
std::vector<std::string> read_openings(const std::string& source);

// One game; the same game number and seed always give the same game.
std::vector<Sample> play_game(std::uint32_t game, std::uint64_t seed,
                              const std::vector<std::string>& openings,
                              const SelfPlayOptions& options, Searcher& searcher);

}  // namespace flank::train
