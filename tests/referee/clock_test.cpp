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

// The grace is one tolerance per main time or period, not an allowance per
// move: an engine a little late on every move must still run out.
TEST_CASE("main time: small overruns under the grace each add up and flag the clock") {
  PlayerClock c(TimeControl{1, 0, 0});
  CHECK(c.charge(0.96, 0.1));
  CHECK(c.charge(0.08, 0.1));  // 0.04 s over
  CHECK(c.remaining() == doctest::Approx(-0.04));
  CHECK(c.time_left().seconds == 0);  // never negative on the wire
  CHECK(c.time_left().stones == 0);
  CHECK(c.charge(0.05, 0.1));        // 0.09 s over: still within
  CHECK_FALSE(c.charge(0.02, 0.1));  // 0.11 s over, though the move took 0.02 s
  CHECK(c.used() == doctest::Approx(1.11));
}

TEST_CASE("byo-yomi: small overruns in one period add up and flag the clock") {
  PlayerClock c(TimeControl{0, 0.1, 5});
  CHECK(c.charge(0.08, 0.1));
  CHECK(c.charge(0.08, 0.1));  // 0.06 s over, second of five stones
  CHECK(c.remaining() == doctest::Approx(-0.06));
  CHECK(c.time_left().seconds == 0);
  CHECK(c.time_left().stones == 3);
  CHECK_FALSE(c.charge(0.08, 0.1));  // 0.14 s over before the period ended
}

TEST_CASE("byo-yomi: a period that ends within its grace is followed by a fresh one") {
  PlayerClock c(TimeControl{0, 1, 2});
  CHECK(c.charge(0.6, 0.1));
  CHECK(c.charge(0.45, 0.1));  // 0.05 s over on the period's last stone
  CHECK(c.remaining() == doctest::Approx(1));
  CHECK(c.time_left().seconds == doctest::Approx(1));
  CHECK(c.time_left().stones == 2);
  CHECK(c.charge(0.6, 0.1));  // the old overrun is not carried into this period
  CHECK(c.charge(0.48, 0.1));
  CHECK_FALSE(c.charge(1.15, 0.1));  // a whole fresh period plus more than the grace
}

TEST_CASE("main time then byo-yomi: what main time cannot cover goes to the period") {
  PlayerClock c(TimeControl{1, 1, 1});
  CHECK(c.charge(2.05, 0.1));  // 1 s main, then 0.05 s over the period: one stone
  CHECK(c.remaining() == doctest::Approx(1));
  CHECK_FALSE(c.charge(1.2, 0.1));
  PlayerClock d(TimeControl{1, 1, 1});
  CHECK_FALSE(d.charge(2.2, 0.1));
}
