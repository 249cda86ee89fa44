// The standard GTP game commands: board size, moves, undo, scoring.
#include <algorithm>
#include <chrono>

#include "engine/board/square.hpp"
#include "protocol/gtp_engine.hpp"
#include "protocol/showboard.hpp"

namespace flank::gtp {
namespace {

std::string score_text(int black_minus_white) {
  if (black_minus_white > 0) return "B+" + std::to_string(black_minus_white);
  if (black_minus_white < 0) return "W+" + std::to_string(-black_minus_white);
  return "0";
}

}  // namespace

void Engine::new_game(const Game& game) {
  game_ = game;
  implicit_pass_.clear();
  searcher_.clear();
}

void Engine::adopt(Game game, bool mark_passes) {
  for (size_t i = game_.moves().size(); i < game.moves().size(); ++i)
    implicit_pass_.push_back(mark_passes && i + 1 < game.moves().size() &&
                             game.moves()[i] == kPass);
  game_ = std::move(game);
}

Game Engine::game_for_mover(Color mover) const {
  Game game = game_;
  const Position& p = game.position();
  if (p.is_game_over()) throw Failure("illegal move: the game is over");
  if (p.to_move() != mover) {
    if (p.has_legal_move())
      throw Failure("illegal move: it is " + color_name(p.to_move()) + "'s turn");
    game.play(kPass);  // the side on move has no move: record its pass first
  }
  return game;
}

SearchLimits Engine::limits_for(const Game& game, std::optional<Color> clock_side) const {
  const Position& p = game.position();
  const int side = static_cast<int>(clock_side.value_or(p.to_move()));
  // The time budget: the clock's share for this move and --time, the smaller if both.
  double budget = options_.seconds_per_move;
  bool use_or_lose = budget > 0;  // --time: the move's time is its own
  if (time_settings_.limited()) {
    const ClockState& clock = clocks_[side];
    const double clock_budget = move_budget(time_settings_, clock, p.empties(), overhead_[side]);
    if (budget <= 0 || clock_budget < budget) {
      budget = clock_budget;
      use_or_lose = budget_is_use_or_lose(time_settings_, clock);
    }
  }
  // The level caps the depth and the solve point, the budget the time.
  SearchLimits limits = move_limits(level_, budget, p);
  // Time this move does not spend is lost (--time, or a byo-yomi period's
  // last stone), not saved for later moves: spend it.
  limits.fixed_time = use_or_lose;
  limits.randomness = options_.randomness;
  limits.seed = options_.seed + game.moves().size();
  limits.thread_cpu_time = options_.thread_cpu_time;
  set_mpc(limits, options_.mpc, level_, options_.mpc_confidence);
  return limits;
}

Square Engine::choose_move(const Game& game) {
  const Position& p = game.position();
  if (!p.has_legal_move()) return kPass;
  if (const auto from_book = book_move(game)) return from_book->move;
  return searcher_.search(p, limits_for(game)).move;
}

namespace {

// parse_int, except that a whole number too large for it is a size flank does
// not take (GTP's "unacceptable size"), not a syntax error.
int parse_size(std::string_view text, std::string_view what) {
  try {
    return parse_int(text, what);
  } catch (const Failure&) {
    const size_t digits = !text.empty() && (text[0] == '+' || text[0] == '-') ? 1 : 0;
    if (text.size() > digits && text.find_first_not_of("0123456789", digits) == text.npos)
      throw Failure("unacceptable size");
    throw;
  }
}

}  // namespace

std::string Engine::cmd_boardsize(const Args& args) {
  expect_arg_count(args, 1, 2, "boardsize SIZE or boardsize COLS ROWS");
  const int cols = parse_size(args[0], "the board size");
  const int rows = args.size() == 2 ? parse_size(args[1], "the number of rows") : cols;
  if (!is_valid_shape(Shape{cols, rows})) throw Failure("unacceptable size");
  new_game(Game(Shape{cols, rows}));
  return {};
}

std::string Engine::cmd_clear_board(const Args& args) {
  expect_arg_count(args, 0, "clear_board");
  new_game(Game(game_.shape()));
  return {};
}

std::string Engine::cmd_komi(const Args& args) {
  expect_arg_count(args, 1, "komi NUMBER");
  parse_number(args[0], "komi");  // accepted and ignored: Othello has no komi
  return {};
}

std::string Engine::cmd_play(const Args& args) {
  expect_arg_count(args, 2, "play COLOR VERTEX");
  const Color mover = parse_color_arg(args[0]);
  const Square move = parse_vertex(args[1], game_.shape());
  Game game = game_for_mover(mover);
  game.play(move);  // throws "illegal move: ..." with the reason
  adopt(std::move(game), true);
  return {};
}

std::string Engine::cmd_genmove(const Args& args) {
  expect_arg_count(args, 1, "genmove COLOR");
  const Color mover = parse_color_arg(args[0]);
  if (game_.position().is_game_over()) return "pass";
  Game game = game_for_mover(mover);
  const auto start = std::chrono::steady_clock::now();
  const Square move = choose_move(game);
  game.play(move);
  charge_clock(mover,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  adopt(std::move(game), true);
  std::string name = square_name(move, game_.shape());
  start_pondering();
  return name;
}

void Engine::start_pondering() {
  const Position& p = game_.position();
  if (!options_.ponder || p.is_game_over()) return;
  // The limits of flank's next move, one ply on, from its own clock: that
  // budget sets the solve point, so near the end a ponder solves exactly and
  // the move finds the result in the table. No deadline: the next command
  // stops it.
  SearchLimits limits = limits_for(game_, opponent(p.to_move()));
  if (limits.exact_empties < 0) limits.exact_empties = automatic_exact_empties(limits);
  limits.seconds = 0;
  limits.fixed_time = false;
  limits.randomness = 0;
  ponder_.start(searcher_, p, limits);
}

std::string Engine::cmd_reg_genmove(const Args& args) {
  expect_arg_count(args, 1, "reg_genmove COLOR");
  const Color mover = parse_color_arg(args[0]);
  if (game_.position().is_game_over()) return "pass";
  return square_name(choose_move(game_for_mover(mover)), game_.shape());
}

std::string Engine::cmd_undo(const Args& args) {
  expect_arg_count(args, 0, "undo");
  if (!game_.undo()) throw Failure("cannot undo");
  implicit_pass_.pop_back();
  // The next time_left no longer follows the move charged: nothing to compare.
  charged_[0] = charged_[1] = std::nullopt;
  // A controller that never sends passes undoes its own moves only.
  while (!implicit_pass_.empty() && implicit_pass_.back()) {
    game_.undo();
    implicit_pass_.pop_back();
  }
  return {};
}

std::string Engine::cmd_showboard(const Args& args) {
  expect_arg_count(args, 0, "showboard");
  std::string board(1, '\n');  // a multi-line reply starts on the line after "="
  board += render_board(game_, options_.unicode ? DiscStyle::Unicode : DiscStyle::Ascii);
  return board;
}

std::string Engine::cmd_final_score(const Args& args) {
  expect_arg_count(args, 0, "final_score");
  const Position& p = game_.position();
  if (!p.is_game_over()) throw Failure("cannot score");
  return score_text(p.score());
}

std::string Engine::cmd_gogui_final_result(const Args& args) {
  expect_arg_count(args, 0, "gogui-rules_final_result");
  const Position& p = game_.position();
  if (!p.is_game_over()) return "unknown";
  return p.score() > 0 ? "black" : p.score() < 0 ? "white" : "draw";
}

}  // namespace flank::gtp
