#pragma once
// One run of the program: where input comes from, where output goes, the
// current settings and the last game. Every screen (menu, options, a game)
// works on a Session so tests can drive it with string streams.

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "engine/board/game.hpp"
#include "tools/play/settings.hpp"

namespace flank::terminal_play {

class LineEditor;

struct Session {
  std::istream& in;
  std::ostream& out;
  PlaySettings settings;
  // Repeat each answer after its prompt, so a transcript of piped input reads
  // like a terminal session (a terminal echoes typed lines by itself).
  bool echo_input = false;
  // Input comes from a terminal: the end of input (Ctrl-D) only leaves the
  // current screen, and keys typed while the computer thinks can stop it.
  bool terminal_input = false;
  // Output goes to a terminal: a "thinking..." line can be drawn and erased.
  bool terminal_output = false;
  // Ctrl-C during a computer's move stops the game instead of the program
  // (only the real program sets this: it installs a signal handler).
  bool catch_interrupt = false;
  // Reads the answers with line editing and history (a terminal only).
  LineEditor* editor = nullptr;
  // The last game (stopped, left, finished or loaded): Continue and Save use it.
  std::optional<Game> game{};
  std::string last_file{};  // the game file saved or loaded last: the next default
};

// Writes the prompt, flushes, reads one trimmed line; nullopt at end of input.
std::optional<std::string> ask(Session& s, std::string_view prompt);

// True when no more input can come (a pipe or file at its end). A terminal's
// Ctrl-D is not the end: the next prompt reads again.
bool input_ended(const Session& s);

// "q" or "quit" in any case: the word that leaves every menu and question.
bool is_quit_word(std::string_view answer);

}  // namespace flank::terminal_play
