// The built-in XOT list, opening sources, match shards and default engine names.
#include "tools/common/openings.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "tools/referee/engine_names.hpp"
#include "tools/referee/openings.hpp"

using namespace flank;
using namespace flank::referee;

TEST_CASE("the built-in XOT list is data/xot-openings.txt: 10,784 legal 8-ply openings") {
  std::ifstream file(FLANK_SOURCE_DIR "/data/xot-openings.txt", std::ios::binary);
  REQUIRE(file);
  std::ostringstream text;
  text << file.rdbuf();
  CHECK(builtin_xot_text() == text.str());
  CHECK(builtin_xot_text().substr(0, 2) == "# ");  // the header naming the source is skipped

  const std::vector<Opening> xot = load_openings("xot", Shape::square(8));
  REQUIRE(xot.size() == 10784);
  CHECK(xot.front().text == "f5d6c4d3c2b3b4b5");
  CHECK(xot.back().text.size() == 16);
  std::set<std::string> distinct;
  for (const Opening& o : xot) {
    CHECK(o.moves.size() == 8);  // no pass in an XOT line
    CHECK(o.text.rfind("f5", 0) == 0);
    distinct.insert(o.text);
  }
  CHECK(distinct.size() == xot.size());
}

TEST_CASE("opening sources: none, files, and their errors") {
  CHECK(load_openings("none", Shape::square(8)).empty());
  CHECK(load_openings("none", Shape::square(10)).empty());
  CHECK_THROWS_WITH_AS(load_openings("/no/such/openings.txt", Shape::square(8)),
                       "cannot read openings file '/no/such/openings.txt'", std::runtime_error);
  // The XOT lines are 8x8 openings: on 10x10 the first is refused, saying why.
  CHECK_THROWS_WITH_AS(load_openings("xot", Shape::square(10)), doctest::Contains("for 8x8"),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(load_openings(FLANK_SOURCE_DIR "/data/hangman_words.txt", Shape::square(8)),
                       doctest::Contains("line 7"), std::runtime_error);
}

TEST_CASE("openings files are checked line by line") {
  std::istringstream in("# XOT style\nf5d6c4d3c2b3b4b5\n\n  f5f4g3g6f3g4e3e2  \r\nF5 D6 C3\n");
  const auto openings = read_openings(in, Shape::square(8));
  REQUIRE(openings.size() == 3);
  CHECK(openings[0].text == "f5d6c4d3c2b3b4b5");
  CHECK(openings[0].moves.size() == 8);
  CHECK(openings[1].text == "f5f4g3g6f3g4e3e2");
  CHECK(openings[2].moves.size() == 3);
  std::istringstream bad("f5d6\nf5f5\n");
  CHECK_THROWS_WITH_AS(read_openings(bad, Shape::square(8)), doctest::Contains("line 2"),
                       std::invalid_argument);
  std::istringstream wrong_size("f5d6\n");
  CHECK_THROWS_AS(read_openings(wrong_size, Shape::square(4)), std::invalid_argument);
}

TEST_CASE("shards split a match into disjoint parts that keep opening pairs together") {
  for (const bool alternate : {true, false}) {
    for (const int games : {1, 7, 40}) {
      for (const int shards : {1, 2, 3, 8}) {
        std::vector<int> seen(static_cast<size_t>(games), 0);
        for (int k = 1; k <= shards; ++k) {
          const std::vector<int> mine = shard_games(games, alternate, k, shards);
          CHECK(std::is_sorted(mine.begin(), mine.end()));
          for (int g : mine) {
            ++seen[static_cast<size_t>(g)];
            // Both colours of an opening are played in the same shard.
            if (alternate && (g ^ 1) < games) {
              CHECK(std::find(mine.begin(), mine.end(), g ^ 1) != mine.end());
            }
          }
        }
        CHECK(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
      }
    }
  }
  CHECK(shard_games(10, true, 2, 3) == std::vector<int>{2, 3, 8, 9});
  CHECK(shard_games(10, false, 2, 3) == std::vector<int>{1, 4, 7});
}

TEST_CASE("default engine names tell the engines apart") {
  using Names = std::array<std::string, 2>;
  const auto names = [](const std::string& a, const std::string& b, const Names& gtp) {
    std::istringstream split_a(a), split_b(b);
    std::vector<std::string> wa, wb;
    for (std::string w; split_a >> w;) wa.push_back(w);
    for (std::string w; split_b >> w;) wb.push_back(w);
    return default_engine_names({wa, wb}, gtp);
  };
  const Names flank2 = {"flank", "flank"};
  // Different GTP names are enough.
  CHECK(names("build/flank -l 4", "/usr/games/gtp-rhino -l 2", {"flank", "GTP GRhino"}) ==
        Names{"flank", "GTP GRhino"});
  // The same engine: the arguments that differ, with their options.
  CHECK(names("build/flank -l 2", "build/flank -l 1", flank2) == Names{"flank -l 2", "flank -l 1"});
  CHECK(names("build/flank --eval pattern --level 3", "build/flank --eval hand --level 3",
              flank2) == Names{"flank --eval pattern", "flank --eval hand"});
  CHECK(names("build/flank --level=2", "build/flank", flank2) == Names{"flank --level=2", "flank"});
  CHECK(names("build/flank --time 0.5 --unicode", "build/flank --unicode", flank2) ==
        Names{"flank --time 0.5", "flank"});
  // Same arguments, other programs: the programs.
  CHECK(names("build/flank -l 2", "old/flank -l 2", flank2) ==
        Names{"flank (build/flank)", "flank (old/flank)"});
  // The same command twice: A and B, no number that could be read as a level.
  CHECK(names("build/flank -l 2", "build/flank -l 2", flank2) == Names{"flank A", "flank B"});
  CHECK(names("build/flank -l 2 -s 8", "build/flank -s 8 -l 2", flank2) ==
        Names{"flank A", "flank B"});
}
