#pragma once
// Opening lines for a match: one move sequence per line ("f5d6c4d3", see
// parse_square_list), each checked with the rules before the match starts.

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "engine/color.hpp"

namespace flank::referee {

struct Opening {
  std::string text;           // the line as written
  std::vector<Square> moves;  // with forced passes filled in
};

// Blank lines and lines starting with '#' are skipped. Throws
// std::invalid_argument "LINE: problem" for an unreadable or illegal line.
std::vector<Opening> read_openings(std::istream& in, int size);

// The opening index for each game. With alternate, games 2k and 2k+1 share an
// opening (colours swapped by the caller). In order from the first line, or
// shuffled by `seed` when random is set; wraps around when games outnumber
// openings.
std::vector<int> opening_schedule(int games, int openings, bool alternate, bool random,
                                  std::uint64_t seed);

}  // namespace flank::referee
