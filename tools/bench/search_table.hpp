#pragma once
// The table the midgame and sizes benches print: one row per search (move,
// depth, score, whether it is proven, nodes, wall and CPU seconds, nodes per
// CPU second) and a total.

#include <cstdint>
#include <string>

#include "engine/search/search.hpp"

namespace flank::bench {

class SearchTable {
 public:
  SearchTable();  // prints the header
  // Prints the row of one search (`move` already named) and adds it to the total.
  void add(const std::string& move, const SearchResult& r, double cpu_seconds);
  void print_total() const;

 private:
  int rows_ = 0, exact_ = 0;
  std::uint64_t nodes_ = 0;
  double seconds_ = 0, cpu_ = 0, slowest_ = 0;
};

}  // namespace flank::bench
