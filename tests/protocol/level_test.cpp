// Levels under a clock: the level caps depth and solve point, the clock or
// --time caps the time, and the level "max" leaves the time alone to decide.
#include "protocol/level.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <sstream>

#include "engine/search/mpc.hpp"
#include "session_helpers.hpp"

using namespace flank;
using namespace flank::gtp;
using namespace flank::gtp::testing;

namespace {

// The "depth D" and "seconds T" of a flank-analyze reply.
struct Analysis {
  int depth = -1;
  double seconds = -1;
  std::uint64_t nodes = 0;
};

Analysis analyze(Engine& engine) {
  const Reply r = send(engine, "flank-analyze");
  REQUIRE(r.ok);
  Analysis a;
  std::istringstream words(r.text);
  for (std::string word; words >> word;) {
    if (word == "depth") words >> a.depth;
    if (word == "seconds") words >> a.seconds;
    if (word == "nodes") words >> a.nodes;
  }
  return a;
}

// A midgame position (8x8, 50 empties) where a deep search takes long.
constexpr const char* kMidgame = "flank-play_sequence f5d6c3d3c4f4f6f3e6e7";

}  // namespace

TEST_CASE("levels are 1..10 or max, in any case") {
  CHECK(parse_level("1") == 1);
  CHECK(parse_level("10") == 10);
  CHECK(parse_level("max") == kLevelMax);
  CHECK(parse_level("MAX") == kLevelMax);
  for (const char* bad : {"0", "11", "", "x", "1.5", "-1", "+3", " 3", "maximum", "100"})
    CHECK_MESSAGE(!parse_level(bad), bad);
  CHECK(level_name(kLevelMax) == "max");
  CHECK(level_name(7) == "7");
}

TEST_CASE("move_limits: the level caps depth and solve point, the budget caps time") {
  const Position start(8);
  const SearchLimits level3 = move_limits(3, 0, start);
  CHECK(level3.depth == level_depth(3));
  CHECK(level3.exact_empties == level_exact_empties(3));
  CHECK(level3.seconds == 0);

  const SearchLimits timed3 = move_limits(3, 5, start);
  CHECK(timed3.depth == level_depth(3));
  CHECK(timed3.exact_empties == level_exact_empties(3));
  CHECK(timed3.seconds == 5);

  const SearchLimits timed_max = move_limits(kLevelMax, 5, start);
  CHECK(timed_max.depth == 0);  // unbounded: the time decides
  CHECK(timed_max.exact_empties == -1);
  CHECK(timed_max.seconds == 5);

  const SearchLimits untimed_max = move_limits(kLevelMax, 0, start);
  CHECK(untimed_max.nodes == level_limits(kMaxLevel, start).nodes);  // level 10's budget
  CHECK(untimed_max.seconds == 0);

  // An absurd clock is still a finite deadline the searcher can compute.
  CHECK(move_limits(1, 1e300, start).seconds <= 7 * 24 * 3600.0);
}

TEST_CASE("a low level stays low under a generous clock") {
  for (const char* clock : {"time_settings 600 0 0", "time_settings 1000000000 0 0",
                            "time_settings 1e300 0 0", "time_settings 0 300 1"}) {
    Engine engine(fast_options());  // level 1
    REQUIRE(send(engine, "flank-level 2").ok);
    REQUIRE(send(engine, clock).ok);
    REQUIRE(send(engine, kMidgame).ok);
    const Analysis a = analyze(engine);
    CHECK_MESSAGE(a.depth == level_depth(2), clock);
    CHECK_MESSAGE(a.seconds < 5, clock);
    CHECK(send(engine, "genmove b").ok);
  }
}

TEST_CASE("the clock caps the time of a high level") {
  // Level 10's budget is worth 1 s; 0.2 s spends a fraction of it.
  EngineOptions options = fast_options();
  options.level = 10;
  options.seconds_per_move = 0.2;
  Engine fixed(options);
  REQUIRE(send(fixed, kMidgame).ok);
  const Analysis by_time = analyze(fixed);
  CHECK(by_time.seconds < 2);
  CHECK(by_time.nodes < level_limits(10).nodes / 2);

  options.seconds_per_move = 0;
  Engine clocked(options);
  REQUIRE(send(clocked, "time_settings 0 0.4 2").ok);  // byo-yomi: 0.2 s a move
  REQUIRE(send(clocked, kMidgame).ok);
  const Analysis by_clock = analyze(clocked);
  CHECK(by_clock.seconds < 2);
  CHECK(by_clock.nodes < level_limits(10).nodes / 2);
}

TEST_CASE("--time and the clock together: the smaller budget wins") {
  EngineOptions options = fast_options();
  options.level = 10;
  options.seconds_per_move = 0.2;
  Engine engine(options);
  REQUIRE(send(engine, "time_settings 1000000 0 0").ok);
  REQUIRE(send(engine, kMidgame).ok);
  CHECK(analyze(engine).seconds < 2);
}

TEST_CASE("level max searches as deep as the time allows") {
  EngineOptions options = fast_options();
  options.seconds_per_move = 0.3;
  Engine engine(options);
  REQUIRE(send(engine, "flank-level max").ok);
  CHECK(send(engine, "flank-level").text == "max");
  REQUIRE(send(engine, kMidgame).ok);
  const Analysis a = analyze(engine);
  CHECK(a.depth > level_depth(1));  // level 1 would stop at depth 1
  CHECK(a.seconds < 3);
  const Reply r = send(engine, "flank-level 4");
  CHECK(r.ok);
  CHECK(send(engine, "flank-level").text == "4");
}

TEST_CASE("set_mpc: the level's confidence unless one is given, none without statistics") {
  const auto stats = std::make_shared<const mpc::Statistics>(1, 61, 6);
  SearchLimits limits;
  set_mpc(limits, stats, 5);
  CHECK(limits.mpc_confidence == doctest::Approx(mpc::level_confidence(5)));
  set_mpc(limits, stats, kLevelMax);
  CHECK(limits.mpc_confidence == doctest::Approx(mpc::kTimedConfidence));
  set_mpc(limits, stats, kLevelMax, 1.1);
  CHECK(limits.mpc_confidence == doctest::Approx(1.1));
  CHECK(limits.mpc == stats);
  set_mpc(limits, nullptr, 5, 1.1);
  CHECK(limits.mpc_confidence == 0);
  CHECK_FALSE(limits.mpc);
}
