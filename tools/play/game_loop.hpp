#pragma once
// One game, with the board shown after every move, until it ends, a player
// quits, the computers are stopped (a key or Ctrl-C) or the input ends. The
// game stays in the session, so it can be continued or saved.

#include <string>

#include "engine/board/position.hpp"
#include "tools/play/session.hpp"

namespace flank::terminal_play {

enum class GameEnd { Finished, Quit, Stopped, EndOfInput };

// Starts s.game afresh from the settings' start (see starting_game) and plays it.
GameEnd play_new_game(Session& s);
// Plays on from s.game (a stopped, left or loaded game); a finished one just
// shows its result.
GameEnd continue_game(Session& s);

// The closing line for a finished game: "Black wins 40-24!", "White wins
// 35-29!" or "Draw!"; empty squares count for the winner.
std::string result_message(const Position& final_position, const PlaySettings& s);

}  // namespace flank::terminal_play
