// Match tallies and the Elo estimate.
#include <doctest/doctest.h>

#include <cmath>

#include "tools/referee/match_stats.hpp"

using namespace flank::referee;

TEST_CASE("Elo from a score fraction follows the logistic curve") {
  CHECK(elo_from_score(0.5) == doctest::Approx(0));
  // Three points in four games is 400 * log10(3) Elo, the textbook 190.8.
  CHECK(elo_from_score(0.75) == doctest::Approx(190.849).epsilon(1e-4));
  CHECK(elo_from_score(0.25) == doctest::Approx(-190.849).epsilon(1e-4));
  // The usual rule of thumb: a 64% score is about +100.
  CHECK(elo_from_score(0.64) == doctest::Approx(100).epsilon(0.01));
  CHECK(std::isinf(elo_from_score(1.0)));
  CHECK(elo_from_score(0.0) < 0);
}

TEST_CASE("the 95% interval surrounds the estimate and narrows with more games") {
  const EloEstimate few = elo_estimate(6, 0, 4);
  const EloEstimate many = elo_estimate(600, 0, 400);
  CHECK(few.elo == doctest::Approx(many.elo));
  CHECK(few.low < few.elo);
  CHECK(few.high > few.elo);
  CHECK(many.high - many.low < (few.high - few.low) / 5);
  // By hand for 60-0-40: p = 0.6, sd = sqrt(0.24) per game, se = 0.049,
  // p +- 1.96 se = [0.504, 0.696] -> [+2.8, +143.9] Elo.
  const EloEstimate hundred = elo_estimate(60, 0, 40);
  CHECK(hundred.low == doctest::Approx(2.77).epsilon(0.01));
  CHECK(hundred.high == doctest::Approx(143.9).epsilon(0.001));
  const EloEstimate even = elo_estimate(3, 4, 3);
  CHECK(even.elo == doctest::Approx(0));
  CHECK(even.low == doctest::Approx(-even.high));
  CHECK(std::isnan(elo_estimate(0, 0, 0).elo));
  CHECK(format_elo(elo_estimate(5, 0, 0).elo) == "+inf");
  // A clean sweep still has a finite lower bound (Wilson: n / (n + z^2) for
  // n wins; 3 wins -> p >= 0.4385 -> -42.95 Elo).
  const EloEstimate sweep = elo_estimate(3, 0, 0);
  CHECK(sweep.low == doctest::Approx(-42.95).epsilon(0.001));
  CHECK(std::isinf(sweep.high));
  for (int n = 1; n <= 200; ++n) {  // no rounding turns the open end finite
    CHECK(std::isinf(elo_estimate(n, 0, 0).high));
    CHECK(std::isinf(elo_estimate(0, 0, n).low));
  }
  const EloEstimate draws = elo_estimate(0, 10, 0);
  CHECK(draws.elo == doctest::Approx(0));
  CHECK(draws.low < -50);
  CHECK(draws.high == doctest::Approx(-draws.low));
  CHECK(format_elo(-0.0) == "+0.0");
  CHECK(format_elo(-12.345) == "-12.3");
}

TEST_CASE("the tally follows each engine through colour swaps") {
  MatchTally t;
  GameRecord g;
  g.score = 10;  // black wins by 10
  g.seconds = {1.5, 2.5};
  g.moves_chosen = {30, 30};
  t.add(g, true);   // A was black: A wins
  t.add(g, false);  // B was black: B wins
  g.score = 0;
  t.add(g, true);
  g.score = -64;
  g.forfeited_by = flank::Color::Black;
  t.add(g, false);  // B black forfeits: A wins
  CHECK(t.a().wins == 2);
  CHECK(t.a().losses == 1);
  CHECK(t.a().draws == 1);
  CHECK(t.b().wins == 1);
  CHECK(t.b().losses == 2);
  CHECK(t.b().forfeit_losses == 1);
  CHECK(t.a().forfeit_losses == 0);
  CHECK(t.a().points() == 2.5);
  CHECK(t.a().disc_sum == 10 - 10 + 0 + 64);
  CHECK(t.a().seconds == doctest::Approx(1.5 + 2.5 + 1.5 + 2.5));
  const std::string table = t.table("alpha", "beta");
  CHECK(table.find("alpha") != std::string::npos);
  CHECK(table.find("Elo difference alpha - beta") != std::string::npos);
}
