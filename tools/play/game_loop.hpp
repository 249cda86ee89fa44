#pragma once
// One game from the start position to the result (or until a player quits or
// the input ends), with the board shown after every move.

#include <string>

#include "engine/position.hpp"
#include "tools/play/session.hpp"

namespace flank::terminal_play {

enum class GameEnd { Finished, Quit, EndOfInput };

GameEnd play_game(Session& s);

// The closing line for a finished game: "Black wins 40-24!", "White wins
// 35-29!" or "Draw!"; empty squares count for the winner.
std::string result_message(const Position& final_position, const PlaySettings& s);

}  // namespace flank::terminal_play
