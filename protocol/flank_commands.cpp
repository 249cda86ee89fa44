// The flank- extensions: positions from text, move lists, level, analysis.

#include "engine/board/square.hpp"
#include "protocol/gtp_engine.hpp"
#include "protocol/move_scores.hpp"

namespace flank::gtp {
namespace {

std::string describe(const SearchResult& r, Shape shape) {
  const MoveScore m{r.move, r.score, r.exact, r.depth, r.nodes, r.seconds, r.pv};
  return "move " + square_name(r.move, shape) + ' ' + score_fields(m, shape);
}

}  // namespace

std::string Engine::cmd_setboard(const Args& args) {
  expect_arg_count(args, 2, 100000, "flank-setboard CELLS... SIDE_TO_MOVE");
  new_game(Game(Position::parse(join(args))));  // parse throws before anything changes
  return {};
}

std::string Engine::cmd_getboard(const Args& args) {
  expect_arg_count(args, 0, "flank-getboard");
  return game_.position().to_string();
}

std::string Engine::cmd_flank_boardsize(const Args& args) {
  expect_arg_count(args, 0, "flank-boardsize");
  return std::to_string(game_.shape().cols) + ' ' + std::to_string(game_.shape().rows);
}

std::string Engine::cmd_play_sequence(const Args& args) {
  expect_arg_count(args, 1, 100000, "flank-play_sequence MOVES");
  Game game = game_;
  game.play_sequence(join(args));  // all or nothing
  adopt(std::move(game), false);
  return {};
}

std::string Engine::cmd_legal_moves(const Args& args) {
  expect_arg_count(args, 0, "flank-legal_moves");
  const Position& p = game_.position();
  if (p.is_game_over()) return {};
  if (!p.has_legal_move()) return "pass";
  return join_squares(p.legal_moves(), p.shape(), " ");
}

std::string Engine::cmd_history(const Args& args) {
  expect_arg_count(args, 0, "flank-history");
  return join_squares(game_.moves(), game_.shape(), " ");
}

std::string Engine::cmd_level(const Args& args) {
  expect_arg_count(args, 0, 1, "flank-level [LEVEL]");
  if (args.empty()) return level_name(level_);
  const auto level = parse_level(args[0]);
  if (!level) throw Failure("the level must be " + level_choices() + ", not '" + args[0] + "'");
  level_ = *level;
  return {};
}

std::string Engine::cmd_threads(const Args& args) {
  expect_arg_count(args, 0, 1, "flank-threads [N]");
  if (args.empty()) return std::to_string(searcher_.threads());
  const int threads = parse_int(args[0], "the number of threads");
  if (threads < 1 || threads > kMaxSearchThreads)
    throw Failure("the number of threads must be 1.." + std::to_string(kMaxSearchThreads) +
                  ", not " + args[0]);
  searcher_.set_threads(threads);
  return {};
}

std::string Engine::cmd_analyze(const Args& args) {
  expect_arg_count(args, 0, "flank-analyze");
  const Position& p = analysable_position(false);
  if (const auto from_book = book_move(game_))
    return "move " + square_name(from_book->move, p.shape()) + " score " +
           std::to_string(from_book->value) + " book games " + std::to_string(from_book->games);
  return describe(searcher_.search(p, limits_for(game_)), p.shape());
}

std::string Engine::cmd_solve(const Args& args) {
  expect_arg_count(args, 0, "flank-solve");
  const Position& p = analysable_position(true);
  return describe(searcher_.solve(p), p.shape());
}

const Position& Engine::analysable_position(bool solve) const {
  const Position& p = game_.position();
  if (p.is_game_over()) throw Failure("the game is over");
  if (solve && p.empties() > options_.max_solve_empties)
    throw Failure("too many empty squares to solve (" + std::to_string(p.empties()) + "; at most " +
                  std::to_string(options_.max_solve_empties) + ")");
  return p;
}

}  // namespace flank::gtp
