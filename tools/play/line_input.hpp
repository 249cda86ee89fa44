#pragma once
// Reading what the player typed: one line at a time, from a terminal or a pipe.

#include <istream>
#include <optional>
#include <string>
#include <string_view>

namespace flank::terminal_play {

// The next line without surrounding spaces (and without a '\r' from files
// written on Windows); nullopt at the end of input.
std::optional<std::string> read_line(std::istream& in);

std::string trim(std::string_view text);
std::string to_lower(std::string_view text);

}  // namespace flank::terminal_play
