#include "tools/common/wthor_pgn.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "tests/book/book_fixture.hpp"

namespace flank {
namespace {

std::vector<WthorGame> read_text(const std::string& text, WthorStats& stats) {
  std::istringstream in(text);
  std::vector<WthorGame> games;
  read_wthor_pgn(
      in, "test", [&](const WthorGame& g) { games.push_back(g); }, stats);
  return games;
}

TEST_CASE("the 300 sample games are all read and legal") {
  WthorStats stats;
  std::size_t full = 0;
  read_wthor_pgn_file(
      book_test::sample_pgn_path(),
      [&](const WthorGame& g) {
        CHECK(g.game.moves().size() > 0);
        if (g.game.position().is_game_over()) ++full;
      },
      stats);
  CHECK(stats.games == 300);
  CHECK(stats.skipped == 0);
  CHECK(full > 250);
}

TEST_CASE("tags and moves of a record, the result as written") {
  WthorStats stats;
  const auto games = read_text(
      "[Event \"Test\"]\n[Date \"2024\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n[Result \"33-31\"]\n"
      "1. F5 D6\n2. C3 D3\n\n",
      stats);
  REQUIRE(games.size() == 1);
  CHECK(games[0].event == "Test");
  CHECK(games[0].black == "Ann");
  CHECK(games[0].white == "Bob");
  CHECK(games[0].result == "33-31");
  CHECK(games[0].game.record() == "f5d6c3d3");
}

TEST_CASE("an illegal or unreadable record is skipped and counted, the next one read") {
  WthorStats stats;
  const auto games = read_text(
      "[Event \"bad\"]\n1. F5 F5\n\n[Event \"junk\"]\n1. Z9 D6\n\n"
      "[Event \"good\"]\n1. F5 F6\n\n[Event \"empty\"]\n",
      stats);
  REQUIRE(games.size() == 1);
  CHECK(games[0].event == "good");
  CHECK(stats.skipped == 3);
  REQUIRE(stats.first_errors.size() == 3);
  CHECK(stats.first_errors[0].find("test:2:") == 0);
  CHECK(stats.first_errors[0].find("illegal move F5") != std::string::npos);
  CHECK(stats.first_errors[2].find("no moves") != std::string::npos);
}

TEST_CASE("implicit passes are replayed: full games end at their recorded result") {
  WthorStats stats;
  std::size_t with_pass = 0, checked = 0;
  read_wthor_pgn_file(
      book_test::sample_pgn_path(),
      [&](const WthorGame& g) {
        const auto& moves = g.game.moves();
        if (std::find(moves.begin(), moves.end(), kPass) != moves.end()) ++with_pass;
        if (!g.game.position().is_game_over()) return;
        const auto dash = g.result.find('-');
        REQUIRE(dash != std::string::npos);
        const int black = std::stoi(g.result.substr(0, dash));
        const int white = std::stoi(g.result.substr(dash + 1));
        CHECK(g.game.position().score() == black - white);
        ++checked;
      },
      stats);
  CHECK(with_pass > 0);
  CHECK(checked > 250);
}

TEST_CASE("a missing file is an error, not a crash") {
  WthorStats stats;
  CHECK_THROWS_WITH_AS(read_wthor_pgn_file(
                           "/nonexistent/x.pgn", [](const WthorGame&) {}, stats),
                       doctest::Contains("cannot open"), std::runtime_error);
}

}  // namespace
}  // namespace flank
