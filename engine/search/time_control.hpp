#pragma once
// How long to think about one move, from the GTP clock (time_settings and
// time_left): absolute time or Canadian byo-yomi. Pure arithmetic, no clock.

namespace flank {

// GTP time_settings: main time, then byo_yomi_time seconds for every
// byo_yomi_stones moves. byo_yomi_time > 0 with stones == 0 means no time limit.
struct TimeSettings {
  double main_time = 0;
  double byo_yomi_time = 0;
  int byo_yomi_stones = 0;
  bool limited() const {
    return !(main_time == 0 && byo_yomi_time > 0 && byo_yomi_stones == 0) &&
           (main_time > 0 || byo_yomi_time > 0);
  }
};

// GTP time_left for the side to move: seconds left in the current period and
// moves still to play in it (0 while in main time).
struct ClockState {
  double seconds = 0;
  int stones = 0;
};

// Seconds to spend on this move so the game is never lost on time, given the
// mover's own empties-to-fill estimate. `overhead` is what each move costs on
// the controller's clock beyond the engine's own thinking (pipes, scheduling on
// a busy machine), as measured by the caller; it is set aside for every move
// still to play in the period. Returns 0 when the clock sets no limit.
double move_budget(const TimeSettings& settings, const ClockState& clock, int empties,
                   double overhead = 0);

// True when what this move leaves of its budget is lost rather than saved for
// later moves (the last stone of a byo-yomi period, such as a fixed time per
// move given as time_settings 0 T 1): the search should spend all of it
// (SearchLimits::fixed_time).
bool budget_is_use_or_lose(const TimeSettings& settings, const ClockState& clock);

}  // namespace flank
