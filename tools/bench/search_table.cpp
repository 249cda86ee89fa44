#include "tools/bench/search_table.hpp"

#include <algorithm>
#include <cstdio>

#include "tools/common/plural.hpp"

namespace flank::bench {

SearchTable::SearchTable() {
  std::printf("%-3s %-5s %5s %6s %5s %12s %9s %9s %12s\n", "#", "move", "depth", "score", "exact",
              "nodes", "seconds", "cpu s", "nodes/s");
}

void SearchTable::add(const std::string& move, const SearchResult& r, double cpu) {
  ++rows_;
  exact_ += r.exact;
  nodes_ += r.nodes;
  seconds_ += r.seconds;
  cpu_ += cpu;
  slowest_ = std::max(slowest_, r.seconds);
  std::printf("%-3d %-5s %5d %+6d %5s %12llu %9.3f %9.3f %12.0f\n", rows_, move.c_str(), r.depth,
              r.score, r.exact ? "yes" : "no", static_cast<unsigned long long>(r.nodes), r.seconds,
              cpu, cpu > 0 ? r.nodes / cpu : 0.0);
  std::fflush(stdout);
}

void SearchTable::print_total() const {
  std::printf(
      "total: %s, %llu nodes, %.3f s (slowest %.3f s), %.3f cpu s, %.0f nodes/cpu s, "
      "%d exact\n",
      plural(rows_, "position").c_str(), static_cast<unsigned long long>(nodes_), seconds_,
      slowest_, cpu_, cpu_ > 0 ? nodes_ / cpu_ : 0.0, exact_);
}

}  // namespace flank::bench
