#pragma once
// Small text helpers shared by the word lists, the game and its messages.

#include <string>
#include <string_view>

namespace flank::hangman {

// True when `text` is non-empty and all ASCII letters a-z/A-Z.
bool is_word(std::string_view text);

// ASCII upper case of `text`; other bytes unchanged.
std::string to_upper(std::string_view text);

// `text` without leading and trailing spaces, tabs and line ends.
std::string_view trim(std::string_view text);

// `text` in single quotes for a one-line message: control bytes become '?',
// and text longer than 40 bytes is cut (not inside a UTF-8 character) and
// ends in "...". Other UTF-8 passes unchanged, so "é" reads as typed.
std::string quoted_excerpt(std::string_view text);

}  // namespace flank::hangman
