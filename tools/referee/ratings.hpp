#pragma once
// Ratings of the engines of a tournament fitted together: the logistic Elo
// model, P(i scores against j) = 1 / (1 + 10^((r_j - r_i) / 400)), a draw
// counting half a win, fitted by maximum likelihood on all games (Newton's
// method), the ratings then shifted to average 0. The interval is
// +-1.96 standard deviations from the inverse of the information matrix.
// `prior_draws` virtual draws are added to every pairing that played, so an
// engine that won every game still gets a finite rating.

#include <vector>

namespace flank::referee {

struct Ratings {
  std::vector<double> elo;     // average 0
  std::vector<double> margin;  // 95% half-width of each rating
};

// points[i][j]: i's points against j; games[i][j]: games between i and j
// (symmetric). Every engine must be connected to the others by games.
Ratings fit_ratings(const std::vector<std::vector<double>>& points,
                    const std::vector<std::vector<double>>& games, double prior_draws);

}  // namespace flank::referee
