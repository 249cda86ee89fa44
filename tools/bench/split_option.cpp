// The --split option of the benches that search with threads: how the threads
// share a search, so that the methods can be measured side by side.
#include <stdexcept>

#include "commands.hpp"

namespace flank::bench {

namespace po = boost::program_options;

void add_split_option(po::options_description& opts, std::string& method) {
  opts.add_options()("split", po::value(&method)->default_value(method),
                     "with threads, how they share the search: tree (young brothers wait at any "
                     "node) or lazy (lazy SMP: each thread its own search on the shared table)");
}

ParallelMethod parallel_method(const std::string& method) {
  if (method == "tree") return ParallelMethod::Split;
  if (method == "lazy") return ParallelMethod::Lazy;
  throw std::invalid_argument("--split must be tree or lazy, not '" + method + "'");
}

void print_split_counters(const SplitPool::Counters& c, double seconds, int threads) {
  std::printf("splits: %llu, threads joining one: %llu, threads idle %.1f%% of %d x %.3f s\n",
              static_cast<unsigned long long>(c.splits), static_cast<unsigned long long>(c.joins),
              seconds > 0 ? 100 * c.idle_seconds / (seconds * threads) : 0.0, threads, seconds);
}

}  // namespace flank::bench
