// Every legal move's score over GTP (flank-analyze_all, flank-solve_all), the
// same as GoGui graphics (flank-analyze_gfx, flank-solve_gfx: the score
// written on each move's square), and gogui-analyze_commands listing them.
#include <sstream>

#include "engine/board/square.hpp"
#include "protocol/gtp_engine.hpp"
#include "protocol/move_scores.hpp"

namespace flank::gtp {
namespace {

std::string signed_score(int score) {
  std::string text = std::to_string(score);
  if (score > 0) text.insert(text.begin(), '+');
  return text;
}

// One line per move, best first: "d3 score 2 exact false depth 10 nodes N seconds T pv d3 c5".
std::string describe_all(const std::vector<MoveScore>& scores, Shape shape) {
  std::ostringstream out;
  for (const MoveScore& m : scores) {
    if (&m != &scores.front()) out << '\n';
    out << square_name(m.move, shape) << ' ' << score_fields(m, shape);
  }
  return out.str();
}

// GoGui gfx: each move's score as a label on its square, the best move(s)
// coloured, and a status line naming the best.
std::string describe_gfx(const std::vector<MoveScore>& scores, Shape shape) {
  const MoveScore& best = scores.front();
  std::string labels, best_squares;
  for (const MoveScore& m : scores) {
    if (m.move == kPass) continue;
    labels += ' ' + square_name(m.move, shape) + ' ' + signed_score(m.score);
    if (m.score == best.score) best_squares += ' ' + square_name(m.move, shape);
  }
  std::string out;
  if (!labels.empty()) out += "LABEL" + labels + "\nCOLOR green" + best_squares + '\n';
  out += "TEXT best " + square_name(best.move, shape) + ' ' + signed_score(best.score) +
         (best.exact ? " exact" : " depth " + std::to_string(best.depth));
  return out;
}

}  // namespace

std::vector<MoveScore> Engine::analysis_scores(bool exact) {
  const Position& p = analysable_position(exact);
  return score_each_move(searcher_, p, exact ? SearchLimits{} : limits_for(game_), exact);
}

std::string Engine::cmd_analyze_all(const Args& args) {
  expect_arg_count(args, 0, "flank-analyze_all");
  return describe_all(analysis_scores(false), game_.shape());
}

std::string Engine::cmd_solve_all(const Args& args) {
  expect_arg_count(args, 0, "flank-solve_all");
  return describe_all(analysis_scores(true), game_.shape());
}

std::string Engine::cmd_analyze_gfx(const Args& args) {
  expect_arg_count(args, 0, "flank-analyze_gfx");
  return describe_gfx(analysis_scores(false), game_.shape());
}

std::string Engine::cmd_solve_gfx(const Args& args) {
  expect_arg_count(args, 0, "flank-solve_gfx");
  return describe_gfx(analysis_scores(true), game_.shape());
}

std::string Engine::cmd_gogui_analyze_commands(const Args& args) {
  expect_arg_count(args, 0, "gogui-analyze_commands");
  return "gfx/Move scores/flank-analyze_gfx\n"
         "gfx/Exact move scores/flank-solve_gfx\n"
         "string/All moves/flank-analyze_all\n"
         "string/All moves, solved/flank-solve_all\n"
         "string/Best move/flank-analyze\n"
         "string/Best move, solved/flank-solve";
}

}  // namespace flank::gtp
