#include "tools/referee/openings.hpp"

#include <algorithm>
#include <numeric>
#include <random>

namespace flank::referee {

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

std::vector<int> shard_games(int games, bool alternate, int shard, int shards) {
  std::vector<int> mine;
  for (int g = 0; g < games; ++g) {
    const int pair = alternate ? g / 2 : g;
    if (pair % shards == shard - 1) mine.push_back(g);
  }
  return mine;
}

}  // namespace flank::referee
