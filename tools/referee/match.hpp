#pragma once
// A match: N games between engine A (--black) and engine B (--white) on
// `jobs` worker threads, each worker with its own pair of engine processes.
// Before the first game both engines are checked (check_engine). Prints a
// progress line per game and the final table; writes GGF records and CSV
// results in game order, each line flushed as soon as the games before it
// are written, so an interrupted match can be resumed from its records.

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/board/shape.hpp"
#include "tools/referee/engine_client.hpp"
#include "tools/referee/engines_file.hpp"
#include "tools/referee/openings.hpp"
#include "tools/referee/player_clock.hpp"
#include "tools/referee/sprt.hpp"

namespace flank::referee {

struct MatchConfig {
  EngineSpec engine_a, engine_b;  // A starts as black
  std::string name_a, name_b;     // "" = ask the engine (GTP name, NBoard myname)
  int games = 2;
  int jobs = 1;
  Shape shape{};
  std::vector<Opening> openings;  // empty = the standard start position
  bool alternate = false;         // swap colours every other game
  bool random_openings = false;
  std::uint64_t seed = 0;
  TimeControl time_control;
  double hard_timeout = 60;
  double grace = 0.1;
  std::string records_path;   // GGF, "" = none
  std::string csv_path;       // "" = none
  std::string engine_log;     // engines' stderr, "" = discarded
  int shard = 1, shards = 1;  // play only shard K of N (shard_games)
  // Continue the match whose records are in records_path: its finished games
  // count, the others are played and appended.
  bool resume = false;
  std::string note;  // said on `err` once the engines have passed their check
  // Stop as soon as the SPRT of A against B accepts either hypothesis
  // (games then in play still finish); `games` is the most it may take.
  std::optional<SprtBounds> sprt;
  // A tournament (--engines): the engines with their names and the pairings
  // (indices into them; the first is black in the pairing's first game). Each
  // pairing plays `games` games from the same openings, game numbers running
  // on from one pairing to the next. Empty: engine_a against engine_b.
  std::vector<NamedEngine> tournament;
  std::vector<std::pair<int, int>> pairings;
};

// Runs the match; returns the process exit code (0 when every game was
// played, 2 when an engine cannot even be started or a file cannot be written).
int run_match(const MatchConfig& config, std::ostream& out, std::ostream& err);

}  // namespace flank::referee
