// The game clock the referee charges each engine's genmove time to.
#include <doctest/doctest.h>

#include "tools/referee/player_clock.hpp"

using namespace flank::referee;

TEST_CASE("without a time control the clock never falls") {
  PlayerClock c(TimeControl{});
  CHECK(c.charge(1000, 0));
  CHECK(c.used() == 1000);
  CHECK(c.remaining() > 1e9);
}

TEST_CASE("main time only: the flag falls when it is used up") {
  PlayerClock c(TimeControl{10, 0, 0});
  CHECK(c.charge(4, 0));
  CHECK(c.remaining() == doctest::Approx(6));
  CHECK(c.time_left().seconds == doctest::Approx(6));
  CHECK(c.time_left().stones == 0);
  CHECK(c.charge(6.05, 0.1));  // within the grace
  CHECK_FALSE(PlayerClock(TimeControl{10, 0, 0}).charge(10.2, 0.1));
}

TEST_CASE("byo-yomi of one stone is a fixed time per move") {
  PlayerClock c(TimeControl{0, 2, 1});
  for (int i = 0; i < 5; ++i) {
    CHECK(c.remaining() == doctest::Approx(2));
    CHECK(c.time_left().stones == 1);
    CHECK(c.charge(1.9, 0));
  }
  CHECK_FALSE(c.charge(2.5, 0.1));
}

TEST_CASE("Canadian byo-yomi: a period covers several moves, then renews") {
  PlayerClock c(TimeControl{1, 3, 2});
  CHECK(c.remaining() == doctest::Approx(4));  // main time plus the first period
  CHECK(c.charge(1.5, 0));                     // 1 s main, 0.5 s of the period, first stone
  CHECK(c.time_left().seconds == doctest::Approx(2.5));
  CHECK(c.time_left().stones == 1);
  CHECK(c.charge(2, 0));  // second stone: the period renews
  CHECK(c.time_left().seconds == doctest::Approx(3));
  CHECK(c.time_left().stones == 2);
  CHECK(c.charge(2, 0));
  CHECK_FALSE(c.charge(1.5, 0));  // 1 s left in this period
}
