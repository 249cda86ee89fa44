// move_budget: never more than the clock holds, shares time over the moves left.
#include "engine/time_control.hpp"

#include <doctest/doctest.h>

#include <initializer_list>

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

TEST_CASE("Canadian byo-yomi: the period is shared over its stones") {
  const TimeSettings canadian{0, 30, 5};
  const double b = move_budget(canadian, ClockState{30, 5}, 40);
  CHECK(b > 0);
  CHECK(b * 5 < 30);  // five moves fit in the period
  CHECK(move_budget(canadian, ClockState{30, 1}, 40) < 30);
}

TEST_CASE("a measured overhead per move is set aside for every move of the period") {
  const TimeSettings absolute{60, 0, 0};
  const ClockState clock{20, 0};
  const double plain = move_budget(absolute, clock, 30);
  const double busy = move_budget(absolute, clock, 30, 0.2);
  CHECK(busy < plain);
  // 15 moves to play, each costing 0.2 s beyond the thinking: the overhead of
  // all of them and the budgets of all but the last four (solved in a moment,
  // so the share is spread over the others) still fit in the clock.
  CHECK(11 * busy + 15 * 0.2 < 20);
  // Byo-yomi: five moves in the period, so five overheads come off it.
  const TimeSettings canadian{0, 10, 5};
  CHECK(move_budget(canadian, ClockState{10, 5}, 40, 0.5) * 5 + 5 * 0.5 < 10);
  // An overhead larger than the clock leaves the smallest budget, never none.
  CHECK(move_budget(absolute, ClockState{1, 0}, 30, 5) > 0);
}
