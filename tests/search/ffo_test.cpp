// The FFO endgame suite (tests/data/ffo40-49.txt): exact score and a
// listed best move. Release runs the positions that fit CI's time; sanitizer
// builds run the win/loss/draw solve of the easy ones.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "../engine/reference_data.hpp"
#include "engine/board/square.hpp"
#include "engine/search/search.hpp"
#include "tools/common/endgame_suite.hpp"

using namespace flank;

namespace {

using FfoCase = EndgameCase;

int number(const FfoCase& c) { return std::stoi(c.id); }

std::vector<FfoCase> ffo_cases() {
  const std::vector<FfoCase> cases = read_endgame_suite(testing::test_data_path("ffo40-49.txt"));
  REQUIRE(cases.size() == 10);
  return cases;
}

// The whole published suite, #1-#79 (tests/data/ffo1-79.txt).
std::vector<FfoCase> ffo_all() {
  const std::vector<FfoCase> cases = read_endgame_suite(testing::test_data_path("ffo1-79.txt"));
  REQUIRE(cases.size() == 79);
  return cases;
}

void check_exact(const FfoCase& c) {
  CAPTURE(c.id);
  Searcher searcher(64);
  const SearchResult r = searcher.solve(c.position);
  CHECK(r.exact);
  CHECK(r.score == c.score);
  CHECK(std::find(c.best_moves.begin(), c.best_moves.end(), r.move) != c.best_moves.end());
}

}  // namespace

TEST_CASE("our FFO #1-#79 file agrees with the shared #40-#49") {
  const std::vector<FfoCase> all = ffo_all();
  for (const auto& c : ffo_cases()) {
    CAPTURE(c.id);
    const FfoCase& same = all.at(number(c) - 1);
    CHECK(same.id == c.id);
    CHECK(same.position == c.position);
    CHECK(same.best_moves == c.best_moves);
    CHECK(same.score == c.score);
  }
}

TEST_CASE("FFO #1-#25 (6-19 empties) solved exactly: our file's scores are right") {
  for (const auto& c : ffo_all())
    if (number(c) <= 25) check_exact(c);
}

TEST_CASE("FFO win/loss/draw of the clear results") {
  for (const auto& c : ffo_cases()) {
    if (number(c) != 40 && number(c) != 48)
      continue;  // large margins: quick even in sanitizer builds
    CAPTURE(c.id);
    Searcher searcher(16);
    const SearchResult r = searcher.solve(c.position, true);
    CHECK(r.exact);
    CHECK(r.score > 0);
    CHECK(c.position.is_legal(r.move));
  }
}

#ifdef FLANK_FULL_TESTS
TEST_CASE("FFO #40-#44 solved exactly") {
  for (const auto& c : ffo_cases())
    if (number(c) <= 44) check_exact(c);
}

TEST_CASE("FFO #46-#48 solved exactly") {
  for (const auto& c : ffo_cases())
    if (number(c) >= 46 && number(c) <= 48) check_exact(c);
}

// #45 and #49 take about a minute of CPU together: skipped in the ordinary run
// and run as their own ctest test (search_ffo_slow, `--no-skip`, label "slow": run by
// `ctest -L slow`, not by scripts/test.sh).
TEST_CASE("FFO #45 and #49 solved exactly (slow)" * doctest::skip()) {
  for (const auto& c : ffo_cases())
    if (number(c) == 45 || number(c) == 49) check_exact(c);
}
#else
TEST_CASE("FFO #40 solved exactly") { check_exact(ffo_cases().front()); }
#endif
