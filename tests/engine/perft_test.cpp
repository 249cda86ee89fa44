// Perft against the published tables: Bik's 8x8 counts and the small-board counts in solved.txt.
#include "engine/perft.hpp"

#include <doctest/doctest.h>

#include <map>
#include <sstream>

#include "reference_data.hpp"

using namespace flank;

namespace {

std::map<int, std::uint64_t> perft8_table(const std::string& file = "perft8.txt") {
  std::map<int, std::uint64_t> t;
  for (const auto& line : testing::reference_lines(file)) {
    std::istringstream in(line);
    int depth;
    std::uint64_t count;
    if (in >> depth >> count) t[depth] = count;
  }
  return t;
}

// solved.txt rows "4x4 depth A B C": column A is a pass as a ply, C a pass using no depth.
std::map<int, std::uint64_t> small_board_table(const std::string& board, char column = 'A') {
  std::map<int, std::uint64_t> t;
  for (const auto& line : testing::reference_lines("solved.txt")) {
    std::istringstream in(line);
    std::string name;
    int depth;
    std::uint64_t a, b, c;
    if (in >> name >> depth >> a >> b >> c && name == board) t[depth] = column == 'A' ? a : c;
  }
  return t;
}

#ifdef FLANK_FULL_TESTS
constexpr int kDeepest8 = 11;
constexpr int kDeepest6 = 10;
#else
constexpr int kDeepest8 = 9;
constexpr int kDeepest6 = 8;
#endif

}  // namespace

TEST_CASE("8x8 perft matches Bik's published counts") {
  const auto table = perft8_table();
  REQUIRE(table.size() >= 12);
  for (int d = 1; d <= kDeepest8; ++d) {
    CAPTURE(d);
    CHECK(perft(Position(8), d) == table.at(d));
  }
}

TEST_CASE("the wide representation agrees with the 64-bit one on 8x8") {
  const auto table = perft8_table();
  for (int d = 1; d <= 7; ++d) {
    CAPTURE(d);
    CHECK(perft(Position(8), d, Representation::Wide) == table.at(d));
  }
}

TEST_CASE("4x4 perft matches solved.txt and the full tree has 60060 leaves") {
  const auto table = small_board_table("4x4");
  REQUIRE(table.size() == 16);
  for (const auto& [d, count] : table) {
    CAPTURE(d);
    CHECK(perft(Position(4), d) == count);
    CHECK(perft(Position(4), d, Representation::Wide) == count);
  }
  CHECK(perft(Position(4), 20) == 60060);  // deep enough: every complete game once
}

TEST_CASE("with a pass using no depth, 4x4 reaches its full 60060-game tree at depth 12") {
  const auto table = small_board_table("4x4", 'C');
  REQUIRE(table.size() == 16);
  for (const auto& [d, count] : table) {
    CAPTURE(d);
    CHECK(perft(Position(4), d, Representation::Fastest, PerftConvention::PassIsFree) == count);
  }
  CHECK(perft(Position(4), 12, Representation::Wide, PerftConvention::PassIsFree) == 60060);
}

TEST_CASE("8x8 perft with a pass using no depth matches the published convention-C counts") {
  const auto table = perft8_table("perft8_convC_pass_not_a_ply.txt");
  REQUIRE(table.size() >= 11);
  for (int d = 1; d <= kDeepest8 - 1; ++d) {
    CAPTURE(d);
    CHECK(perft(Position(8), d, Representation::Fastest, PerftConvention::PassIsFree) ==
          table.at(d));
  }
}

TEST_CASE("6x6 perft matches solved.txt") {
  const auto table = small_board_table("6x6");
  REQUIRE(table.size() >= 10);
  for (const auto& [d, count] : table) {
    if (d > kDeepest6) continue;
    CAPTURE(d);
    CHECK(perft(Position(6), d) == count);
  }
  CHECK(perft(Position(6), 6, Representation::Wide) == table.at(6));
}
