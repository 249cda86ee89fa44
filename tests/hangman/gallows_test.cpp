#include "tools/hangman/gallows.hpp"

#include <doctest/doctest.h>

#include <sstream>
#include <string>

using flank::hangman::draw_gallows;
using flank::hangman::gallows_parts_shown;
using flank::hangman::kGallowsParts;

namespace {

// Characters of the figure: everything below the beam except the post (column 2).
int figure_marks(const std::string& drawing) {
  std::istringstream lines(drawing);
  std::string line;
  std::getline(lines, line);  // the beam
  int marks = 0;
  while (std::getline(lines, line)) {
    if (line.starts_with("=")) continue;  // the ground
    for (std::size_t i = 3; i < line.size(); ++i) marks += line[i] != ' ';
  }
  return marks;
}

}  // namespace

TEST_CASE("with the default seven strikes each strike adds one part") {
  for (int strikes = 0; strikes <= 7; ++strikes) {
    CAPTURE(strikes);
    CHECK(gallows_parts_shown(strikes, 7) == strikes);
    CHECK(figure_marks(draw_gallows(strikes, 7)) == strikes);
  }
}

TEST_CASE("other strike limits grow the figure in proportion and complete it at the loss") {
  for (int max = 1; max <= 26; ++max) {
    CAPTURE(max);
    CHECK(gallows_parts_shown(0, max) == 0);
    CHECK(gallows_parts_shown(max, max) == kGallowsParts);
    for (int strikes = 1; strikes <= max; ++strikes)
      CHECK(gallows_parts_shown(strikes, max) >= gallows_parts_shown(strikes - 1, max));
    for (int strikes = 0; strikes < max; ++strikes)
      CHECK(gallows_parts_shown(strikes, max) < kGallowsParts);
  }
}

TEST_CASE("the full figure has a head, body, arms and legs and no trailing spaces") {
  const std::string full = draw_gallows(7, 7);
  CHECK(full.find("O\n") != std::string::npos);
  CHECK(full.find("/|\\\n") != std::string::npos);
  CHECK(full.find("/ \\\n") != std::string::npos);
  CHECK(full.find(" \n") == std::string::npos);
}
