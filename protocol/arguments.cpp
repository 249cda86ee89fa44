#include "protocol/arguments.hpp"

#include <charconv>
#include <cmath>

#include "engine/board/position.hpp"
#include "engine/board/square.hpp"

namespace flank::gtp {

void expect_arg_count(const Args& args, size_t min, size_t max, std::string_view usage) {
  if (args.size() < min || args.size() > max)
    throw Failure("syntax error: usage is \"" + std::string(usage) + "\"");
}

int parse_int(std::string_view text, std::string_view what) {
  int value = 0;
  const char* end = text.data() + text.size();
  const char* begin = text.data() + (!text.empty() && text.front() == '+' ? 1 : 0);
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() || ptr != end || begin == end)
    throw Failure("syntax error: " + std::string(what) + " must be an integer, not \"" +
                  std::string(text) + "\"");
  return value;
}

double parse_number(std::string_view text, std::string_view what) {
  double value = 0;
  const char* end = text.data() + text.size();
  const char* begin = text.data() + (!text.empty() && text.front() == '+' ? 1 : 0);
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() || ptr != end || begin == end || !std::isfinite(value))
    throw Failure("syntax error: " + std::string(what) + " must be a number, not \"" +
                  std::string(text) + "\"");
  return value;
}

Color parse_color_arg(std::string_view text) {
  try {
    return parse_color(text);
  } catch (const std::invalid_argument& e) {
    throw Failure(std::string("syntax error: ") + e.what());
  }
}

Square parse_vertex(std::string_view text, Shape shape) {
  try {
    return parse_square(text, shape);
  } catch (const std::invalid_argument& e) {
    throw Failure(std::string("syntax error: ") + e.what());
  }
}

std::string join(const Args& args, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i) out += sep;
    out += args[i];
  }
  return out;
}

}  // namespace flank::gtp
