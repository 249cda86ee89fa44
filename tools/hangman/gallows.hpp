#pragma once
// The ASCII gallows: the figure grows with the strikes taken.

#include <string>

namespace flank::hangman {

// Parts of the figure: rope, head, body, two arms, two legs.
inline constexpr int kGallowsParts = 7;

// How many parts show after `strikes` of `max_strikes`: in proportion, and
// the whole figure exactly when the game is lost.
int gallows_parts_shown(int strikes, int max_strikes);

// The drawing, one line per '\n', no trailing spaces.
std::string draw_gallows(int strikes, int max_strikes);

}  // namespace flank::hangman
