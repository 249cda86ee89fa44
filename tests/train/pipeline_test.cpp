// The training pipeline's parts: position file, self-play labels, fitting.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>

#include "engine/board/board8.hpp"
#include "engine/eval/pattern_features.hpp"
#include "tests/temp_path.hpp"
#include "tests/train/random_positions.hpp"
#include "tools/train/dataset.hpp"
#include "tools/train/fit.hpp"
#include "tools/train/selfplay.hpp"

namespace {

using namespace flank;
using namespace flank::train;

// Exact final disc difference for the mover by plain minimax (few empties only).
int brute_force(std::uint64_t me, std::uint64_t opp, bool passed = false) {
  std::uint64_t moves = board8::legal_moves(me, opp);
  if (!moves) {
    if (passed) {
      const int m = __builtin_popcountll(me), o = __builtin_popcountll(opp), e = 64 - m - o;
      return m > o ? m - o + e : m < o ? m - o - e : 0;
    }
    return -brute_force(opp, me, true);
  }
  int best = -1000;
  for (; moves; moves &= moves - 1) {
    const int sq = __builtin_ctzll(moves);
    const std::uint64_t f = board8::flips(me, opp, sq);
    best = std::max(best, -brute_force(opp ^ f, me ^ f ^ (std::uint64_t{1} << sq)));
  }
  return best;
}

std::vector<std::string> openings() { return read_openings("xot"); }

}  // namespace

TEST_CASE("the position file keeps complete games and drops an unfinished one") {
  const std::vector<Sample> a = {{0x10, 0x20, 4.0f, LabelKind::Exact, 3},
                                 {0x1000, 0x2, -12.5f, LabelKind::Outcome, 3}};
  const std::vector<Sample> b = {{0x40, 0x80, 0.0f, LabelKind::Search, 9}};
  const std::string path = testing::temp_path("pipeline", "data.txt");
  const std::string complete = format_game(3, a) + format_game(9, b);
  {
    std::ofstream out(path, std::ios::trunc);
    out << complete << "p 11 0000000000000001 0000000000000002 5 e\np 11 00000";
  }
  const Dataset d = read_dataset(path);
  CHECK(d.games == std::set<std::uint32_t>{3, 9});
  REQUIRE(d.samples.size() == 3);
  CHECK(d.samples[1].opp == 0x2);
  CHECK(d.samples[1].label == -12.5f);
  CHECK(d.samples[1].kind == LabelKind::Outcome);
  CHECK(d.samples[2].kind == LabelKind::Search);
  CHECK(d.complete_bytes == complete.size());
  std::remove(path.c_str());
  CHECK(read_dataset(path).samples.empty());  // a missing file is an empty dataset
}

TEST_CASE("a malformed position file line is reported with file and line") {
  const std::string path = testing::temp_path("pipeline", "bad.txt");
  {
    std::ofstream out(path, std::ios::trunc);
    out << "p 1 0000000000000001 0000000000000001 5 e\nend 1\n";
  }
  try {
    read_dataset(path);
    FAIL("no error");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).find(path + " line 1") != std::string::npos);
  }
  std::remove(path.c_str());
}

TEST_CASE("self-play labels the last positions with their exact values") {
  Searcher searcher(1);
  SelfPlayOptions options;
  options.exact_empties = 7;
  options.random_moves = 0.3;
  const auto lines = openings();
  int exact = 0;
  for (std::uint32_t game = 0; game < 4; ++game) {
    const std::vector<Sample> samples = play_game(game, 5, lines, options, searcher);
    CHECK(samples.size() >= 40);
    for (const Sample& s : samples) {
      CHECK((s.me & s.opp) == 0);
      CHECK(board8::legal_moves(s.me, s.opp) != 0);  // only positions with a move to choose
      CHECK(s.game == game);
      if (s.kind == LabelKind::Exact) {
        CHECK(s.empties() <= 7);
        CHECK(s.label == static_cast<float>(brute_force(s.me, s.opp)));
        ++exact;
      } else {
        CHECK(s.empties() > 7);
        CHECK(s.kind == LabelKind::Outcome);
      }
    }
    // The same game number and seed replay the same game.
    const std::vector<Sample> again = play_game(game, 5, lines, options, searcher);
    REQUIRE(again.size() == samples.size());
    CHECK(std::equal(samples.begin(), samples.end(), again.begin(), [](auto& x, auto& y) {
      return x.me == y.me && x.opp == y.opp && x.label == y.label;
    }));
  }
  CHECK(exact >= 4 * 5);
}

