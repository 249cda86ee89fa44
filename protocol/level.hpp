#pragma once
// Playing strength in the GTP front end. A level 1..kMaxLevel caps the search
// depth and the point from which the endgame is solved; a clock or a fixed time
// per move caps the time; whichever limit is reached first stops the search.
// The level "max" caps nothing, so the time limits alone decide.

#include <optional>
#include <string>
#include <string_view>

#include "engine/search/search.hpp"

namespace flank::gtp {

// The level "max": as strong as the time allows.
constexpr int kLevelMax = 0;

// "1".."10" or "max" (any case); nothing for anything else.
std::optional<int> parse_level(std::string_view text);
// "5", or "max" for kLevelMax.
std::string level_name(int level);
// What parse_level accepts, for messages: "1 to 10 or max".
std::string level_choices();

// The limits of one move in position p from the level and the time budget in
// seconds (0 when neither a clock nor a fixed time per move is set). Level max
// without a time budget plays as the strongest level, kMaxLevel. The level
// means the same effort on every board size and at every stage of the game
// (engine/search/levels.hpp).
SearchLimits move_limits(int level, double seconds, const Position& p);

// Turns on Multi-ProbCut with these statistics (null: off) at `confidence`
// standard deviations, or when that is 0 at the level's
// (mpc::level_confidence; level max: mpc::kTimedConfidence).
void set_mpc(SearchLimits& limits, std::shared_ptr<const mpc::Statistics> stats, int level,
             double confidence = 0);

}  // namespace flank::gtp
