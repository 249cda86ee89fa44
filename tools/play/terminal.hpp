#pragma once
// Whether standard output is a terminal that should get colours.

namespace flank::terminal_play {

// True when stdout is a terminal, NO_COLOR is unset and TERM is not "dumb".
bool stdout_wants_colour();
// True when standard input is a terminal (which echoes what is typed).
bool stdin_is_terminal();

}  // namespace flank::terminal_play
