#pragma once
// The "How to play" screen.

#include <string>

namespace flank::terminal_play {

// The rules and the commands, in a few short paragraphs.
std::string how_to_play_text();

}  // namespace flank::terminal_play