TEST_CASE(
    "self-play proves the result of the positions before the solve point up to --wld-empties") {
  Searcher searcher(1);
  SelfPlayOptions options;
  options.exact_empties = 5;
  options.wld_empties = 9;
  options.random_moves = 0.3;
  const auto lines = openings();
  int proven = 0;
  for (std::uint32_t game = 0; game < 6; ++game) {
    for (const Sample& s : play_game(game, 11, lines, options, searcher)) {
      if (s.kind != LabelKind::WinLossDraw) {
        CHECK((s.empties() <= 5 || s.empties() > 9));
        continue;
      }
      ++proven;
      CHECK(s.empties() > 5);
      CHECK(s.empties() <= 9);
      const int exact = brute_force(s.me, s.opp);
      CHECK(sign_of(s.label) == (exact > 0) - (exact < 0));
    }
  }
  CHECK(proven >= 6 * 3);
}

TEST_CASE("with_result moves a score to the proven result's side of 0") {
  CHECK(with_result(6.5f, 1) == 6.5f);
  CHECK(with_result(-4.0f, 1) == 2.0f);
  CHECK(with_result(0.5f, 1) == 2.0f);
  CHECK(with_result(3.0f, -1) == -2.0f);
  CHECK(with_result(-12.0f, -1) == -12.0f);
  CHECK(with_result(-12.0f, 0) == 0.0f);
  CHECK(sign_of(2.0f) == 1);
  CHECK(sign_of(-0.5f) == -1);
  CHECK(sign_of(0.0f) == 0);
}

TEST_CASE("deduplication keeps the label that proves the most: exact, then win/loss/draw") {
  // Three copies of one position (the second and third as mirror images).
  const std::uint64_t me = 0x0000000810000000ull | 0x1ull, opp = 0x0000001008000000ull;
  const auto mirror = [](std::uint64_t b) { return __builtin_bswap64(b); };  // rows flipped
  std::vector<Sample> samples = {{me, opp, 5.0f, LabelKind::Outcome, 1},
                                 {mirror(me), mirror(opp), -2.0f, LabelKind::WinLossDraw, 2},
                                 {0x40, 0x80, 1.0f, LabelKind::Outcome, 3}};
  deduplicate(samples);
  REQUIRE(samples.size() == 2);
  CHECK(samples[0].kind == LabelKind::WinLossDraw);
  CHECK(samples[0].label == -2.0f);
  samples.push_back({mirror(me), mirror(opp), -8.0f, LabelKind::Exact, 4});
  samples.push_back({me, opp, 4.0f, LabelKind::WinLossDraw, 5});
  deduplicate(samples);
  REQUIRE(samples.size() == 2);
  CHECK(samples[0].kind == LabelKind::Exact);
  CHECK(samples[0].label == -8.0f);
}

TEST_CASE("a bad openings file is refused with its name and line") {
  const std::string path = testing::temp_path("pipeline", "openings.txt");
  {
    std::ofstream out(path, std::ios::trunc);
    out << "f5d6c3\nf5f5\n";
  }
  try {
    read_openings(path);
    FAIL("no error");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).find("'" + path + "', line 2") != std::string::npos);
  }
  std::remove(path.c_str());
  CHECK_THROWS_AS(read_openings(path), std::runtime_error);
}

TEST_CASE("fitting recovers a pattern evaluation from its own scores") {
  // Labels made by a hidden weight vector over random positions: least squares
  // must bring the held-out error far below that of all-zero weights.
  const PatternWeights hidden = test::random_weights(2, 3);
  const std::vector<Sample> samples = test::labelled_positions(hidden, 6000, 11);
  PatternWeights learnt(2);
  FitOptions options;
  options.epochs = 8;
  options.learning_rate = 0.01;
  options.l2 = 0;
  options.holdout = 0.1;
  const auto rows = fit(samples, learnt, options, nullptr);
  REQUIRE(rows.size() == 9);
  MESSAGE("held-out MAE " << rows.front().holdout_mae << " -> " << rows.back().holdout_mae
                          << ", train " << rows.front().train_mae << " -> "
                          << rows.back().train_mae);
  CHECK(rows.front().holdout_mae > 3.0);
  CHECK(rows.back().train_mae < 0.3 * rows.front().train_mae);
  CHECK(rows.back().holdout_mae < 0.8 * rows.front().holdout_mae);
  // The learning curve names every epoch and phase.
  const std::string table = curve_table(rows, 2);
  CHECK(table.find("| 8 |") != std::string::npos);
  CHECK(table.find("ph1") != std::string::npos);
}
