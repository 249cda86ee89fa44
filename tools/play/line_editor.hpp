#pragma once
// Line editing and history for answers typed on a terminal, with libedit
// (BSD licence): arrow keys move in the line and through earlier answers
// instead of showing escape codes. Used only when standard input and output
// are terminals; piped input is read as plain lines.

#include <optional>
#include <string>
#include <string_view>

struct editline;
struct history;

namespace flank::terminal_play {

class LineEditor {
 public:
  explicit LineEditor(const char* program);
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  // Shows the prompt and reads a line (trimmed); non-empty lines go into the
  // history. nullopt at Ctrl-D on an empty line (or when the terminal is gone).
  std::optional<std::string> read(std::string_view prompt);

 private:
  static char* prompt_of(editline* el);

  editline* el_;
  history* history_;
  std::string prompt_;
};

}  // namespace flank::terminal_play
