#include "tools/play/session.hpp"

#include "tools/play/line_input.hpp"

namespace flank::terminal_play {

std::optional<std::string> ask(Session& s, std::string_view prompt) {
  s.out << prompt << std::flush;
  auto line = read_line(s.in);
  if (line && s.echo_input) s.out << *line << "\n";
  return line;
}

}  // namespace flank::terminal_play
