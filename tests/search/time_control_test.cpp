// move_budget: never more than the clock holds, shares time over the moves left.
#include "engine/search/time_control.hpp"

#include <doctest/doctest.h>

#include <initializer_list>

#include "engine/search/search.hpp"
#include "engine/search/search_tuning.hpp"

using namespace flank;

TEST_CASE("no time settings means no budget") {
  CHECK(move_budget(TimeSettings{}, ClockState{}, 40) == 0);
  CHECK(move_budget(TimeSettings{0, 10, 0}, ClockState{5, 0}, 40) == 0);  // byo-yomi without stones
}

TEST_CASE("absolute time: a share of what is left, always below it") {
  const TimeSettings absolute{300, 0, 0};
  for (double left : {0.05, 0.5, 3.0, 60.0, 300.0}) {
    for (int empties : {1, 10, 30, 60}) {
      const double b = move_budget(absolute, ClockState{left, 0}, empties);
      CAPTURE(left);
      CAPTURE(empties);
      CHECK(b > 0);
      CHECK(b < left);
    }
  }
  // More empties to fill: less per move.
  CHECK(move_budget(absolute, ClockState{60, 0}, 50) <
        move_budget(absolute, ClockState{60, 0}, 20));
}

TEST_CASE("Canadian byo-yomi: the period is shared over its stones, the last spends the rest") {
  const TimeSettings canadian{0, 30, 5};
  const double b = move_budget(canadian, ClockState{30, 5}, 40);
  CHECK(b > 0);
  // Four moves spending what a move spends of its budget on average, and the
  // last all of its own, fit in the period.
  CHECK(4 * b * tuning::kClockMoveUse + b < 30);
  // Planned on what moves spend, not on whole budgets: five budgets are more
  // than the period.
  CHECK(b * 5 > 30);
  // Every move spending its whole budget never runs the period out.
  double left = 30;
  for (int stones = 5; stones > 0; --stones) {
    left -= move_budget(canadian, ClockState{left, stones}, 40);
    CHECK(left > 0);
  }
  // The last stone: what it leaves is lost, so it gets all but the reserve
  // and spends it (a fixed time per move); the others save for later moves.
  const double last = move_budget(canadian, ClockState{12, 1}, 40);
  CHECK(last < 12);
  CHECK(last > 11);
  CHECK(budget_is_use_or_lose(canadian, ClockState{12, 1}));
  CHECK_FALSE(budget_is_use_or_lose(canadian, ClockState{30, 5}));
  // Main time (no stones), and no clock at all, are never use-or-lose.
  CHECK_FALSE(budget_is_use_or_lose(TimeSettings{300, 30, 5}, ClockState{200, 0}));
  CHECK_FALSE(budget_is_use_or_lose(TimeSettings{}, ClockState{0, 1}));
  // A fixed time per move given as a clock (time_settings 0 2 1).
  CHECK(budget_is_use_or_lose(TimeSettings{0, 2, 1}, ClockState{2, 1}));
}

TEST_CASE("a measured overhead per move is set aside for every move of the period") {
  const TimeSettings absolute{60, 0, 0};
  const ClockState clock{20, 0};
  const double plain = move_budget(absolute, clock, 30);
  const double busy = move_budget(absolute, clock, 30, 0.2);
  CHECK(busy < plain);
  // 15 moves to play, each costing 0.2 s beyond the thinking: the overhead of
  // all of them and what the moves that need time (those before the solve
  // point such a budget gives, and the solve) spend of such budgets on average
  // still fit in the clock.
  SearchLimits at_budget;
  at_budget.seconds = busy;
  const int thinking_moves = (30 - automatic_exact_empties(at_budget) + 1) / 2 + 1;
  CHECK(thinking_moves * busy * tuning::kClockMoveUse + 15 * 0.2 < 20);
  // Byo-yomi: five moves in the period, so five overheads come off it.
  const TimeSettings canadian{0, 10, 5};
  CHECK(move_budget(canadian, ClockState{10, 5}, 40, 0.5) * (4 * tuning::kClockMoveUse + 1) +
            5 * 0.5 <
        10);
  // An overhead larger than the clock leaves the smallest budget, never none.
  CHECK(move_budget(absolute, ClockState{1, 0}, 30, 5) > 0);
}

namespace {

// The clock left after one side's moves from `empties` to the end of a game,
// each taking `used(budget, empties)` of its budget plus `overhead`; `lowest`
// is the least the clock held before any move.
struct Spent {
  double left;
  double lowest;
};
template <typename Used>
Spent play_out(double clock, int empties, double overhead, Used used) {
  Spent s{clock, clock};
  for (; empties > 0; empties -= 2) {
    const double budget =
        move_budget(TimeSettings{clock, 0, 0}, ClockState{s.left, 0}, empties, overhead);
    s.left -= used(budget, empties) + overhead;
    s.lowest = std::min(s.lowest, s.left);
  }
  return s;
}

}  // namespace

TEST_CASE("absolute time: never lost on time, and most of the clock is used") {
  for (double clock : {1.0, 5.0, 30.0, 300.0}) {
    CAPTURE(clock);
    // Every move spending its whole budget never runs the clock out.
    CHECK(play_out(clock, 52, 0.01, [](double b, int) { return b; }).lowest > 0);
    // As a search does: the moves before the solve stop their iterations
    // early (two thirds of the budget), the solve takes its whole budget, the
    // moves after it replay the solved tree. Most of the clock goes to the
    // moves that need it, where sharing it over every move left to the end
    // of the game used about half.
    bool solved = false;
    const Spent s = play_out(clock, 52, 0.01, [&](double b, int empties) {
      SearchLimits limits;
      limits.seconds = b;
      if (solved) return 0.0;
      if (empties > automatic_exact_empties(limits)) return b * 2 / 3;
      solved = true;
      return b;
    });
    CHECK(s.lowest > 0);
    CHECK(s.left < 0.25 * clock);
  }
}
