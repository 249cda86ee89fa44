// flank-bench midgame: searches midgame positions (XOT openings played on by
// a shallow search) at a level or depth and reports depth, nodes and speed.
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <memory>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"
#include "engine/parallel/parallel_search.hpp"
#include "engine/search/search.hpp"
#include "engine/search/thread_clock.hpp"
#include "protocol/level.hpp"
#include "tools/bench/commands.hpp"
#include "tools/bench/search_table.hpp"
#include "tools/common/mpc_file.hpp"
#include "tools/common/openings.hpp"
#include "tools/common/options.hpp"
#include "tools/common/weights_file.hpp"

namespace po = boost::program_options;

namespace flank::bench {
namespace {

// The first `count` openings of the list, each continued by a depth-2 search
// until `empties` squares are left: reproducible midgame positions.
std::vector<Position> midgame_positions(const std::string& openings, int count, int empties) {
  std::vector<Position> out;
  Searcher shallow(1);
  SearchLimits two;
  two.depth = 2;
  for (const Opening& opening : load_openings(openings, Shape::square(8))) {
    if (static_cast<int>(out.size()) == count) break;
    Game game;
    for (const Square move : opening.moves) game.play(move);
    while (game.position().empties() > empties && !game.position().is_game_over())
      game.play(shallow.search(game.position(), two).move);
    out.push_back(game.position());
  }
  return out;
}

}  // namespace

int run_midgame(const std::vector<std::string>& args) {
  int level = kDefaultLevel, depth = 0, count = 10, empties = 36;
  double seconds = 0, mpc_confidence = 0;
  std::size_t hash_mb = 64;
  int threads = 1;
  bool cpu_time = false;
  std::uint64_t nodes = 0;
  std::string eval_name = "pattern", net_option = "on", mpc_option = "off";
  std::string openings{kBuiltinOpenings};
  po::options_description opts(
      "Usage: flank-bench midgame [OPTIONS]\n"
      "Searches COUNT midgame positions (XOT openings continued by a depth-2 search\n"
      "to EMPTIES empty squares) and prints per position the depth reached, move,\n"
      "score, whether the score is proven (exact), nodes, time and nodes/s, then\n"
      "totals. Build in Release for real figures.\n\n"
      "Options");
  opts.add_options()("help,h", "show this help")(
      "level,l", po::value(&level)->default_value(kDefaultLevel), "playing level (1..10)")(
      "depth,d", po::value(&depth)->default_value(0), "fixed depth instead of the level's")(
      "seconds,t", po::value(&seconds)->default_value(0),
      "time per position instead of a depth, spent as flank --time spends it (the "
      "exact-solve point follows the time, not the level)")(
      "nodes", po::value(&nodes)->default_value(0),
      "node budget of the main thread instead of a depth (compares thread counts at equal work "
      "per thread)")(
      "cpu-time", po::bool_switch(&cpu_time),
      "measure --seconds in each search thread's CPU time, not wall time (fair under load)")(
      "count,n", po::value(&count)->default_value(10), "number of positions")(
      "empties,e", po::value(&empties)->default_value(36), "empty squares in each position")(
      "hash", po::value(&hash_mb)->default_value(64), "transposition table size in MB");
  add_eval_option(opts, eval_name, net_option);
  opts.add_options()(
      "mpc", po::value(&mpc_option)->default_value(mpc_option),
      "Multi-ProbCut: on (the shipped statistics, at the level's confidence), off, or a "
      "statistics file")("openings", po::value(&openings)->default_value(openings, "the XOT list"),
                         "opening file, or xot: the built-in XOT list");
  add_mpc_confidence_option(opts, mpc_confidence);
  add_threads_option(opts, threads);
  std::string split = "tree";
  add_split_option(opts, split);
  po::variables_map vm;
  if (!parse_command_line(args, opts, vm, nullptr, nullptr, "flank-bench midgame"))
    return vm.count("help") ? 0 : 2;
  if (level < 1 || level > kMaxLevel)
    throw std::invalid_argument("--level must be 1.." + std::to_string(kMaxLevel));
  if (depth < 0 || depth > 60) throw std::invalid_argument("--depth must be 0..60");
  if (!(seconds >= 0)) throw std::invalid_argument("--seconds must not be negative");
  if (count < 1) throw std::invalid_argument("--count must be positive");
  if (empties < 1 || empties > 60) throw std::invalid_argument("--empties must be 1..60");
  check_hash(hash_mb);
  check_threads(threads);
  const ParallelMethod method = parallel_method(split);
  check_mpc_confidence(mpc_confidence, mpc_option != "off");
  const auto evaluator = chosen_evaluator(eval_name, net_option, vm);
  SearchLimits limits =
      level_limits(level, Shape::square(8), empties);  // every position has `empties`
  // A depth or time replaces the level's node budget.
  if (depth > 0) {
    limits.depth = depth;
    limits.nodes = 0;
  }
  if (seconds > 0) {
    limits.depth = 0;
    limits.nodes = 0;
    spend_as_flank_time(limits, seconds, cpu_time);
  }
  if (nodes > 0) {
    limits.depth = 0;
    limits.nodes = nodes;
  }
  if (const auto stats = mpc_from_option(mpc_option))
    gtp::set_mpc(limits, stats, level, mpc_confidence);
  const auto positions = midgame_positions(openings, count, empties);
  SearchTable table;
  std::uint64_t main_nodes = 0;
  SplitPool::Counters counters;
  double wall = 0;
  // One searcher, cleared before each position (the same search as a fresh
  // one): a new 64 MB table each time put its page faults in every timed search.
  ParallelSearcher searcher(hash_mb, threads);
  searcher.set_evaluator(evaluator);
  searcher.set_method(method);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    searcher.clear();
    const double cpu0 = process_cpu_seconds();
    const SearchResult r = searcher.search(positions[i], limits);
    const double cpu = process_cpu_seconds() - cpu0;
    table.add(square_name(r.move, 8), r, cpu);
    main_nodes += searcher.main_nodes();
    counters += searcher.split_counters();
    wall += r.seconds;
  }
  table.print_total();
  if (threads > 1) {
    std::printf("main thread: %llu nodes (%d threads; the rest are the helpers')\n",
                static_cast<unsigned long long>(main_nodes), threads);
    if (method == ParallelMethod::Split) print_split_counters(counters, wall, threads);
  }
  return 0;
}

}  // namespace flank::bench
