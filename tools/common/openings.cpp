#include "tools/common/openings.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/board/game.hpp"
#include "protocol/illegal_move.hpp"
#include "tools/common/not_a_directory.hpp"

namespace flank {

std::vector<Opening> read_openings(std::istream& in, Shape shape) {
  std::vector<Opening> openings;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) {
      line.pop_back();
    }
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    line.erase(0, first);
    Game game(shape);
    try {
      game.play_sequence(line);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("line " + std::to_string(number) + ": " + error_text(e));
    }
    if (game.position().is_game_over()) {
      throw std::invalid_argument("line " + std::to_string(number) + ": the opening ends the game");
    }
    openings.push_back({line, game.moves()});
  }
  return openings;
}

std::vector<Opening> load_openings(const std::string& source, Shape shape) {
  if (source == kNoOpenings) return {};
  const bool builtin = source == kBuiltinOpenings;
  const std::string name = builtin ? "the built-in XOT openings" : "openings file '" + source + "'";
  std::istringstream builtin_text(builtin ? std::string(builtin_xot_text()) : std::string());
  std::ifstream file;
  if (!builtin) {
    refuse_directory(source, "openings file");
    file.open(source);
    if (!file) throw std::runtime_error("cannot read openings file '" + source + "'");
  }
  std::vector<Opening> openings;
  try {
    openings = read_openings(builtin ? static_cast<std::istream&>(builtin_text) : file, shape);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(
        name + ", " + e.what() +
        (builtin && shape != Shape::square(8) ? " (the XOT openings are for 8x8)" : ""));
  }
  if (openings.empty()) throw std::runtime_error("no openings in " + name);
  return openings;
}

}  // namespace flank
