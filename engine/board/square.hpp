#pragma once
// Square names: column letter a..z (left to right) then row number 1..26 (top to
// bottom), any case on input, lowercase on output; "pass" for the pass move.

#include <string>
#include <string_view>
#include <vector>

#include "engine/board/color.hpp"
#include "engine/board/shape.hpp"

namespace flank {

std::string square_name(Square sq, Shape shape);

// Throws std::invalid_argument naming the text and what is wrong with it.
Square parse_square(std::string_view text, Shape shape);

// A move list such as "f5d6c3", "F5 d6 c3" or "f5,d6,pass": squares written
// back to back or separated by spaces or commas. Throws std::invalid_argument.
std::vector<Square> parse_square_list(std::string_view text, Shape shape);

std::string join_squares(const std::vector<Square>& squares, Shape shape,
                         std::string_view sep = " ");

// "10x6" (columns by rows).
std::string shape_name(Shape shape);
// "N" (a square board) or "COLSxROWS" such as "10x6"; each side an even number
// from 4 to 26. Throws std::invalid_argument naming what is wrong.
Shape parse_shape(std::string_view text);

}  // namespace flank
