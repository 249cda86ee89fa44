#include "tools/referee/match_stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace flank::referee {

double elo_from_score(double p) {
  if (p <= 0) return -std::numeric_limits<double>::infinity();
  if (p >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / p - 1.0);
}

EloEstimate elo_estimate(int wins, int draws, int losses) {
  const double n = wins + draws + losses;
  if (n <= 0) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return {nan, nan, nan};
  }
  const double p = (wins + 0.5 * draws) / n;
  const double variance =
      (wins * (1 - p) * (1 - p) + draws * (0.5 - p) * (0.5 - p) + losses * p * p) / n;
  constexpr double z = 1.959964;
  if (variance > 0) {
    const double margin = z * std::sqrt(variance / n);
    return {elo_from_score(p), elo_from_score(std::max(0.0, p - margin)),
            elo_from_score(std::min(1.0, p + margin))};
  }
  // All wins, all losses or all draws: the normal interval has no width, so
  // use the Wilson score interval, which stays honest for few games.
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  // At p = 0 or 1 one end is exactly 0 or 1; rounding must not make it finite.
  return {elo_from_score(p), p == 0 ? elo_from_score(0) : elo_from_score(centre - half),
          p == 1 ? elo_from_score(1) : elo_from_score(centre + half)};
}

std::string format_elo(double elo) {
  if (std::isnan(elo)) return "n/a";
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f", elo == 0 ? 0.0 : elo);  // never "-0.0"
  return buf;
}

void MatchTally::add(const GameRecord& game, bool a_is_black) {
  EngineTally& black = a_is_black ? a_ : b_;
  EngineTally& white = a_is_black ? b_ : a_;
  const int outcome = game.outcome();
  if (outcome > 0) {
    ++black.wins;
    ++white.losses;
  } else if (outcome < 0) {
    ++white.wins;
    ++black.losses;
  } else {
    ++black.draws;
    ++white.draws;
  }
  if (game.forfeited_by) ++(*game.forfeited_by == Color::Black ? black : white).forfeit_losses;
  black.disc_sum += game.score;
  white.disc_sum -= game.score;
  black.seconds += game.seconds[0];
  white.seconds += game.seconds[1];
  black.moves += game.moves_chosen[0];
  white.moves += game.moves_chosen[1];
}

std::string MatchTally::table(const std::string& name_a, const std::string& name_b) const {
  const size_t width = std::max<size_t>({name_a.size(), name_b.size(), 6});
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "%-*s %5s %5s %5s %6s %7s %7s %9s %8s %9s %8s\n",
                static_cast<int>(width), "engine", "games", "wins", "draws", "losses", "points",
                "points%", "mean-disc", "forfeits", "time(s)", "s/move");
  out += line;
  for (const auto& [name, t] : {std::pair{&name_a, &a_}, std::pair{&name_b, &b_}}) {
    const double n = std::max(1, t->games());
    std::snprintf(line, sizeof line, "%-*s %5d %5d %5d %6d %7.1f %6.1f%% %+9.2f %8d %9.2f %8.3f\n",
                  static_cast<int>(width), name->c_str(), t->games(), t->wins, t->draws, t->losses,
                  t->points(), 100.0 * t->points() / n, t->disc_sum / n, t->forfeit_losses,
                  t->seconds, t->seconds / std::max(1, t->moves));
    out += line;
  }
  const EloEstimate e = elo_estimate(a_.wins, a_.draws, a_.losses);
  out += "Elo difference " + name_a + " - " + name_b + ": " + format_elo(e.elo) +
         " (95% interval " + format_elo(e.low) + " to " + format_elo(e.high) + ")\n";
  return out;
}

}  // namespace flank::referee
