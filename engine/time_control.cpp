#include "engine/time_control.hpp"

#include <algorithm>

namespace flank {

double move_budget(const TimeSettings& settings, const ClockState& clock, int empties) {
  if (!settings.limited()) return 0;
  const double reserve = std::min(0.5, clock.seconds * 0.1);  // pipe latency and process start
  const double usable = std::max(0.0, clock.seconds - reserve);
  if (clock.stones > 0) return std::max(0.01, usable / clock.stones);
  const int my_moves_left = std::max(1, (empties + 1) / 2);
  // Spend a little more than an even share: the last moves are solved quickly.
  return std::max(0.01, std::min(usable * 0.5, usable / std::max(1, my_moves_left - 4)));
}

}  // namespace flank
