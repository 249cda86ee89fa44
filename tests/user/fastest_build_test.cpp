// Which build a program starts (tools/common/fastest_build.hpp): the highest
// installed level the CPU runs, and never one at or below its own.
#include "tools/common/fastest_build.hpp"

#include <doctest/doctest.h>

#include <functional>
#include <set>
#include <utility>

namespace {

// Levels whose builds are "installed", and the levels asked about.
struct Installed {
  explicit Installed(std::set<int> installed = {}) : levels(std::move(installed)) {}
  std::set<int> levels;
  mutable std::set<int> asked;
  bool operator()(int level) const {
    asked.insert(level);
    return levels.count(level) > 0;
  }
};

}  // namespace

TEST_CASE("the highest installed level the CPU runs is started") {
  Installed both({3, 4});
  CHECK(flank::level_to_start(2, 4, std::ref(both)) == 4);
  CHECK(flank::level_to_start(2, 3, std::ref(both)) == 3);
  // Only v3 installed on an AVX-512 CPU: v3 beats the baseline.
  Installed v3({3});
  CHECK(flank::level_to_start(2, 4, std::ref(v3)) == 3);
}

TEST_CASE("no level above the CPU's, and none at or below the build's own") {
  Installed both({3, 4});
  CHECK(flank::level_to_start(2, 2, std::ref(both)) == 0);  // an old CPU keeps the baseline
  CHECK(both.asked.empty());
  CHECK(flank::level_to_start(3, 3, std::ref(both)) == 0);  // a v3 build on a v3 CPU stays
  CHECK(flank::level_to_start(4, 4, std::ref(both)) == 0);
  Installed none;
  CHECK(flank::level_to_start(2, 4, std::ref(none)) == 0);
  CHECK(none.asked == std::set<int>{3, 4});
}

TEST_CASE("this build's level and the CPU's are levels 1 to 4") {
  const int compiled = flank::compiled_x86_level(), cpu = flank::cpu_x86_level();
  CHECK(compiled >= 1);
  CHECK(compiled <= 4);
  CHECK(cpu >= 1);
  CHECK(cpu <= 4);
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
  // The CPU runs what this build was compiled for (it is running it).
  CHECK(cpu >= compiled);
#endif
}
