#pragma once
// Opening lists for matches and self-play: one move sequence per line
// ("f5d6c4d3", "f5 d6 c4", see Game::play_sequence), each checked with the
// rules. The XOT list (data/xot-openings.txt) is built into the programs.

#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/square.hpp"

namespace flank {

struct Opening {
  std::string text;           // the line as written
  std::vector<Square> moves;  // with forced passes filled in
};

// The names load_openings() gives the built-in list and the empty one.
inline constexpr std::string_view kBuiltinOpenings = "xot";
inline constexpr std::string_view kNoOpenings = "none";

// data/xot-openings.txt as built in (cmake/EmbedFile.cmake).
std::string_view builtin_xot_text();

// Blank lines and lines starting with '#' are skipped. Throws
// std::invalid_argument "line N: problem" for an unreadable or illegal line,
// or one that ends the game.
std::vector<Opening> read_openings(std::istream& in, Shape shape);

// The list `source` names: "xot" the built-in XOT list, "none" no openings
// (an empty list), anything else a file. Throws std::runtime_error with one
// line naming the source when it cannot be read, has a bad line or is empty.
std::vector<Opening> load_openings(const std::string& source, Shape shape);

}  // namespace flank
