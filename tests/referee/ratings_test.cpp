// Tournament ratings: maximum likelihood of the logistic model, checked
// against what is known without the fit.
#include "tools/referee/ratings.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "tools/referee/match_stats.hpp"

using namespace flank::referee;

namespace {
double logistic(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }
}  // namespace

TEST_CASE("two engines: the fitted difference is -400 log10(1/p - 1)") {
  // 14 points of 20: p = 0.7.
  const Ratings r = fit_ratings({{0, 14}, {6, 0}}, {{0, 20}, {20, 0}}, 0);
  CHECK(r.elo[0] - r.elo[1] == doctest::Approx(elo_from_score(0.7)).epsilon(1e-6));
  CHECK(r.elo[0] == doctest::Approx(-r.elo[1]));
  // The interval of a difference d = r0 - r1 is 1.96 / (k sqrt(N p (1 - p))); each
  // rating, being d / 2 from the mean, has half of it.
  const double k = std::log(10.0) / 400;
  CHECK(r.margin[0] == doctest::Approx(0.5 * 1.959964 / (k * std::sqrt(20 * 0.7 * 0.3))));
  // One virtual draw: (14 + 0.5) / 21.
  const Ratings prior = fit_ratings({{0, 14}, {6, 0}}, {{0, 20}, {20, 0}}, 1);
  CHECK(prior.elo[0] - prior.elo[1] == doctest::Approx(elo_from_score(14.5 / 21)));
  // A sweep is finite with the prior.
  const Ratings sweep = fit_ratings({{0, 10}, {0, 0}}, {{0, 10}, {10, 0}}, 1);
  CHECK(sweep.elo[0] - sweep.elo[1] == doctest::Approx(elo_from_score(10.5 / 11)));
}

TEST_CASE("three engines whose scores fit the model exactly get those ratings") {
  // Ratings +200, 0, -200: every pairing scores its expected score, so the
  // likelihood is largest there (the gradient is 0) whatever the game counts.
  const std::vector<double> truth = {200, 0, -200};
  const std::vector<std::vector<double>> games = {{0, 40, 10}, {40, 0, 30}, {10, 30, 0}};
  std::vector<std::vector<double>> points(3, std::vector<double>(3, 0));
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (i != j) points[i][j] = games[i][j] * logistic(truth[i] - truth[j]);
    }
  }
  const Ratings r = fit_ratings(points, games, 0);
  for (int i = 0; i < 3; ++i) CHECK(r.elo[i] == doctest::Approx(truth[i]).epsilon(1e-6));
  // The engine with the fewest games has the widest interval.
  CHECK(r.margin[2] > r.margin[1]);
}

TEST_CASE("a gauntlet: the others are rated through the one they all played") {
  // A beats B 75% and C 25%: B and C are L^-1(0.75) apart from A on either side.
  const Ratings r =
      fit_ratings({{0, 30, 10}, {10, 0, 0}, {30, 0, 0}}, {{0, 40, 40}, {40, 0, 0}, {40, 0, 0}}, 0);
  CHECK(r.elo[0] - r.elo[1] == doctest::Approx(elo_from_score(0.75)));
  CHECK(r.elo[2] - r.elo[0] == doctest::Approx(elo_from_score(0.75)));
  CHECK(r.elo[0] == doctest::Approx(0).epsilon(1e-9));
}
