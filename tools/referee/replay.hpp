#pragma once
// Reading GGF records back: --replay re-validates every game with the rules
// (legal moves, right side to move, result matching the board), --merge does
// the same over the records of several shards of one match and prints the
// combined table, and --resume (match.cpp) learns which games are done.

#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "tools/referee/game_record.hpp"
#include "tools/referee/ggf.hpp"

namespace flank::referee {

// One line of a records file, parsed and checked.
struct RecordLine {
  int line = 0;           // 1-based line number in its file
  GgfGame game;           // valid only when problem is empty
  std::string problem;    // "" for a valid game
  bool finished = false;  // a result other than RE[?]
  int number = 0;         // GN, the game's number in its match (0 when absent)
};

// Every non-blank line of `in`.
std::vector<RecordLine> read_records(std::istream& in);

// What the match table needs from a valid record: names, score, forfeit, times.
GameRecord summary_of(const GgfGame& game);

struct RecordsFile {
  std::string name;
  std::istream* in;
};

// Prints one line per invalid game and a summary per file, then for two
// players the match table. With merge, each game must carry a game number (GN)
// that no other game has; the table is over all files, in game order, and
// gaps in the numbers are listed. Returns 0 when every game is valid, 1
// otherwise (also when there is no game).
int replay_records(const std::vector<RecordsFile>& files, bool merge, std::ostream& out);
int replay_records(std::istream& in, const std::string& name, std::ostream& out);

}  // namespace flank::referee
