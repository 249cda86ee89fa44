#pragma once
// One player's game clock: main time, then Canadian byo-yomi (byoyomi seconds
// for every `stones` moves). With only byo-yomi and one stone it is a fixed
// time per move. The referee charges each genmove's wall time to it.
// The grace is a tolerance on the clock, not an allowance per move: a move
// past the clock leaves it below 0, and the flag falls once the overruns in
// the same main time or byo-yomi period add up to more than the grace.

#include "engine/search/time_control.hpp"

namespace flank::referee {

struct TimeControl {
  double main_seconds = 0;
  double byoyomi_seconds = 0;
  int byoyomi_stones = 0;
  bool limited() const { return main_seconds > 0 || byoyomi_seconds > 0; }
  TimeSettings gtp() const { return {main_seconds, byoyomi_seconds, byoyomi_stones}; }
};

class PlayerClock {
 public:
  explicit PlayerClock(const TimeControl& tc);

  // Seconds this player may still spend on the current move; below 0 when
  // earlier moves already ran past the clock (within the grace).
  double remaining() const;
  // What GTP time_left says: seconds (0, never below, when overrun) and
  // stones left in the current period.
  ClockState time_left() const;
  // Charges a move that took `seconds`; false when the clock is now more than
  // `grace` seconds past 0 in the current main time or period (the flag fell).
  // A period that ended within its grace is followed by a fresh one.
  bool charge(double seconds, double grace);
  double used() const { return used_; }

 private:
  TimeControl tc_;
  double main_left_;
  double period_left_;
  int stones_left_;
  double used_ = 0;
};

}  // namespace flank::referee
