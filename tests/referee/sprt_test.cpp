// The SPRT's generalised LLR, checked against computations that do not use
// its code: the closed form of a two-outcome sample and, for many outcomes,
// the normal approximation N (s1 - s0) (2 m - s0 - s1) / (2 v).
#include "tools/referee/sprt.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

using namespace flank::referee;

TEST_CASE("the Elo bounds and the stopping bounds") {
  CHECK(score_from_elo(0) == doctest::Approx(0.5));
  CHECK(score_from_elo(400) == doctest::Approx(10.0 / 11));
  const SprtBounds b = parse_sprt("0,5");
  CHECK(b.alpha == 0.05);
  CHECK(b.beta == 0.05);
  CHECK(b.lower() == doctest::Approx(-2.944439));  // log(0.05 / 0.95)
  CHECK(b.upper() == doctest::Approx(2.944439));
  const SprtBounds c = parse_sprt("-10,10,0.01,0.1");
  CHECK(c.lower() == doctest::Approx(std::log(0.1 / 0.99)));
  CHECK(c.upper() == doctest::Approx(std::log(0.9 / 0.01)));
  for (const char* bad : {"", "5", "5,0", "0,5,0.05", "0,5,0,0.05", "0,5,0.5,0.05", "a,b", "0,5x",
                          "0,nan", "0,2000"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(parse_sprt(bad), std::invalid_argument);
  }
}

TEST_CASE("two outcomes: the LLR is the Bernoulli likelihood ratio") {
  // Only losses and wins: the distribution of mean s on {0, 1} is Bernoulli(s),
  // LLR = W log(s1 / s0) + L log((1 - s1) / (1 - s0)); the draw never seen
  // counts 0.001 (a shift below 0.01 here).
  const double s0 = score_from_elo(-20), s1 = score_from_elo(40);
  for (const auto& [win_count, losses] : {std::pair{30.0, 20.0}, {12.0, 19.0}, {200.0, 180.0}}) {
    const double wins = win_count;  // clang 14 cannot capture a structured binding
    const double exact = wins * std::log(s1 / s0) + losses * std::log((1 - s1) / (1 - s0));
    CAPTURE(wins);
    CHECK(generalised_llr({losses, 0, wins}, {0, 0.5, 1}, s0, s1) ==
          doctest::Approx(exact).epsilon(0.002));
  }
}

TEST_CASE("many game pairs: the LLR is close to its normal approximation") {
  const std::vector<double> counts = {120, 900, 2100, 1000, 180};
  const std::vector<double> x = {0, 0.25, 0.5, 0.75, 1};
  double n = 0, mean = 0, var = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    n += counts[i];
    mean += counts[i] * x[i];
  }
  mean /= n;
  for (size_t i = 0; i < x.size(); ++i) var += counts[i] * (x[i] - mean) * (x[i] - mean) / n;
  const double s0 = score_from_elo(0), s1 = score_from_elo(5);
  const double approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
  const double llr = generalised_llr(counts, x, s0, s1);
  CHECK(approx > 3);  // the sample is well past the upper bound
  CHECK(llr == doctest::Approx(approx).epsilon(0.01));
}

TEST_CASE("Sprt: pairs of games, decisions at the bounds") {
  Sprt sprt(parse_sprt("0,100"), true);
  CHECK(sprt.decision() == 0);
  CHECK(sprt.llr() == 0);
  double last = 0;
  int pairs = 0;
  while (sprt.decision() == 0) {
    sprt.add(2);  // A wins both games of every pair
    ++pairs;
    CHECK(sprt.llr() > last);
    last = sprt.llr();
  }
  CHECK(sprt.decision() == 1);
  CHECK(sprt.outcomes() == pairs);
  CHECK(pairs < 30);
  Sprt even(parse_sprt("0,100"), true);
  for (int i = 0; i < 60 && even.decision() == 0; ++i) even.add(i % 2 ? 1.5 : 0.5);
  CHECK(even.decision() == -1);  // an even match is not 100 Elo
  CHECK_THROWS_AS(even.add(2.5), std::invalid_argument);
  Sprt games(parse_sprt("0,100"), false);
  CHECK_THROWS_AS(games.add(1.5), std::invalid_argument);
}
