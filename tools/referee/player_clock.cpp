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
  if (main_left_ > 0 || tc_.byoyomi_seconds <= 0) return {main_left_, 0};
  return {period_left_, stones_left_};
}

bool PlayerClock::charge(double seconds, double grace) {
  used_ += seconds;
  if (!tc_.limited()) return true;
  const bool flag_fell = seconds > remaining() + grace;
  double t = std::min(seconds, remaining());
  const double from_main = std::min(t, main_left_);
  main_left_ -= from_main;
  t -= from_main;
  if (main_left_ <= 0 && tc_.byoyomi_seconds > 0) {
    period_left_ -= t;
    if (--stones_left_ <= 0) {  // period completed: a fresh one starts
      period_left_ = tc_.byoyomi_seconds;
      stones_left_ = tc_.byoyomi_stones;
    }
  }
  return !flag_fell;
}

}  // namespace flank::referee
