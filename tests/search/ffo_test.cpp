// The FFO endgame suite (../shared/reference/ffo40-49.txt): exact score and a
// listed best move. Release runs the positions that fit CI's time; sanitizer
// builds run the win/loss/draw solve of the easy ones.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "../engine/reference_data.hpp"
#include "engine/search.hpp"
#include "engine/square.hpp"

using namespace flank;

namespace {

struct FfoCase {
  int id;
  Position position;
  std::vector<Square> best;
  int score;
};

std::vector<FfoCase> ffo_cases() {
  std::vector<FfoCase> cases;
  for (const auto& line : testing::reference_lines("ffo40-49.txt")) {
    std::istringstream in(line);
    int id, score;
    std::string board, side, moves;
    REQUIRE(static_cast<bool>(in >> id >> board >> side >> moves >> score));
    Position p = Position::from_cells(board, parse_color(side));
    std::replace(moves.begin(), moves.end(), ',', ' ');
    cases.push_back({id, p, parse_square_list(moves, 8), score});
  }
  REQUIRE(cases.size() == 10);
  return cases;
}

void check_exact(const FfoCase& c) {
  CAPTURE(c.id);
  Searcher searcher(64);
  const SearchResult r = searcher.solve(c.position);
  CHECK(r.exact);
  CHECK(r.score == c.score);
  CHECK(std::find(c.best.begin(), c.best.end(), r.move) != c.best.end());
}

}  // namespace

TEST_CASE("FFO win/loss/draw of the clear results") {
  for (const auto& c : ffo_cases()) {
    if (c.id != 40 && c.id != 48) continue;  // large margins: quick even in sanitizer builds
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
    if (c.id <= 44) check_exact(c);
}

TEST_CASE("FFO #46-#48 solved exactly") {
  for (const auto& c : ffo_cases())
    if (c.id >= 46 && c.id <= 48) check_exact(c);
}

// #45 and #49 take about four minutes of CPU together: skipped in the ordinary run
// and run as their own ctest test (search_ffo_slow, `--no-skip`) beside the others.
TEST_CASE("FFO #45 and #49 solved exactly (slow)" * doctest::skip()) {
  for (const auto& c : ffo_cases())
    if (c.id == 45 || c.id == 49) check_exact(c);
}
#else
TEST_CASE("FFO #40 solved exactly") { check_exact(ffo_cases().front()); }
#endif
