#pragma once
// One player's game clock: main time, then Canadian byo-yomi (byoyomi seconds
// for every `stones` moves). With only byo-yomi and one stone it is a fixed
// time per move. The referee charges each genmove's wall time to it.

#include "engine/time_control.hpp"

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

  // Seconds this player may still spend on the current move.
  double remaining() const;
  // What GTP time_left says: seconds and stones left in the current period.
  ClockState time_left() const;
  // Charges a move that took `seconds`; false when that overstepped the clock
  // by more than `grace` seconds (the flag fell).
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
