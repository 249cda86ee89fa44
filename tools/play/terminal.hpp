#pragma once
// What the program's standard streams are (terminals or not), and watching
// for "stop" while the computer plays: Ctrl-C, or a key on a terminal.

#include <cstddef>

namespace flank::terminal_play {

// True when stdout is a terminal, NO_COLOR is unset and TERM is not "dumb".
bool stdout_wants_colour();
// True when standard input is a terminal (which echoes what is typed).
bool stdin_is_terminal();
bool stdout_is_terminal();
// Lines of the terminal on stdout (24 when it cannot be asked).
size_t terminal_rows();
// Clears stdin's end-of-file mark after Ctrl-D on a terminal, so reading goes on.
void forget_end_of_input();

// While one exists: Ctrl-C (when catch_interrupt) sets a flag instead of
// ending the program, and on a terminal (watch_keys) keys are taken one at a
// time without echo. Destroying it restores the terminal and the Ctrl-C
// handler and drops whatever was typed, so it is not replayed at the next
// prompt.
class StopWatch {
 public:
  StopWatch(bool catch_interrupt, bool watch_keys);
  ~StopWatch();
  StopWatch(const StopWatch&) = delete;
  StopWatch& operator=(const StopWatch&) = delete;

  // Waits up to `ms` milliseconds for Ctrl-C or a key (keys count only when
  // any_key_stops; others are read and dropped). True when asked to stop.
  bool wait(int ms, bool any_key_stops);

 private:
  bool catch_interrupt_;
  bool watch_keys_;
};

}  // namespace flank::terminal_play
