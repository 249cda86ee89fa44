#include "tools/play/session.hpp"

#include "tools/play/line_editor.hpp"
#include "tools/play/line_input.hpp"
#include "tools/play/terminal.hpp"

namespace flank::terminal_play {

std::optional<std::string> ask(Session& s, std::string_view prompt) {
  s.out.flush();
  if (s.editor) return s.editor->read(prompt);
  s.out << prompt << std::flush;
  auto line = read_line(s.in);
  if (!line && s.terminal_input) {
    s.out << "\n";
    s.in.clear();  // Ctrl-D on a terminal: the next question reads again
    forget_end_of_input();
  }
  if (line && s.echo_input) s.out << *line << "\n";
  return line;
}

bool input_ended(const Session& s) { return !s.terminal_input && !s.in; }

bool is_quit_word(std::string_view answer) {
  const std::string word = to_lower(trim(answer));
  return word == "q" || word == "quit";
}

}  // namespace flank::terminal_play
