#pragma once
// The sequential probability ratio test of a two-engine match: H0 "A is
// ELO0 stronger than B" against H1 "A is ELO1 stronger" (logistic Elo, the
// scale of the match table), stopped when the log-likelihood ratio leaves
// [log(beta / (1 - alpha)), log((1 - beta) / alpha)].
//
// The LLR is the generalised one of the multinomial model of the outcomes
// (M. Van den Bergh, "Comments on Normalized Elo", as Fishtest computes it):
// with p the observed frequencies of the outcome scores x_i, the
// distribution of largest likelihood whose mean is s is
// q_i = p_i / (1 + lambda (x_i - s)), lambda solving sum p_i (x_i - s) / (1 + lambda (x_i - s)) =
// 0, and LLR = N sum p_i log(q1_i / q0_i) for the score s0, s1 of ELO0, ELO1. With colours
// alternating the outcomes are game pairs (the same opening with each colour: 0, 1/2, 1, 3/2 or 2
// points for A, the pentanomial model, whose x_i are those points / 2); otherwise single games (0,
// 1/2, 1).

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace flank::referee {

struct SprtBounds {
  double elo0 = 0, elo1 = 5;
  double alpha = 0.05, beta = 0.05;
  double lower() const;  // log(beta / (1 - alpha))
  double upper() const;  // log((1 - beta) / alpha)
};

// "ELO0,ELO1[,ALPHA,BETA]"; throws std::invalid_argument saying what is wrong.
SprtBounds parse_sprt(const std::string& text);

// Generalised LLR of outcome counts at the scores values[i] (in [0, 1]) for
// H1: mean score s1 against H0: mean score s0. An outcome never seen counts
// as 0.001 (as Fishtest does), so a run of one outcome has a finite LLR.
double generalised_llr(const std::vector<double>& counts, const std::vector<double>& values,
                       double s0, double s1);

// The expected score of an Elo difference (logistic): 1 / (1 + 10^(-elo/400)).
double score_from_elo(double elo);

class Sprt {
 public:
  // paired: outcomes are game pairs (pentanomial), else single games.
  Sprt(const SprtBounds& bounds, bool paired);

  // Adds A's points of one outcome (a pair: 0..2 in halves; a game: 0..1).
  void add(double points_of_a);
  double llr() const;
  // +1 H1 accepted, -1 H0 accepted, 0 not yet.
  int decision() const;
  int outcomes() const;
  const SprtBounds& bounds() const { return bounds_; }
  bool paired() const { return paired_; }
  // "LLR +1.23 (-2.94, +2.94)".
  std::string status() const;

 private:
  SprtBounds bounds_;
  bool paired_;
  std::vector<double> counts_;
};

}  // namespace flank::referee
