#pragma once
// The "How to play" screen.

#include <string>

#include "tools/play/settings.hpp"

namespace flank::terminal_play {

// The rules and the commands, in a few short paragraphs, naming the discs as
// they are drawn.
std::string how_to_play_text(DiscStyle discs);

}  // namespace flank::terminal_play
