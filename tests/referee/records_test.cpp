// GGF records written by the referee read back and re-validate; broken ones
// are caught. Openings files and the opening schedule.
#include <doctest/doctest.h>

#include <random>
#include <sstream>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"
#include "tools/referee/ggf.hpp"
#include "tools/referee/match_stats.hpp"
#include "tools/referee/openings.hpp"
#include "tools/referee/replay.hpp"

using namespace flank;
using namespace flank::referee;

namespace {

// A finished random game on a board (N: N x N) as the game runner records it.
GameRecord random_record(Shape size, unsigned seed, int opening_plies = 0) {
  std::mt19937 rng(seed);
  Game game(size);
  GameRecord r;
  r.shape = size;
  r.names = {"alpha", "beta [2]"};
  r.date = "2026.01.02_03:04:05.UTC";
  while (!game.position().is_game_over()) {
    const auto moves = game.position().legal_moves();
    const Square m = moves.empty() ? kPass : moves[rng() % moves.size()];
    game.play(m);
    r.moves.push_back(m);
    r.move_seconds.push_back(0.25);
  }
  r.opening_plies = opening_plies;
  r.score = game.position().score();
  return r;
}

bool has_pass(const GameRecord& r) {
  for (Square m : r.moves) {
    if (m == kPass) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("records of finished games on several sizes round-trip and validate") {
  int games_with_passes = 0;
  for (int size : {4, 6, 8, 10}) {
    for (unsigned seed = 1; seed <= 20; ++seed) {
      const GameRecord r = random_record(size, seed, 2);
      games_with_passes += has_pass(r);
      const std::string text = to_ggf(r);
      CAPTURE(text);
      const GgfGame g = parse_ggf(text);
      CHECK(validate_ggf(g) == "");
      REQUIRE(g.moves.size() == r.moves.size());
      for (size_t i = 0; i < r.moves.size(); ++i) CHECK(g.moves[i].square == r.moves[i]);
      REQUIRE(g.moves.back().seconds);
      CHECK(*g.moves.back().seconds == doctest::Approx(0.25));
      CHECK(g.properties.at("PB") == "alpha");
      CHECK(g.properties.at("PW") == "beta _2_");  // brackets cannot appear in values
      CHECK(g.start == Position(size));
    }
  }
  CHECK(games_with_passes > 0);  // small boards: passes were exercised
}

TEST_CASE("records on rectangles carry the shape, round-trip and validate") {
  for (const Shape shape : {Shape{10, 6}, Shape{6, 10}, Shape{4, 16}, Shape{26, 4}}) {
    for (unsigned seed = 1; seed <= 5; ++seed) {
      const GameRecord r = random_record(shape, seed, 2);
      const std::string text = to_ggf(r);
      CAPTURE(text);
      CHECK(text.find("TY[" + shape_name(shape) + "]") != std::string::npos);
      CHECK(text.find("BO[" + shape_name(shape) + " ") != std::string::npos);
      const GgfGame g = parse_ggf(text);
      CHECK(validate_ggf(g) == "");
      CHECK(g.start == Position(shape));
      REQUIRE(g.moves.size() == r.moves.size());
      for (size_t i = 0; i < r.moves.size(); ++i) CHECK(g.moves[i].square == r.moves[i]);
    }
  }
  // A shape flank does not play, or cells that do not fill it, are refused.
  CHECK_THROWS_AS(parse_ggf("(;GM[Othello]TY[10x5]B[E2];)"), std::invalid_argument);
  CHECK_THROWS_AS(parse_ggf("(;GM[Othello]BO[10x6 " + std::string(59, '-') + " *];)"),
                  std::invalid_argument);
}

TEST_CASE("the GGF text follows the GGS/NBoard layout") {
  GameRecord r = random_record(8, 3);
  const std::string text = to_ggf(r);
  CHECK(text.rfind("(;GM[Othello]PC[flank-referee]DT[2026.01.02_03:04:05.UTC]PB[alpha]", 0) == 0);
  CHECK(
      text.find("TY[8]BO[8 ---------------------------O*------*O--------------------------- *]") !=
      std::string::npos);
  CHECK(text.find("B[" + square_name(r.moves[0], 8) + "//0.25]") ==
        std::string::npos);  // upper case
  CHECK(text.substr(text.size() - 2) == ";)");
  r.forfeited_by = Color::White;
  r.reason = EndReason::TimeOut;
  r.score = 64;
  CHECK(to_ggf(r).find("RE[+64.00:t]") != std::string::npos);
}

TEST_CASE("games from other programs are read, missing passes inferred") {
  // As NBoard writes an unfinished game.
  const GgfGame nboard = parse_ggf(
      "(;GM[Othello]PC[]PB[HP_Administrator]PW[HP_Administrator]RE[?]TI[0]TY[8]BO[8 "
      "---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[E6]W[F4]"
      "B[G5]W[E7]B[E3]W[G6]B[D6]W[C4]B[C5]W[F3];)");
  CHECK(nboard.moves.size() == 12);
  CHECK(validate_ggf(nboard) == "");
  // A 4x4 game with passes, written without them as some programs do.
  unsigned seed = 1;
  while (!has_pass(random_record(4, seed))) ++seed;
  const GameRecord r = random_record(4, seed);
  Position pos(4);
  std::string moves;
  for (Square m : r.moves) {
    if (m != kPass) {
      moves += pos.to_move() == Color::Black ? "B[" : "W[";
      moves += square_name(m, 4) + "]";
    }
    pos.play(m);
  }
  const GgfGame g =
      parse_ggf("(;GM[Othello]TY[4]RE[" + std::to_string(r.score) + "]" + moves + ";)");
  CHECK(g.moves.size() < r.moves.size());
  CHECK(validate_ggf(g) == "");
}

TEST_CASE("evaluations as NBoard writes them are read and written back") {
  const GgfGame g = parse_ggf("(;GM[Othello]PB[a]PW[b]RE[?]TY[8]B[F5]W[d6/-1.50/2.25]B[C3/0.5];)");
  REQUIRE(g.moves.size() == 3);
  CHECK(*g.moves[1].eval == -1.5);
  CHECK(*g.moves[1].seconds == 2.25);
  CHECK(*g.moves[2].eval == 0.5);
  CHECK_FALSE(g.moves[2].seconds);
  CHECK(validate_ggf(g) == "");
  const std::string text = to_ggf(g);
  CHECK(text.find("B[F5]W[D6/-1.50/2.25]B[C3/0.50/]") != std::string::npos);
  CHECK(to_ggf(parse_ggf(text)) == text);
}

TEST_CASE("broken records are rejected with the reason") {
  const GameRecord r = random_record(8, 5);
  const std::string text = to_ggf(r);
  // An illegal move: the first move replaced by an occupied square.
  std::string bad = text;
  const size_t first = bad.find("]B[") + 3;
  bad.replace(first, 2, "D4");
  CHECK(validate_ggf(parse_ggf(bad)).find("illegal") != std::string::npos);
  // A wrong result.
  std::string wrong = text;
  const size_t re = wrong.find("RE[") + 3;
  wrong.replace(re, wrong.find(']', re) - re, std::to_string(r.score + 2) + ".00");
  CHECK(validate_ggf(parse_ggf(wrong)).find("final board scores") != std::string::npos);
  // A game cut short but claimed as finished.
  std::string cut = text;
  cut.erase(cut.rfind("B["), cut.rfind(";)") - cut.rfind("B["));
  CHECK(validate_ggf(parse_ggf(cut)) != "");
  CHECK_THROWS_AS(parse_ggf("(;GM[Chess]B[e4];)"), std::invalid_argument);
  CHECK_THROWS_AS(parse_ggf("nothing here"), std::invalid_argument);
  CHECK_THROWS_AS(parse_ggf("(;GM[Othello]B[Z9];)"), std::invalid_argument);
  CHECK_THROWS_AS(parse_ggf("(;GM[Othello]BO[8 ---- *];)"), std::invalid_argument);
}

TEST_CASE("replay prints the match table again for two players") {
  GameRecord first = random_record(8, 11, 4);
  GameRecord second = random_record(8, 12, 4);
  second.names = {first.names[1], first.names[0]};  // colours swapped
  std::istringstream in(to_ggf(first) + "\n" + to_ggf(second) + "\n");
  std::ostringstream out;
  CHECK(replay_records(in, "m.ggf", out) == 0);
  MatchTally tally;
  tally.add(first, true);
  tally.add(second, false);
  const std::string expected = tally.table(first.names[0], "beta _2_");
  // Same wins, points and mean disc difference as the tally of the games.
  const std::string text = out.str();
  const std::string alpha_line =
      expected.substr(expected.find("\nalpha") + 1, 59);  // up to mean-disc
  CHECK(text.find(alpha_line) != std::string::npos);
  CHECK(text.find("Elo difference alpha - beta _2_") != std::string::npos);
}

TEST_CASE("replay counts valid and invalid games") {
  std::string good = to_ggf(random_record(8, 7)) + "\n" + to_ggf(random_record(6, 8)) + "\n\n";
  std::istringstream in(good);
  std::ostringstream out;
  CHECK(replay_records(in, "x.ggf", out) == 0);
  CHECK(out.str().find("2 games, 2 valid, 0 invalid") != std::string::npos);
  std::istringstream in2(good + "(;GM[Othello]RE[+2]B[A1];)\n");
  std::ostringstream out2;
  CHECK(replay_records(in2, "x.ggf", out2) == 1);
  CHECK(out2.str().find("x.ggf:4: invalid game") != std::string::npos);
  std::istringstream empty("");
  std::ostringstream out3;
  CHECK(replay_records(empty, "e.ggf", out3) == 1);
}

TEST_CASE("the schedule plays each opening twice when alternating") {
  CHECK(opening_schedule(5, 3, true, false, 0) == std::vector<int>{0, 0, 1, 1, 2});
  CHECK(opening_schedule(4, 3, false, false, 0) == std::vector<int>{0, 1, 2, 0});
  CHECK(opening_schedule(2, 0, true, false, 0) == std::vector<int>{-1, -1});
  const auto a = opening_schedule(20, 1000, true, true, 42);
  const auto b = opening_schedule(20, 1000, true, true, 42);
  const auto c = opening_schedule(20, 1000, true, true, 43);
  CHECK(a == b);
  CHECK(a != c);
  for (size_t i = 0; i + 1 < a.size(); i += 2) CHECK(a[i] == a[i + 1]);
}

TEST_CASE("records carry the game number, which --merge needs once and only once") {
  GameRecord first = random_record(8, 21, 4);
  first.number = 1;
  GameRecord third = random_record(8, 22, 4);
  third.number = 3;
  third.names = {first.names[1], first.names[0]};
  const std::string a = to_ggf(first) + "\n", b = to_ggf(third) + "\n";
  CHECK(a.find("GN[1]") != std::string::npos);
  CHECK(summary_of(parse_ggf(a)).number == 1);
  std::istringstream in_a(a), in_b(b);
  std::ostringstream out;
  CHECK(replay_records({{"s1.ggf", &in_a}, {"s2.ggf", &in_b}}, true, out) == 0);
  CHECK(out.str().find("merged 2 finished games from 2 files; missing game numbers: 2\n") !=
        std::string::npos);
  CHECK(out.str().find("engine ") != std::string::npos);  // the combined table
  // The same game in two shards is an error, as is a record without a number.
  std::istringstream again_a(a), twice(a);
  std::ostringstream dup;
  CHECK(replay_records({{"s1.ggf", &again_a}, {"copy.ggf", &twice}}, true, dup) == 1);
  CHECK(dup.str().find("copy.ggf:1: invalid game: game 1 is also s1.ggf:1") != std::string::npos);
  std::string unnumbered = a;
  unnumbered.erase(unnumbered.find("GN[1]"), 5);
  std::istringstream in_u(unnumbered);
  std::ostringstream no_gn;
  CHECK(replay_records({{"old.ggf", &in_u}}, true, no_gn) == 1);
  CHECK(no_gn.str().find("no game number") != std::string::npos);
  // Plain --replay does not need the number.
  std::istringstream in_u2(unnumbered);
  std::ostringstream replayed;
  CHECK(replay_records(in_u2, "old.ggf", replayed) == 0);
}
