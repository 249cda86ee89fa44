#pragma once
// Square names: column letter a..z (left to right) then row number 1..26 (top to
// bottom), any case on input, lowercase on output; "pass" for the pass move.

#include <string>
#include <string_view>
#include <vector>

#include "engine/color.hpp"

namespace flank {

std::string square_name(Square sq, int size);

// Throws std::invalid_argument naming the text and what is wrong with it.
Square parse_square(std::string_view text, int size);

// A move list such as "f5d6c3", "F5 d6 c3" or "f5,d6,pass": squares written
// back to back or separated by spaces or commas. Throws std::invalid_argument.
std::vector<Square> parse_square_list(std::string_view text, int size);

std::string join_squares(const std::vector<Square>& squares, int size, std::string_view sep = " ");

}  // namespace flank
