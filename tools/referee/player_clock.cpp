#include "tools/referee/player_clock.hpp"

#include <algorithm>

namespace flank::referee {

PlayerClock::PlayerClock(const TimeControl& tc)
    : tc_(tc),
      main_left_(tc.main_seconds),
      period_left_(tc.byoyomi_seconds),
      stones_left_(tc.byoyomi_stones) {}

double PlayerClock::remaining() const {
  if (!tc_.limited()) return 1e300;
  return main_left_ + (tc_.byoyomi_seconds > 0 ? period_left_ : 0);
}

ClockState PlayerClock::time_left() const {
  // An overrun within the grace is kept on the clock but never sent: GTP has
  // no negative time.
  if (main_left_ > 0 || tc_.byoyomi_seconds <= 0) return {std::max(main_left_, 0.0), 0};
  return {std::max(period_left_, 0.0), stones_left_};
}

bool PlayerClock::charge(double seconds, double grace) {
  used_ += seconds;
  if (!tc_.limited()) return true;
  // Overruns are kept (the clock goes below 0), so they add up against one
  // grace per main time or period instead of each move getting its own.
  if (tc_.byoyomi_seconds <= 0) {
    main_left_ -= seconds;
    return main_left_ >= -grace;
  }
  // Main time never goes below 0 here: what it cannot cover goes to the period.
  const double from_main = std::min(seconds, main_left_);
  main_left_ -= from_main;
  if (main_left_ > 0) return true;
  period_left_ -= seconds - from_main;
  if (period_left_ < -grace) return false;
  if (--stones_left_ <= 0) {  // period completed within its grace: a fresh one starts
    period_left_ = tc_.byoyomi_seconds;
    stones_left_ = tc_.byoyomi_stones;
  }
  return true;
}

}  // namespace flank::referee
