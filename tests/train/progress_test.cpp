#include "tools/train/progress.hpp"

#include <doctest/doctest.h>

using flank::train::Progress;

TEST_CASE("the progress line shows 100% only once everything is done") {
  CHECK(Progress::percent(0, 6293) == 0);
  CHECK(Progress::percent(6272, 6293) == 99);  // 99.67% is not done
  CHECK(Progress::percent(6292, 6293) == 99);
  CHECK(Progress::percent(6293, 6293) == 100);
  CHECK(Progress::percent(0, 0) == 100);  // nothing to do is done
}

TEST_CASE("the progress line's times read as minutes or hours") {
  CHECK(Progress::duration(0) == "0m00s");
  CHECK(Progress::duration(59.6) == "1m00s");
  CHECK(Progress::duration(3599) == "59m59s");
  CHECK(Progress::duration(3600 + 25 * 60) == "1h25m");
}
