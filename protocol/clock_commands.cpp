// GTP time_settings / time_left, and our own bookkeeping of the engine's clock
// between time_left updates (controllers need not send time_left at all).
#include <algorithm>
#include <string>

#include "protocol/gtp_engine.hpp"

namespace flank::gtp {

std::string Engine::cmd_time_settings(const Args& args) {
  expect_arg_count(args, 3, "time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES");
  const double main_time = parse_number(args[0], "the main time");
  const double byo_yomi_time = parse_number(args[1], "the byo-yomi time");
  const int stones = parse_int(args[2], "the byo-yomi stones");
  if (main_time < 0 || byo_yomi_time < 0 || stones < 0)
    throw Failure("syntax error: times and stones must not be negative");
  time_settings_ = TimeSettings{main_time, byo_yomi_time, stones};
  const ClockState start =
      main_time > 0 ? ClockState{main_time, 0} : ClockState{byo_yomi_time, stones};
  clocks_[0] = clocks_[1] = start;
  charged_[0] = charged_[1] = std::nullopt;
  overhead_[0] = overhead_[1] = 0;
  return {};
}

std::string Engine::cmd_time_left(const Args& args) {
  expect_arg_count(args, 3, "time_left COLOR TIME STONES");
  const Color color = parse_color_arg(args[0]);
  const double seconds = parse_number(args[1], "the time left");
  const int stones = parse_int(args[2], "the stones left");
  const int side = static_cast<int>(color);
  // A clock without time_settings: sudden death (no stones) or one byo-yomi
  // period of these stones, rather than thinking as if there were no clock
  // (at least a millisecond, so that nothing left is still a clock).
  if (!time_settings_.limited()) {
    const double left = std::max(seconds, 0.001);
    time_settings_ = stones > 0 ? TimeSettings{0, left, stones} : TimeSettings{left, 0, 0};
  }
  // What the controller charged beyond our own thinking since our last move,
  // comparable only within one period (main time, or the same byo-yomi count).
  // A spike counts at once, then fades by a quarter per move. GTP's times are
  // whole seconds: written so, up to a second of the difference is the
  // controller's rounding, not overhead.
  if (charged_[side] && charged_[side]->stones == stones && stones >= 0) {
    const bool whole_seconds = args[1].find_first_of(".eE") == std::string::npos;
    const double rounding = whole_seconds ? 1.0 : 0.0;
    const double measured = std::max(0.0, charged_[side]->seconds - seconds - rounding);
    overhead_[side] = std::max(measured, 0.75 * overhead_[side]);
  }
  charged_[side].reset();
  // A controller may report an overrun as a negative time: think as fast as possible.
  clocks_[side] = ClockState{std::max(0.0, seconds), std::max(0, stones)};
  return {};
}

void Engine::charge_clock(Color mover, double seconds) {
  if (!time_settings_.limited()) return;
  ClockState& clock = clocks_[static_cast<int>(mover)];
  const ClockState period{time_settings_.byo_yomi_time, time_settings_.byo_yomi_stones};
  clock.seconds -= seconds;
  bool in_period = clock.stones > 0;
  if (!in_period && clock.seconds <= 0 && period.stones > 0) {
    // The move that ran main time out is the first stone of the first period,
    // charged with the overrun, as a referee counts it.
    clock = ClockState{period.seconds + clock.seconds, period.stones};
    in_period = true;
  }
  if (in_period && --clock.stones == 0) clock = period;  // a fresh period
  clock.seconds = std::max(0.0, clock.seconds);
  charged_[static_cast<int>(mover)] = clock;
}

}  // namespace flank::gtp
