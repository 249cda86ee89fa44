#pragma once
// Shared argument readers for the GTP handlers. Each throws gtp::Failure with a
// message that names the bad argument, so every handler reports errors alike.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/color.hpp"
#include "engine/board/shape.hpp"

namespace flank::gtp {

// A command that cannot be carried out; the text becomes the "? ..." reply.
struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using Args = std::vector<std::string>;

// Throws unless there are between min and max arguments; usage is e.g. "play COLOR VERTEX".
void expect_arg_count(const Args& args, size_t min, size_t max, std::string_view usage);
inline void expect_arg_count(const Args& args, size_t n, std::string_view usage) {
  expect_arg_count(args, n, n, usage);
}

int parse_int(std::string_view text, std::string_view what);
double parse_number(std::string_view text, std::string_view what);
Color parse_color_arg(std::string_view text);
Square parse_vertex(std::string_view text, Shape shape);

std::string join(const Args& args, std::string_view sep = " ");

}  // namespace flank::gtp
