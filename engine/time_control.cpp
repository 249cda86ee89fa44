#include "engine/time_control.hpp"

#include <algorithm>

namespace flank {

double move_budget(const TimeSettings& settings, const ClockState& clock, int empties) {
  if (!settings.limited()) return 0;
  constexpr double kFloor = 0.001;  // never 0: SearchLimits reads 0 as "no limit"
  const double left = std::max(0.0, clock.seconds);
  const double reserve = std::min(0.5, left * 0.1);  // pipe latency and process start
  const double usable = left - reserve;
  if (clock.stones > 0) return std::max(kFloor, usable / clock.stones);
  const int my_moves_left = std::max(1, (empties + 1) / 2);
  // A little more than an even share of the main time: the last moves are
  // solved exactly in a moment, so they need little of it.
  double share = std::min(usable * 0.5, usable / std::max(1, my_moves_left - 4));
  // With byo-yomi to come, running over the main time costs only part of a period.
  if (settings.byo_yomi_stones > 0 && settings.byo_yomi_time > 0)
    share += 0.5 * settings.byo_yomi_time / settings.byo_yomi_stones;
  return std::max(kFloor, share);
}

}  // namespace flank
