#pragma once
// Match statistics for the two engines A (given as --black) and B (--white):
// wins, draws, losses, points, mean disc difference, time, and the Elo
// difference with a 95% confidence interval.

#include <string>

#include "tools/referee/game_record.hpp"

namespace flank::referee {

struct EngineTally {
  int wins = 0, draws = 0, losses = 0;
  int forfeit_losses = 0;
  double disc_sum = 0;  // own discs minus the opponent's, summed over games
  double seconds = 0;   // thinking time used
  int moves = 0;        // moves chosen by this engine (opening moves excluded)
  int games() const { return wins + draws + losses; }
  double points() const { return wins + 0.5 * draws; }
};

// Elo difference from the logistic model, p = (W + D/2) / N. The interval
// uses the normal approximation of the mean game score, or the Wilson score
// interval when every game ended the same way. All NaN when no game was played.
struct EloEstimate {
  double elo = 0;
  double low = 0;
  double high = 0;
};
EloEstimate elo_estimate(int wins, int draws, int losses);
// Elo difference for a score fraction p in [0, 1] (+-infinity at the ends).
double elo_from_score(double p);

class MatchTally {
 public:
  // a_is_black: engine A played black in this game.
  void add(const GameRecord& game, bool a_is_black);
  const EngineTally& a() const { return a_; }
  const EngineTally& b() const { return b_; }
  int games() const { return a_.games(); }

  // The final table with both engines' lines and A's Elo difference over B.
  std::string table(const std::string& name_a, const std::string& name_b) const;

 private:
  EngineTally a_, b_;
};

// "+12.3", "-inf", "+inf".
std::string format_elo(double elo);

}  // namespace flank::referee
