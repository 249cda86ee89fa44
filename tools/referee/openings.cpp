#include "tools/referee/openings.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>

#include "engine/game.hpp"

namespace flank::referee {

std::vector<Opening> read_openings(std::istream& in, int size) {
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
    Game game(size);
    try {
      game.play_sequence(line);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("line " + std::to_string(number) + ": " + e.what());
    }
    if (game.position().is_game_over()) {
      throw std::invalid_argument("line " + std::to_string(number) + ": the opening ends the game");
    }
    openings.push_back({line, game.moves()});
  }
  return openings;
}

std::vector<int> opening_schedule(int games, int openings, bool alternate, bool random,
                                  std::uint64_t seed) {
  std::vector<int> order(static_cast<size_t>(std::max(openings, 0)));
  std::iota(order.begin(), order.end(), 0);
  if (random) {
    std::mt19937_64 rng(seed);
    std::shuffle(order.begin(), order.end(), rng);
  }
  std::vector<int> schedule;
  if (openings <= 0) return std::vector<int>(static_cast<size_t>(std::max(games, 0)), -1);
  for (int g = 0; g < games; ++g) {
    const int slot = alternate ? g / 2 : g;
    schedule.push_back(order[static_cast<size_t>(slot % openings)]);
  }
  return schedule;
}

}  // namespace flank::referee
