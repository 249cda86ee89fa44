#pragma once
// The GTP engine: the game being played, the computer player and the clocks,
// driven one command line at a time. A table maps command names to handlers;
// a handler either returns its reply text or throws gtp::Failure, and a
// handler that fails leaves the game exactly as it was.

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/book/opening_book.hpp"
#include "engine/eval/eval.hpp"
#include "engine/parallel/background_search.hpp"
#include "engine/parallel/parallel_search.hpp"
#include "engine/search/search.hpp"
#include "engine/search/time_control.hpp"
#include "protocol/arguments.hpp"
#include "protocol/level.hpp"
#include "protocol/move_scores.hpp"

namespace flank::gtp {

struct EngineOptions {
  Shape shape{};                 // board shape at start-up (8x8)
  int level = kDefaultLevel;     // 1..kMaxLevel caps depth and solve point; 0 (kLevelMax): none
  std::size_t hash_mb = 64;      // transposition table size
  int threads = 1;               // search threads (ParallelSearcher); 1 = deterministic
  double seconds_per_move = 0;   // fixed time per move (0: none); with a clock the smaller wins
  bool thread_cpu_time = false;  // SearchLimits::thread_cpu_time (fair matches under load)
  double randomness = 0;         // SearchLimits::randomness
  std::uint64_t seed = 0;        // SearchLimits::seed (varied per move)
  bool unicode = false;          // showboard with Unicode discs
  int max_solve_empties = 40;    // flank-solve refuses larger positions (it could run for ages)
  // The 8x8 evaluation; null means the shipped trained weights (other sizes always use the hand
  // one).
  std::shared_ptr<const Evaluator> evaluator;
  // 8x8 genmove plays from this book while the position is in it (null: no book),
  // picking among the book moves within book_randomness discs of the best.
  std::shared_ptr<const OpeningBook> book;
  double book_randomness = 0;
  std::uint64_t book_seed = 0;  // chooses among those moves (varied per move)
  // Multi-ProbCut statistics for the 8x8 midgame search (null: no Multi-ProbCut).
  std::shared_ptr<const mpc::Statistics> mpc;
  double mpc_confidence = 0;  // standard deviations a cut needs (0: the level's)
  // After each genmove, search the opponent's position until the next command
  // arrives (docs/search.md, "Pondering"): the table it fills speeds the next
  // move. Off by default: what a search finds then depends on timing.
  bool ponder = false;
};

class Engine {
 public:
  explicit Engine(const EngineOptions& options = {});

  // Handles one raw input line; returns the complete reply (ending in a blank
  // line), or an empty string for a line that gets no reply (empty, comment).
  // Pondering stops before the command is read.
  std::string handle_line(std::string_view line);
  // Reads commands until EOF or quit, writing and flushing each reply.
  void run(std::istream& in, std::ostream& out);

  bool quit_requested() const { return quit_; }
  const Game& game() const { return game_; }
  int level() const { return level_; }
  int threads() const { return searcher_.threads(); }
  // The engine's view of a side's clock: from time_left, less its own thinking since.
  const ClockState& clock(Color c) const { return clocks_[static_cast<int>(c)]; }
  // What each of a side's moves costs on the controller's clock beyond its thinking.
  double clock_overhead(Color c) const { return overhead_[static_cast<int>(c)]; }
  // The limits genmove would search `game`'s position with now (level, clocks,
  // --time), the time budget from the clock of `clock_side` (by default the side to move).
  SearchLimits limits_for(const Game& game, std::optional<Color> clock_side = std::nullopt) const;
  // Whether the last genmove started a ponder (options.ponder) that no command
  // has stopped yet; under a level's depth cap it may have finished on its own.
  bool pondering() const { return ponder_.running(); }
  std::vector<std::string> command_names() const;

 private:
  using Handler = std::string (Engine::*)(const Args&);
  struct Entry {
    const char* name;
    Handler handler;
  };
  static const std::vector<Entry>& table();

