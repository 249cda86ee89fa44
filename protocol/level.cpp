#include "protocol/level.hpp"

#include <algorithm>
#include <cctype>

namespace flank::gtp {
namespace {

// A budget beyond a week is no limit in practice, and a larger one would
// overflow the searcher's deadline arithmetic (time_settings 1e300 0 0).
constexpr double kLongestBudget = 7 * 24 * 3600.0;

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

}  // namespace

std::optional<int> parse_level(std::string_view text) {
  if (equals_ignoring_case(text, "max")) return kLevelMax;
  if (text.empty() || text.size() > 2 ||
      !std::ranges::all_of(text, [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  const int level = std::stoi(std::string(text));
  if (level < 1 || level > kMaxLevel) return std::nullopt;
  return level;
}

std::string level_name(int level) { return level == kLevelMax ? "max" : std::to_string(level); }

std::string level_choices() { return "1 to " + std::to_string(kMaxLevel) + " or max"; }

void set_mpc(SearchLimits& limits, std::shared_ptr<const mpc::Statistics> stats, int level,
             double confidence) {
  const double by_level = level == kLevelMax ? mpc::kTimedConfidence : mpc::level_confidence(level);
  limits.mpc_confidence = !stats ? 0 : confidence > 0 ? confidence : by_level;
  limits.mpc = std::move(stats);
}

SearchLimits move_limits(int level, double seconds, const Position& p) {
  if (level == kLevelMax && seconds <= 0) return level_limits(kMaxLevel, p);
  // Level max: depth 0 and exact_empties -1 let the searcher fit both to the time.
  SearchLimits limits = level == kLevelMax ? SearchLimits{} : level_limits(level, p);
  limits.seconds = std::min(seconds, kLongestBudget);
  return limits;
}

}  // namespace flank::gtp
