#pragma once
// The results file for scripts: a header line, then one CSV line per game
// (RFC 4180 quoting).

#include <string>

#include "tools/referee/game_record.hpp"

namespace flank::referee {

std::string csv_header();
std::string csv_line(const GameRecord& game);
// Quotes a field when it holds a comma, quote or line break.
std::string csv_field(const std::string& text);

}  // namespace flank::referee
