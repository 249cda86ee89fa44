#include "engine/search/time_control.hpp"

#include <algorithm>

#include "engine/search/search.hpp"
#include "engine/search/search_tuning.hpp"

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
  // In a byo-yomi period what the last stone leaves is lost (the next period
  // starts afresh), so the last move spends all of it and the others are
  // planned at the share of its budget a move spends (kClockMoveUse).
  if (clock.stones > 0)
    return std::max(kFloor, usable / ((clock.stones - 1) * tuning::kClockMoveUse + 1));
  // Main time is shared over the moves that need it: those before the exact
  // solve and the solve itself. The moves after it replay the solved tree in
  // a moment, so sharing over them too left half the clock unused. Each is
  // planned at the share of its budget a move spends (kClockMoveUse); what a
  // move saves or overspends changes the later shares. The solve point grows
  // with the budget (automatic_exact_empties), so the two are found together:
  // a larger share moves the solve earlier, which leaves fewer moves to share
  // over, so the share only grows (the solve point stops at tuning::kSolveEmptiesMax).
  double share = usable / std::max(1, my_moves_left - 4);
  for (int round = 0; round < 4; ++round) {
    SearchLimits at_share;
    at_share.seconds = std::max(kFloor, share);
    const int solve_at = automatic_exact_empties(at_share);
    const int moves_before_solve = std::max(0, (empties - solve_at + 1) / 2);
    share =
        std::max(share, usable / std::max(1.0, (moves_before_solve + 1) * tuning::kClockMoveUse));
  }
  share = std::min(share, usable * 0.5);
  // With byo-yomi to come, running over the main time costs only part of a period.
  if (settings.byo_yomi_stones > 0 && settings.byo_yomi_time > 0)
    share += 0.5 * settings.byo_yomi_time / settings.byo_yomi_stones;
  return std::max(kFloor, share);
}

bool budget_is_use_or_lose(const TimeSettings& settings, const ClockState& clock) {
  return settings.limited() && clock.stones == 1;
}

}  // namespace flank
