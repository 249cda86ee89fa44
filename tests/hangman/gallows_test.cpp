#include "tools/hangman/gallows.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using flank::hangman::draw_gallows;
using flank::hangman::gallows_parts_shown;
using flank::hangman::kGallowsParts;

namespace {

// Figure characters drawn below the top beam, minus the bare frame's.
int figure_marks(const std::string& drawing) {
  const std::string below_beam = drawing.substr(drawing.find('\n') + 1);
  const auto marks = std::count_if(below_beam.begin(), below_beam.end(), [](char c) {
    return c == 'O' || c == '/' || c == '\\' || c == '|';
  });
  const std::string frame = draw_gallows(0, 7).substr(drawing.find('\n') + 1);
  const auto frame_marks = std::count(frame.begin(), frame.end(), '|');
  return static_cast<int>(marks - frame_marks);
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
