#pragma once
// The Options screen: board size, who plays, the computers' levels, names,
// disc style, colour, marking flipped discs, the pause between computer moves,
// variety and the start position.

#include <string>

#include "tools/play/menu.hpp"

namespace flank::terminal_play {

// Shows the options until "Back" (ShowMenu), q, or the end of input.
AfterEntry run_options_menu(Session& s);

// Longest player name accepted, in characters (it is shown beside the board).
constexpr size_t kMaxNameLength = 20;
constexpr int kMaxDelayMs = 10000;
constexpr int kMaxRandomness = 64;

// Why a name cannot be used ("" if it can): too long, control characters, or
// a word that answers the question (q, quit, -).
std::string name_problem(const std::string& name);

// Sets the start from a board text or else (when the text does not look like
// one: looks_like_board_text) a move list from the standard start of the
// current size; the size follows a board. Returns "" or, leaving the settings
// unchanged, what is wrong.
std::string apply_start(PlaySettings& settings, const std::string& text);

}  // namespace flank::terminal_play
