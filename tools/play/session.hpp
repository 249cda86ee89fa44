#pragma once
// One run of the program: where input comes from, where output goes, and the
// current settings. Every screen (menu, options, a game) works on a Session so
// tests can drive it with string streams.

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "tools/play/settings.hpp"

namespace flank::terminal_play {

struct Session {
  std::istream& in;
  std::ostream& out;
  PlaySettings settings;
  // Repeat each answer after its prompt, so a transcript of piped input reads
  // like a terminal session (a terminal echoes typed lines by itself).
  bool echo_input = false;
};

// Writes the prompt, flushes, reads one trimmed line; nullopt at end of input.
std::optional<std::string> ask(Session& s, std::string_view prompt);

}  // namespace flank::terminal_play
