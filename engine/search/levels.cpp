// The playing levels: one table for every board size, node budgets from each
// size's measured node rate.
#include "engine/search/levels.hpp"

#include <stdexcept>
#include <string>

namespace flank {
namespace {

struct Level {
  int depth;               // levels 1-4: the fixed depth; 5-10: the depth reached
  int exact_empties;       // the solve point on boards up to 8x8
  double seconds;          // the time on one core the node budget is worth
  int exact_empties_wide;  // the solve point above 8x8
};
// Levels 1-4 are fixed depths on 8x8 (a few milliseconds a move; a depth cap
// beside the budget elsewhere). Levels 5-10 are node budgets with no depth cap
// (with Multi-ProbCut the depth a budget reaches varies by position from 15 to
// 29 plies); their `depth`, which NBoard's `set depth` maps onto, is about the
// mean depth genmove reaches at 36 empties on 8x8: 20.2, 21.4, 21.9, 22.8, 23.5
// and 24.4 plies (`flank-bench sizes --size 8 -n 16 --plies 24 --seed 3`,
// 2026-12-03). Their 8x8 solve points follow the rule of timed play
// (automatic_exact_empties of the seconds).
constexpr Level kLevels[kMaxLevel] = {{1, 4, 0.01, 4},   {2, 6, 0.02, 6},    {4, 8, 0.04, 8},
                                      {6, 12, 0.08, 10}, {20, 15, 0.2, 14},  {21, 16, 0.3, 15},
                                      {22, 17, 0.4, 16}, {23, 17, 0.55, 17}, {24, 18, 0.75, 17},
                                      {25, 19, 1.0, 18}};

// Nodes per second of one core of this project's 2-core test machine, by board
// size, measured over whole games of level 5 against itself in thread CPU time
// (`flank-bench sizes --games`): 8x8, its own code with the shipped net, 7.2 to
// 7.5 million (2026-12-03); one word up to 64 squares; then by the vector width
// the wide-board code uses (4, 8 or 11 words): 10x10 1.14 million, 16x16 1.15,
// 20x20 0.80, 26x26 0.57 (2026-12-02). Late in a game nodes cost more (more
// discs to flip and more legal moves), so a game's average, not a midgame
// position's fixed-depth rate, sets the budget.
double nodes_per_second(Shape shape) {
  const int squares = shape.squares();
  if (shape == Shape::square(8)) return 7e6;
  if (squares <= 64) return 3e6;
  if (squares <= 256) return 1.1e6;
  if (squares <= 512) return 0.8e6;
  return 0.55e6;
}

const Level& level_row(int level) {
  if (level < 1 || level > kMaxLevel)
    throw std::invalid_argument("level must be 1.." + std::to_string(kMaxLevel));
  return kLevels[level - 1];
}

}  // namespace

SearchLimits level_limits(int level) { return level_limits(level, Shape::square(8)); }

int level_depth(int level) { return level_row(level).depth; }
int level_exact_empties(int level) { return level_row(level).exact_empties; }
double level_seconds(int level) { return level_row(level).seconds; }
bool level_has_budget(int level, Shape shape) {
  return shape != Shape::square(8) || level >= kFirstBudgetLevel;
}

SearchLimits level_limits(int level, Shape shape) {
  const Level& row = level_row(level);
  SearchLimits l;
  l.depth = level < kFirstBudgetLevel ? row.depth : 0;
  l.exact_empties = shape.squares() > 64 ? row.exact_empties_wide : row.exact_empties;
  // Depth alone costs very different times by position and board size (more
  // moves per position and slower nodes on wide boards, deep solves late in an
  // 8x8 game), so a node budget worth the level's time on this size ends the
  // search; unlike a deadline it keeps the move deterministic. Iterative
  // deepening plays the last finished iteration's move.
  if (level_has_budget(level, shape))
    l.nodes = static_cast<std::uint64_t>(row.seconds * nodes_per_second(shape));
  return l;
}

SearchLimits level_limits(int level, const Position& p) { return level_limits(level, p.shape()); }

}  // namespace flank
