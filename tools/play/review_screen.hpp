#pragma once
// "Review this game" in the main menu: the last game, once finished, scored
// move by move as flank-review does (tools/review), with the score graph
// written to an SVG file on request.

#include "tools/play/menu.hpp"

namespace flank::terminal_play {

// The session holds a game played (or loaded) to its end.
bool has_finished_game(const Session& s);

// Asks for the level, shows the review's table and summary, then offers the SVG.
AfterEntry review_finished_game(Session& s);

}  // namespace flank::terminal_play