  // Administrative commands (gtp_engine.cpp).
  std::string cmd_protocol_version(const Args&);
  std::string cmd_name(const Args&);
  std::string cmd_version(const Args&);
  std::string cmd_known_command(const Args&);
  std::string cmd_list_commands(const Args&);
  std::string cmd_quit(const Args&);
  std::string cmd_list_games(const Args&);
  std::string cmd_set_game(const Args&);
  // The game (game_commands.cpp).
  std::string cmd_boardsize(const Args&);
  std::string cmd_clear_board(const Args&);
  std::string cmd_komi(const Args&);
  std::string cmd_play(const Args&);
  std::string cmd_genmove(const Args&);
  std::string cmd_reg_genmove(const Args&);
  std::string cmd_undo(const Args&);
  std::string cmd_showboard(const Args&);
  std::string cmd_final_score(const Args&);
  // Clocks (clock_commands.cpp).
  std::string cmd_time_settings(const Args&);
  std::string cmd_time_left(const Args&);
  std::string cmd_kgs_time_settings(const Args&);
  std::string cmd_cputime(const Args&);
  // GoGui rule commands (gogui_commands.cpp).
  std::string cmd_gogui_game_id(const Args&);
  std::string cmd_gogui_board_size(const Args&);
  std::string cmd_gogui_legal_moves(const Args&);
  std::string cmd_gogui_side_to_move(const Args&);
  std::string cmd_gogui_board(const Args&);
  std::string cmd_gogui_final_result(const Args&);
  // flank- extensions (flank_commands.cpp).
  std::string cmd_setboard(const Args&);
  std::string cmd_getboard(const Args&);
  std::string cmd_flank_boardsize(const Args&);
  std::string cmd_play_sequence(const Args&);
  std::string cmd_legal_moves(const Args&);
  std::string cmd_history(const Args&);
  std::string cmd_level(const Args&);
  std::string cmd_threads(const Args&);
  std::string cmd_analyze(const Args&);
  std::string cmd_solve(const Args&);
  std::string cmd_book(const Args&);
  // Every move's score, and GoGui's analyze commands (analysis_commands.cpp).
  std::string cmd_analyze_all(const Args&);
  std::string cmd_solve_all(const Args&);
  std::string cmd_analyze_gfx(const Args&);
  std::string cmd_solve_gfx(const Args&);
  std::string cmd_gogui_analyze_commands(const Args&);
  std::vector<MoveScore> analysis_scores(bool exact);

  void new_game(const Game& game);
  // Makes `game`, which extends game_ by some moves, the current game. With
  // mark_passes, every added move before the last is a pass flank recorded on
  // its own (a controller sent the other colour's move), which undo takes back
  // together with the move after it.
  void adopt(Game game, bool mark_passes);
  // A copy of the game ready for `mover`: with a pass recorded when the other
  // side is on move but has no move. Throws when `mover` may not move now.
  Game game_for_mover(Color mover) const;
  // Chooses the move for the side on move in `game` (kPass when it has none)
  // and charges the thinking time to that side's clock.
  Square choose_move(const Game& game);
  // The book's choice for the side on move in `game`, if the position is in the book.
  std::optional<BookMove> book_move(const Game& game) const;
  // The current position, once checked for analysis: the game is not over and,
  // when it is to be solved, it has at most max_solve_empties empties.
  const Position& analysable_position(bool solve) const;
  void charge_clock(Color mover, double seconds);
  // With options.ponder, starts searching the current position (the opponent
  // to move) in the background, with the solve point of flank's next move.
  void start_pondering();
  // Sets the clock system and puts both clocks at its start.
  void start_clocks(const TimeSettings& settings, bool japanese_periods);

  EngineOptions options_;
  Game game_;
  std::vector<bool> implicit_pass_;  // per move of game_: a pass flank recorded itself
  int level_;
  TimeSettings time_settings_;
  // kgs-time_settings byoyomi: time_left's stones count periods of one move.
  bool japanese_periods_ = false;
  ClockState clocks_[2];
  // Per side: the clock as charged after its last genmove, until the next
  // time_left shows what the controller charged, and the overhead per move
  // measured from the difference (clock_commands.cpp).
  std::optional<ClockState> charged_[2];
  double overhead_[2] = {0, 0};
  ParallelSearcher searcher_;
  // Declared after searcher_, so destroyed (stopped) before it.
  BackgroundSearch ponder_;
  bool quit_ = false;
};

}  // namespace flank::gtp
