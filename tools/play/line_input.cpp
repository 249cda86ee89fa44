#include "tools/play/line_input.hpp"

#include <cctype>

namespace flank::terminal_play {

std::optional<std::string> read_line(std::istream& in) {
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  return trim(line);
}

std::string trim(std::string_view text) {
  const auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  size_t begin = 0, end = text.size();
  while (begin < end && is_space(text[begin])) ++begin;
  while (end > begin && is_space(text[end - 1])) --end;
  return std::string(text.substr(begin, end - begin));
}

std::string to_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace flank::terminal_play
