// The playing levels: the 8x8 table and its translation to other board sizes.
#include "engine/search/levels.hpp"

#include <stdexcept>
#include <string>

namespace flank {
namespace {

struct Level {
  int depth;
  int exact_empties;
};
// Level 1 looks one move ahead; each level searches deeper and solves earlier.
constexpr Level kLevels[kMaxLevel] = {{1, 4},   {2, 6},   {4, 8},   {6, 12},  {10, 18},
                                      {12, 20}, {14, 22}, {16, 24}, {18, 26}, {20, 28}};

// Off 8x8: the time a level may take on one core (about what its depth takes on
// 8x8 in the midgame) and the solve point on boards above 8x8.
struct LevelBudget {
  double seconds;
  int exact_empties_wide;
};
constexpr LevelBudget kBudgets[kMaxLevel] = {{0.01, 4}, {0.02, 6}, {0.04, 8}, {0.08, 10},
                                             {0.2, 14}, {0.4, 16}, {0.8, 18}, {1.6, 20},
                                             {3.2, 22}, {6.4, 24}};

// Nodes per second of one core of this project's 2-core test machine, by board
// size (one word up to 64 squares, then by the vector width the wide-board
// code uses: 4, 8 or 11 words), measured over whole games of level 5 against
// itself, thread CPU time (`flank-bench sizes --games 2`, 2026-12-02):
// 10x10 1.14 million, 16x16 1.15, 20x20 0.80, 26x26 0.57. Late in a game
// nodes cost more (more discs to flip and more legal moves), so a game's
// average, not a midgame position's fixed-depth rate, sets the budget.
double nodes_per_second(int squares) {
  if (squares <= 64) return 3e6;
  if (squares <= 256) return 1.1e6;
  if (squares <= 512) return 0.8e6;
  return 0.55e6;
}

}  // namespace

SearchLimits level_limits(int level) {
  if (level < 1 || level > kMaxLevel)
    throw std::invalid_argument("level must be 1.." + std::to_string(kMaxLevel));
  SearchLimits l;
  l.depth = kLevels[level - 1].depth;
  l.exact_empties = kLevels[level - 1].exact_empties;
  return l;
}

int level_depth(int level) { return level_limits(level).depth; }
int level_exact_empties(int level) { return level_limits(level).exact_empties; }

SearchLimits level_limits(int level, Shape shape) {
  SearchLimits l = level_limits(level);
  if (shape == Shape{8, 8}) return l;
  // Depth alone would cost far more on a wide board (more moves per position,
  // slower nodes), so the 8x8 depth becomes a cap and a node budget worth the
  // level's time on this size bounds the search; the deadline-free budget keeps
  // the move deterministic. The solver works on slower nodes past 8x8 too.
  const LevelBudget& budget = kBudgets[level - 1];
  l.nodes = static_cast<std::uint64_t>(budget.seconds * nodes_per_second(shape.squares()));
  if (shape.squares() > 64) l.exact_empties = budget.exact_empties_wide;
  return l;
}

SearchLimits level_limits(int level, const Position& p) { return level_limits(level, p.shape()); }

}  // namespace flank
