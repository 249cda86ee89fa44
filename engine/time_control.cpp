#include "engine/time_control.hpp"

#include <algorithm>

namespace flank {

double move_budget(const TimeSettings& settings, const ClockState& clock, int empties,
                   double overhead) {
  if (!settings.limited()) return 0;
  constexpr double kFloor = 0.001;  // never 0: SearchLimits reads 0 as "no limit"
  const double left = std::max(0.0, clock.seconds);
  const int my_moves_left = std::max(1, (empties + 1) / 2);
  const int moves_in_period = clock.stones > 0 ? clock.stones : my_moves_left;
  // Pipe latency and process start, plus 1.5 times the measured overhead of
  // every move still to play in the period (its spikes are what forfeit).
  const double reserve =
      std::min(0.5, left * 0.1) + 1.5 * std::max(0.0, overhead) * moves_in_period;
  const double usable = std::max(0.0, left - reserve);
  if (clock.stones > 0) return std::max(kFloor, usable / clock.stones);
  // A little more than an even share of the main time: the last moves are
  // solved exactly in a moment, so they need little of it.
  double share = std::min(usable * 0.5, usable / std::max(1, my_moves_left - 4));
  // With byo-yomi to come, running over the main time costs only part of a period.
  if (settings.byo_yomi_stones > 0 && settings.byo_yomi_time > 0)
    share += 0.5 * settings.byo_yomi_time / settings.byo_yomi_stones;
  return std::max(kFloor, share);
}

}  // namespace flank
