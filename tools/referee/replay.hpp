#pragma once
// --replay: reads a GGF records file back and re-validates every game with
// the rules (legal moves, right side to move, result matching the board).

#include <istream>
#include <ostream>

namespace flank::referee {

// Prints one line per invalid game and a summary; returns 0 when every game
// is valid, 1 otherwise (also for a file without games).
int replay_records(std::istream& in, const std::string& name, std::ostream& out);

}  // namespace flank::referee
