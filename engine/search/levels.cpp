// The playing levels: one table for every board size, node budgets from each
// size's measured node rate.
#include "engine/search/levels.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/board/register_words.hpp"

namespace flank {
namespace {

// 8x8: a fixed depth, or a node budget with no depth cap.
struct Level8x8 {
  int depth;          // the fixed depth; with a budget, about the mean depth it reaches
  double seconds;     // the time on one core the node budget is worth; 0 = a fixed depth
  int exact_empties;  // the solve point
};
// Levels 1-3 are fixed depths (a few milliseconds a move); levels 4-10 are
// node budgets (with Multi-ProbCut the depth a budget reaches varies by
// position, from 15 to 29 plies at level 5, so a cap would stop the easy
// positions early). The depths and budgets are spaced by matches of each
// against the next (docs/experiments.md "Levels 1-4 spread by matches" and
// "Level 4 and the top levels re-spaced"): depth 1, 3 and 6, 0.008 s and 0.2 s
// are 580, 400, 375 and 350 Elo apart (the last two steps played again with
// the budgets by stage, 2026-12-06). Levels 6-10 grow by a factor 1.32 to 0.8
// s. Budgets follow the node rate of the position's stage
// (nodes_per_second_8x8), so level 5 spends about 0.2 s and level 10 about 0.8
// s (at most 1 s) a move from the opening to the endgame's solve. The budgets'
// depths, which NBoard's `set depth` maps onto, are about the mean depth
// genmove reaches at 36 empties: 12.6 plies at level 4, 20.6 to 24.4 at 5-10
// (`flank-bench sizes --size 8 -n 16 --plies 24 --seed 3 --level L`,
// 2026-12-06). From
// level 5 the solve points follow the rule of timed play
// (automatic_exact_empties of the seconds).
constexpr Level8x8 kLevels8x8[kMaxLevel] = {
    {1, 0, 4},      {3, 0, 7},      {6, 0, 12},     {13, 0.008, 12}, {21, 0.2, 15},
    {22, 0.26, 15}, {23, 0.35, 16}, {24, 0.46, 17}, {25, 0.61, 18},  {26, 0.8, 19}};
// kFirstBudgetLevel (levels.hpp) names where the table's budgets begin.
static_assert(kLevels8x8[kFirstBudgetLevel - 2].seconds == 0 &&
              kLevels8x8[kFirstBudgetLevel - 1].seconds > 0);

// Other sizes: a node budget scaled by the board's node cost at every level,
// with a depth cap at levels 1-4.
struct LevelOther {
  int depth_cap;           // 0 = none
  double seconds;          // the time on one core the node budget is worth
  int exact_empties;       // the solve point on boards of up to 64 squares
  int exact_empties_wide;  // the solve point above 64 squares
};
constexpr LevelOther kLevelsOther[kMaxLevel] = {
    {1, 0.01, 4, 4},  {2, 0.02, 6, 6},  {4, 0.04, 8, 8},   {6, 0.08, 12, 10}, {0, 0.2, 15, 14},
    {0, 0.3, 16, 15}, {0, 0.4, 17, 16}, {0, 0.55, 17, 17}, {0, 0.75, 18, 17}, {0, 1.0, 19, 18}};

// Nodes per second of one core of this project's 2-core test machine, by board
// size, measured over whole games of level 5 against itself in thread CPU time
// (`flank-bench sizes --games`, which prints them by bands of empties). 8x8 by
// empties (2026-12-06): in the midgame an evaluation at every leaf, 10 million
// at 56 empties falling to 8 at 30 (more discs to flip, more legal moves);
// from about 28 empties the searches reach the end of the game, whose nodes
// need no evaluation: 9, 11, 13 and 21 million at 28-25 empties, 25 below. A
// game's mean rate (10 million) made the midgame moves of level 5 take
// 0.21-0.25 s and those at 22-27 empties 0.07 s; now 0.20-0.21 s and 0.20 s
// (medians), and level 5 scores as it did against `--time 0.25` (-23.9 Elo
// over 800 games, -27.0 before; docs/experiments.md, 2026-12-06).
// Other sizes, one rate a board, by the words of the set the board is on: one
// word up to 64 squares; two up to 128: 10x10 4.2 million (2026-12-06, four
// games: 3.8 at 32-17 empties, 4.5 at 96-81); four up to 256: 12x12 4.1,
// 16x16 3.8; eight up to 512: 18x18 2.1, 20x20 2.3, 22x22 2.1; eleven above:
// 26x26 1.1 (2026-12-06, one game each, after the two-directions fill of
// set256_simd.hpp and the eight-word set).
double nodes_per_second_8x8(int empties, double seconds) {
  const double midgame = std::min(10e6, 8e6 + (empties - 30) * 0.07e6);
  // A budget smaller than the default level's does not reach the end of the
  // game before its solve point: level 4 (0.008 s) took 0.02-0.04 s at 13-30
  // empties with the endgame's rates.
  if (seconds < kLevels8x8[kDefaultLevel - 1].seconds) return midgame;
  constexpr double kEndgameRate = 25e6;
  // 28 down to 25 empties: the searches reach the end ever sooner.
  constexpr double kTransition[] = {9e6, 11e6, 13e6, 21e6};
  if (empties >= 29) return midgame;
  if (empties >= 25) return kTransition[28 - empties];
  return kEndgameRate;
}

// The rates above are those of a build with AVX-512 (eight-word registers),
// measured on such a machine. The larger boards' fills work on whole
// registers, so their nodes cost more with narrower ones, and the rates are
// by the build's width (register_words.hpp), so that each build keeps the
// levels' times: with AVX2 (2026-12-07, a 2-core AMD EPYC, whole games as
// above: 10x10 3.97 million, 12x12 1.64, 16x16 1.46, 20x20 0.96, 26x26
// 0.76), 8x8 as with AVX-512 (level 5 took a median 0.22 s a move); the
// portable build's (two-word registers, x86-64-v2) are those of AVX2 times
// the ratio of the two builds' fixed-depth searches on the same machine
// (10x10 2.0 times the time, 16x16 0.9, 20x20 0.95, 26x26 1.3; 8x8 from
// whole games, whose midgame ran 0.42 of the AVX2 build's node rate;
// docs/search.md, "Levels").
struct SizeRates {
  double up_to_64, up_to_128, up_to_256, up_to_512, above;
  double scale_8x8;  // times nodes_per_second_8x8
};
constexpr SizeRates kRatesByRegisterWords[] = {
    {3e6, 4e6, 3.9e6, 2.1e6, 1.1e6, 1.0},     // 8 words (AVX-512)
    {3e6, 4e6, 1.55e6, 0.95e6, 0.75e6, 1.0},  // 4 words (AVX2)
    {3e6, 2e6, 1.7e6, 1e6, 0.58e6, 0.4},      // 2 words (portable)
};
constexpr const SizeRates& kRates = kRatesByRegisterWords[kRegisterWords >= 8   ? 0
                                                          : kRegisterWords >= 4 ? 1
                                                                                : 2];

double nodes_per_second(Shape shape, int empties, double seconds) {
  const int squares = shape.squares();
  if (shape == Shape::square(8)) return nodes_per_second_8x8(empties, seconds) * kRates.scale_8x8;
  if (squares <= 64) return kRates.up_to_64;
  if (squares <= 128) return kRates.up_to_128;
  if (squares <= 256) return kRates.up_to_256;
  if (squares <= 512) return kRates.up_to_512;
  return kRates.above;
}

// A middle-game position's empties, for the budget of a level on a board
// without a position: 36 on 8x8, where the table's depths were measured.
int midgame_empties(Shape shape) { return shape.squares() / 2 + 4; }

int level_index(int level) {
  if (level < 1 || level > kMaxLevel)
    throw std::invalid_argument("level must be 1.." + std::to_string(kMaxLevel));
  return level - 1;
}

}  // namespace

SearchLimits level_limits(int level) { return level_limits(level, Shape::square(8)); }

int level_depth(int level) { return kLevels8x8[level_index(level)].depth; }
int level_exact_empties(int level) { return kLevels8x8[level_index(level)].exact_empties; }
double level_seconds(int level) { return kLevels8x8[level_index(level)].seconds; }
double level_seconds(int level, Shape shape) {
  return shape == Shape::square(8) ? level_seconds(level)
                                   : kLevelsOther[level_index(level)].seconds;
}
bool level_has_budget(int level, Shape shape) { return level_seconds(level, shape) > 0; }

SearchLimits level_limits(int level, Shape shape) {
  return level_limits(level, shape, midgame_empties(shape));
}

SearchLimits level_limits(int level, Shape shape, int empties) {
  const int i = level_index(level);
  SearchLimits l;
  double seconds = 0;
  if (shape == Shape::square(8)) {
    const Level8x8& row = kLevels8x8[i];
    l.depth = row.seconds > 0 ? 0 : row.depth;
    l.exact_empties = row.exact_empties;
    seconds = row.seconds;
  } else {
    const LevelOther& row = kLevelsOther[i];
    l.depth = row.depth_cap;
    l.exact_empties = shape.squares() > 64 ? row.exact_empties_wide : row.exact_empties;
    seconds = row.seconds;
  }
  // Depth alone costs very different times by position and board size (more
  // moves per position and slower nodes on wide boards, deep solves late in an
  // 8x8 game), so a node budget worth the level's time on this size ends the
  // search; unlike a deadline it keeps the move deterministic. Iterative
  // deepening plays the last finished iteration's move.
  if (seconds > 0)
    l.nodes = static_cast<std::uint64_t>(seconds * nodes_per_second(shape, empties, seconds));
  return l;
}

SearchLimits level_limits(int level, const Position& p) {
  return level_limits(level, p.shape(), p.empties());
}

}  // namespace flank
