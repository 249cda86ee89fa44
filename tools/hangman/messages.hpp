#pragma once
// The words hangman says: guess outcomes and the board, as text.

#include <string>
#include <vector>

#include "tools/hangman/game.hpp"

namespace flank::hangman {

// "3", "3 and 5", "1, 4 and 7".
std::string join_positions(const std::vector<int>& positions);

// One line (no '\n') telling the player what `outcome` did, e.g.
// "Yes! 2 E's: positions 3 and 5." or "No Q. Strike 1 of 7."
std::string describe(const GuessOutcome& outcome, const Game& game);

// The gallows, the masked word, strikes left and what was tried.
std::string board(const Game& game);

// The closing line of a finished game, revealing the word.
std::string game_result(const Game& game);

}  // namespace flank::hangman
