// GTP time_settings / time_left, KGS's kgs-time_settings, and our own bookkeeping
// of the engine's clock between time_left updates (controllers need not send
// time_left at all).
#include <algorithm>
#include <cstdio>
#include <string>

#include "engine/search/thread_clock.hpp"
#include "protocol/gtp_engine.hpp"

namespace flank::gtp {

namespace {

double seconds_arg(const std::string& text, const char* what) {
  const double value = parse_number(text, what);
  if (value < 0) throw Failure("syntax error: times and stones must not be negative");
  return value;
}

// MAIN PERIOD COUNT from args[first] on: main time, then PERIOD seconds for
// every COUNT moves (time_settings, and KGS's canadian and byoyomi, whose
// count `what` names).
TimeSettings clock_args(const Args& args, std::size_t first, const char* count_what) {
  const double main_time = seconds_arg(args[first], "the main time");
  const double period = seconds_arg(args[first + 1], "the byo-yomi time");
  const int count = parse_int(args[first + 2], count_what);
  if (count < 0) throw Failure("syntax error: times and stones must not be negative");
  return {main_time, period, count};
}

}  // namespace

std::string Engine::cmd_time_settings(const Args& args) {
  expect_arg_count(args, 3, "time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES");
  start_clocks(clock_args(args, 0, "the byo-yomi stones"), false);
  return {};
}

// KGS's form of the clock, which some controllers send instead: `none`,
// `absolute MAIN`, `canadian MAIN PERIOD STONES`, or Japanese `byoyomi MAIN
// PERIOD PERIODS`. A Japanese period is PERIOD seconds for one move; flank
// plans as if only one period were left, so an overrun that costs a period
// never costs the game.
std::string Engine::cmd_kgs_time_settings(const Args& args) {
  static constexpr std::string_view kUsage =
      "kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS | canadian MAIN "
      "PERIOD STONES";
  expect_arg_count(args, 1, 4, kUsage);
  const std::string& system = args[0];
  const auto arity = [&](std::size_t numbers) { expect_arg_count(args, numbers + 1, kUsage); };
  if (system == "none") {
    arity(0);
    start_clocks(TimeSettings{}, false);
  } else if (system == "absolute") {
    arity(1);
    start_clocks(TimeSettings{seconds_arg(args[1], "the main time"), 0, 0}, false);
  } else if (system == "canadian") {
    arity(3);
    start_clocks(clock_args(args, 1, "the byo-yomi stones"), false);
  } else if (system == "byoyomi") {
    arity(3);
    const TimeSettings japanese = clock_args(args, 1, "the byo-yomi periods");
    // No period, or periods of no time: main time alone.
    if (japanese.byo_yomi_stones == 0 || japanese.byo_yomi_time == 0)
      start_clocks(TimeSettings{japanese.main_time, 0, 0}, false);
    else
      start_clocks(TimeSettings{japanese.main_time, japanese.byo_yomi_time, 1}, true);
  } else {
    throw Failure("syntax error: unknown time system '" + system + "', usage is \"" +
                  std::string(kUsage) + "\"");
  }
  return {};
}

void Engine::start_clocks(const TimeSettings& settings, bool japanese_periods) {
  time_settings_ = settings;
  japanese_periods_ = japanese_periods;
  const ClockState start = settings.main_time > 0
                               ? ClockState{settings.main_time, 0}
                               : ClockState{settings.byo_yomi_time, settings.byo_yomi_stones};
  clocks_[0] = clocks_[1] = start;
  charged_[0] = charged_[1] = std::nullopt;
  overhead_[0] = overhead_[1] = 0;
}

std::string Engine::cmd_time_left(const Args& args) {
  expect_arg_count(args, 3, "time_left COLOR TIME STONES");
  const Color color = parse_color_arg(args[0]);
  const double seconds = parse_number(args[1], "the time left");
  // Under Japanese byo-yomi the count is of periods left, each one move long.
  const int count = parse_int(args[2], "the stones left");
  const int stones = japanese_periods_ && count > 0 ? 1 : count;
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

// GoGui's extension, which its referee gogui-twogtp reads at the start and
// end of each game: the CPU seconds this process has used, all threads.
std::string Engine::cmd_cputime(const Args& args) {
  expect_arg_count(args, 0, "cputime");
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", process_cpu_seconds());
  return text;
}

}  // namespace flank::gtp
