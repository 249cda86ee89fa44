#pragma once
// Playing levels 1..kMaxLevel. On 8x8 levels 1-3 are fixed depths and solve
// points; levels 4-10 spend a node budget worth 0.008 to 0.8 s of one core at
// the node rate of the position's stage of the game (the default, 5: 0.2 s;
// level 10 at most about 1 s a move), with a solve point and no depth cap. On
// other sizes every level has a budget scaled by the board's node cost, so a
// level takes about as long on 26x26 as on 8x8 (docs/search.md, "Levels").

#include <cstdint>

#include "engine/search/search.hpp"

namespace flank {

constexpr int kMaxLevel = 10;
constexpr int kDefaultLevel = 5;
// The first level that spends a node budget on 8x8 (the ones below search a
// fixed depth there).
constexpr int kFirstBudgetLevel = 4;

// The 8x8 limits of a level, for a middle-game position (36 empties). Throws
// std::invalid_argument outside 1..kMaxLevel.
SearchLimits level_limits(int level);
// A level's 8x8 depth (levels 1-3: fixed; 4-10: about the mean depth their
// budget reaches in a midgame, not a cap) and 8x8 solve point.
int level_depth(int level);
int level_exact_empties(int level);
// The time on one core a level's node budget is worth, on 8x8 (0 for the fixed
// depths) or on a board of this shape.
double level_seconds(int level);
double level_seconds(int level, Shape shape);
// Whether the level ends its search by a node budget on this board.
bool level_has_budget(int level, Shape shape);

// The limits of a level for a position: its budget at the node rate of the
// position's board and, on 8x8, of its number of empties.
SearchLimits level_limits(int level, const Position& p);
SearchLimits level_limits(int level, Shape shape, int empties);
// The same for a middle-game position (36 empties on 8x8, a little over half
// the squares on any board) of a board of this shape (a plain n for n x n).
SearchLimits level_limits(int level, Shape shape);

}  // namespace flank
