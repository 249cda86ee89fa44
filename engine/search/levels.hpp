#pragma once
// Playing levels 1..kMaxLevel: how deep to search and from how many empties to
// solve exactly. On 8x8 a level is a fixed depth and solve point:
//   level          1  2  3  4   5   6   7   8   9  10
//   depth          1  2  4  6  10  12  14  16  18  20
//   exact empties  4  6  8 12  18  20  22  24  26  28
// Level 5 (the default) answers well within a second on one core; levels 8
// and up can take minutes per move in the midgame and near the solve point.
// On other sizes the same depth is only a cap: a level also gets a node budget
// scaled by the board's node cost, so a level takes about as long on 26x26 as
// on 8x8 (docs/search.md, "Levels").

#include <cstdint>

#include "engine/search/search.hpp"

namespace flank {

constexpr int kMaxLevel = 10;
constexpr int kDefaultLevel = 5;

// The 8x8 limits of a level. Throws std::invalid_argument outside 1..kMaxLevel.
SearchLimits level_limits(int level);
int level_depth(int level);
int level_exact_empties(int level);

// The limits of a level on a board of this shape (a plain n for n x n); the
// 8x8 table on 8x8.
SearchLimits level_limits(int level, Shape shape);
// The same for a position's board.
SearchLimits level_limits(int level, const Position& p);

}  // namespace flank
