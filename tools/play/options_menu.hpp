#pragma once
// The Options screen: board size, who plays, the computer's level, names,
// disc style, colour and the pause between computer moves.

#include "tools/play/menu.hpp"

namespace flank::terminal_play {

// Shows the options until "Back" (ShowMenu) or the end of input.
AfterEntry run_options_menu(Session& s);

// Longest player name accepted (it is shown beside the board).
constexpr size_t kMaxNameLength = 20;
constexpr int kMaxDelayMs = 10000;

}  // namespace flank::terminal_play
