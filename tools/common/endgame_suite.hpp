#pragma once
// Reads an endgame test-suite file (see tools/common/endgame_case.hpp); lines
// starting with '#' and blank lines are skipped.

#include <string>
#include <vector>

#include "tools/common/endgame_case.hpp"

namespace flank {

// Throws std::invalid_argument naming the file (and line) on any error.
std::vector<EndgameCase> read_endgame_suite(const std::string& path);

}  // namespace flank
