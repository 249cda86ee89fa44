#pragma once
// Plays one game between two GTP engines. The referee keeps its own board,
// checks every move with the rules library, runs both clocks, and ends the
// game with a forfeit when an engine breaks the rules or the protocol.

#include <memory>
#include <string>
#include <vector>

#include "tools/referee/engine_client.hpp"
#include "tools/referee/game_record.hpp"
#include "tools/referee/gtp_client.hpp"
#include "tools/referee/player_clock.hpp"

namespace flank::referee {

// One engine program and its running process, kept from game to game.
struct EngineSlot {
  EngineSpec spec;                       // program, arguments, protocol, folder
  std::string name;                      // for tables and records
  std::string stderr_log;                // "" = engine stderr discarded
  std::unique_ptr<EngineClient> client;  // null until started
  // Learnt from the engine: false once it refused "play C pass", after which
  // the referee lets it infer passes (gtp-rhino works this way).
  bool takes_explicit_pass = true;
  // False once it refused a clock command with fractional seconds.
  bool takes_decimal_times = true;
  // Set when the engine misbehaved; the match starts a fresh process.
  bool needs_restart = false;
};

struct GameSetup {
  int number = 1;
  Shape shape{};
  std::string opening;                // text as given, for the record
  std::vector<Square> opening_moves;  // validated, passes included
  TimeControl time_control;
  double hard_timeout = 60;  // seconds any single command may take
  double grace = 0.1;        // seconds allowed past the clock in all (pipe latency)
};

// players[0] plays black, players[1] white. Starts engines that are not
// running. Never throws for engine misbehaviour: it is recorded as a forfeit.
GameRecord play_game(const GameSetup& setup, EngineSlot& black, EngineSlot& white);

// Before the match: starts the engine once and checks that it can play it
// (answers; accepts boardsize and clear_board, and time_settings and time_left
// in whole seconds when a clock is set). Returns its GTP name (the program's
// file name when it refuses `name`). Throws std::runtime_error naming the
// engine and the problem, with the last lines of its stderr when it wrote
// any; that stderr is also appended to `engine_log` when one is given.
std::string check_engine(const EngineSpec& engine, const GameSetup& setup,
                         const std::string& engine_log);

// Parses a final_score reply ("B+12", "W+3.5", "0") into black minus white.
// Returns false when the text is not a score.
bool parse_final_score(const std::string& text, double& black_minus_white);

}  // namespace flank::referee
