#include "tools/play/terminal.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string_view>

namespace flank::terminal_play {

bool stdout_wants_colour() {
  if (!isatty(STDOUT_FILENO)) return false;
  if (const char* no_colour = std::getenv("NO_COLOR"); no_colour && *no_colour) return false;
  const char* term = std::getenv("TERM");
  return !(term && std::string_view(term) == "dumb");
}

bool stdin_is_terminal() { return isatty(STDIN_FILENO) != 0; }

}  // namespace flank::terminal_play
