#include "tools/hangman/gallows.hpp"

#include <algorithm>

namespace flank::hangman {

int gallows_parts_shown(int strikes, int max_strikes) {
  if (max_strikes < 1 || strikes >= max_strikes) return kGallowsParts;
  return std::max(0, strikes) * kGallowsParts / max_strikes;
}

std::string draw_gallows(int strikes, int max_strikes) {
  const int parts = gallows_parts_shown(strikes, max_strikes);
  // Part k (1-based) shows once `parts` reaches k.
  const auto part = [parts](int k, char c) { return parts >= k ? c : ' '; };
  std::string lines[] = {
      "  +---+",
      std::string("  |   ") + part(1, '|'),
      std::string("  |   ") + part(2, 'O'),
      std::string("  |  ") + part(4, '/') + part(3, '|') + part(5, '\\'),
      std::string("  |  ") + part(6, '/') + ' ' + part(7, '\\'),
      "  |",
      "=====",
  };
  std::string drawing;
  for (std::string& line : lines) {
    line.erase(line.find_last_not_of(' ') + 1);
    drawing += line + '\n';
  }
  return drawing;
}

}  // namespace flank::hangman
