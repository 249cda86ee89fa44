// Perft against the published tables: Bik's 8x8 counts and the small-board counts in solved.txt.
#include "engine/board/perft.hpp"

#include <doctest/doctest.h>

#include <map>
#include <sstream>

#include "naive_rules.hpp"
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
  for (const auto& [depth, count] : table) {
    // A copy: clang 14 cannot capture a structured binding in CAPTURE's lambda.
    const int d = depth;
    CAPTURE(d);
    CHECK(perft(Position(4), d) == count);
    CHECK(perft(Position(4), d, Representation::Wide) == count);
  }
  CHECK(perft(Position(4), 20) == 60060);  // deep enough: every complete game once
}

TEST_CASE("with a pass using no depth, 4x4 reaches its full 60060-game tree at depth 12") {
  const auto table = small_board_table("4x4", 'C');
  REQUIRE(table.size() == 16);
  for (const auto& [depth, count] : table) {
    // A copy: clang 14 cannot capture a structured binding in CAPTURE's lambda.
    const int d = depth;
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
  for (const auto& [depth, count] : table) {
    // A copy: clang 14 cannot capture a structured binding in CAPTURE's lambda.
    const int d = depth;
    if (d > kDeepest6) continue;
    CAPTURE(d);
    CHECK(perft(Position(6), d) == count);
  }
  CHECK(perft(Position(6), 6, Representation::Wide) == table.at(6));
}

namespace {

// Perft to each depth up to `deepest` in the fastest set and the wide one, against the naive rules.
void check_against_naive(Shape shape, int deepest) {
  CAPTURE(shape.cols);
  CAPTURE(shape.rows);
  const testing::NaiveBoard naive{Position(shape)};
  for (int d = 1; d <= deepest; ++d) {
    CAPTURE(d);
    const std::uint64_t expected = naive.perft(d);
    CHECK(perft(Position(shape), d) == expected);
    CHECK(perft(Position(shape), d, Representation::Wide) == expected);
  }
}

}  // namespace

TEST_CASE("rectangle perft matches the naive rules (8x6, 6x8, 4x10, 10x4, 10x6, 4x16)") {
  for (const Shape shape :
       {Shape{8, 6}, Shape{6, 8}, Shape{4, 10}, Shape{10, 4}, Shape{10, 6}, Shape{4, 16}})
    check_against_naive(shape, 6);
}

TEST_CASE("the two-, four- and eight-word sets agree with the naive rules and the wide set") {
  // Two words: 65 to 128 squares; four: 129 to 256; eight: 257 to 512.
  for (const Shape shape :
       {Shape(10), Shape{12, 10}, Shape{10, 12}, Shape{16, 8}, Shape{8, 16}, Shape{26, 4},
        Shape{4, 26}, Shape{12, 6}, Shape(12), Shape(16), Shape{16, 14}, Shape{26, 8}, Shape{6, 26},
        Shape{26, 10}, Shape(18), Shape(20), Shape(22), Shape{24, 20}, Shape{12, 26}})
    check_against_naive(shape, 5);
}

TEST_CASE("a COLSxROWS board's perft equals the ROWSxCOLS one's") {
  // Transposing the board maps the start position onto the other one's start
  // (white stays on the centre block's main diagonal), so the trees match.
  for (const Shape shape : {Shape{6, 4}, Shape{8, 4}, Shape{8, 6}, Shape{10, 8}, Shape{12, 6},
                            Shape{16, 4}, Shape{26, 4}, Shape{14, 10}}) {
    CAPTURE(shape.cols);
    CAPTURE(shape.rows);
    const int depth = shape.squares() <= 64 ? 8 : 6;
    for (int d = 1; d <= depth; ++d) {
      CAPTURE(d);
      CHECK(perft(Position(shape), d) == perft(Position(Shape{shape.rows, shape.cols}), d));
    }
  }
}

TEST_CASE("4x6 and 6x4 to depth 9 agree with the naive rules") {
  const testing::NaiveBoard naive{Position(Shape{4, 6})};
  const std::uint64_t leaves = naive.perft(9);
  CHECK(perft(Position(Shape{4, 6}), 9) == leaves);
  CHECK(perft(Position(Shape{6, 4}), 9) == leaves);
}
