// flank-bench endgame FILE: solves every position of an FFO-style file and
// checks the move and the exact score against the file; with --depth, how
// far a search of that depth is from the exact scores.
#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "engine/board/square.hpp"
#include "engine/parallel/parallel_search.hpp"
#include "engine/search/mpc.hpp"
#include "engine/search/search.hpp"
#include "engine/search/thread_clock.hpp"
#include "protocol/level.hpp"
#include "tools/bench/commands.hpp"
#include "tools/common/endgame_suite.hpp"
#include "tools/common/options.hpp"
#include "tools/common/plural.hpp"
#include "tools/common/weights_file.hpp"

namespace po = boost::program_options;

namespace flank::bench {

int run_endgame(const std::vector<std::string>& args) {
  std::string file;
  std::size_t hash_mb = 64;
  int threads = 1;
  std::string eval_name = "pattern", net_option = "on";
  bool wld = false;
  int depth = 0;
  double seconds = 0;
  bool cpu_time = false;
  std::string empties_option = "0-60";
  po::options_description shown(
      "Usage: flank-bench endgame FILE [OPTIONS]\n"
      "Solves every position of FILE (format of tests/data/ffo40-49.txt: id, 64\n"
      "cells, side to move, best moves comma-separated, exact score) from an empty hash\n"
      "table, one line per position, then totals. Exit status 1 if any answer is wrong.\n"
      "With --depth D, searches D plies instead (the evaluation at the leaves, no\n"
      "Multi-ProbCut, no solve): each line says how far its score is off the exact\n"
      "one, the totals their mean absolute error and how many of its moves are best\n"
      "ones; exit status 0. With --seconds S, searches each position as flank --time S\n"
      "plays (Multi-ProbCut, the solve point from the time) and reports the same.\n\n"
      "Options");
  shown.add_options()("help,h", "show this help")(
      "hash", po::value(&hash_mb)->default_value(64),
      "transposition table size in MB, cleared before every position (most of the "
      "time of a shallow --depth search at 64: try 1)");
  add_eval_option(shown, eval_name, net_option);
  shown.add_options()("wld", po::bool_switch(&wld),
                      "win/loss/draw only: check the sign of the score")(
      "depth", po::value(&depth)->default_value(depth),
      "search this many plies instead of solving (1..60; 0 solves)")(
      "seconds", po::value(&seconds)->default_value(seconds),
      "search each position this long as genmove does instead of solving (0 solves)")(
      "cpu-time", po::bool_switch(&cpu_time),
      "measure --seconds in the search thread's CPU time, not wall time (fair under load)")(
      "empties", po::value(&empties_option)->default_value(empties_option),
      "only the positions with this many empty squares: N or LOW-HIGH");
  add_threads_option(shown, threads);
  std::string split = "tree";
  add_split_option(shown, split);
  po::options_description opts;
  opts.add(shown).add_options()("file", po::value(&file));  // FILE, given by position
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!parse_command_line(args, opts, vm, &positional, &shown, "flank-bench endgame"))
    return vm.count("help") ? 0 : 2;
  if (file.empty()) throw std::invalid_argument("endgame needs a FILE of positions");
  check_hash(hash_mb);
  check_threads(threads);
  const ParallelMethod method = parallel_method(split);
  if (depth < 0 || depth > 60) throw std::invalid_argument("--depth must be 0..60");
  if (depth > 0 && wld) throw std::invalid_argument("--wld goes with a solve, not --depth");
  if (!(seconds >= 0 && seconds <= 3600)) throw std::invalid_argument("--seconds must be 0..3600");
  if (seconds > 0 && (depth > 0 || wld))
    throw std::invalid_argument("--seconds searches as genmove: not with --depth or --wld");
  // A search that is not a solve: its rows say how far off it is.
  const bool searched = depth > 0 || seconds > 0;
  const EmptiesRange empties = parse_empties_range(empties_option);
  const auto evaluator = chosen_evaluator(eval_name, net_option, vm);
  const auto cases = read_endgame_suite(file);
  // A solve's score is right or wrong; a search's (--depth, --seconds) is some discs off.
  std::printf("%-4s %-5s %6s %-5s %-5s %14s %9s %9s %12s%s\n", "id", "move", "score", "move?",
              searched ? "off" : "score?", "nodes", "seconds", "cpu s", "nodes/s",
              seconds > 0 ? "  sure" : "");
  int wrong = 0, positions = 0, best_moves = 0, total_error = 0;
  std::uint64_t total_nodes = 0, main_nodes = 0;
  SplitPool::Counters counters;
  double total_seconds = 0, total_cpu = 0;
  const auto sign = [](int v) { return (v > 0) - (v < 0); };
  SearchLimits limits;
  limits.depth = depth;
  limits.exact_empties = 0;  // the search's own estimate, even where a solve would be quick
  if (seconds > 0) {
    // As flank --time: its clock, and timed play's Multi-ProbCut.
    spend_as_flank_time(limits, seconds, cpu_time);
    gtp::set_mpc(limits, mpc::shipped_statistics(), gtp::kLevelMax, 0);
  }
  // One searcher, cleared before each position (the same search as a fresh
  // one): a new 64 MB table each time put its page faults in every timed search.
  ParallelSearcher searcher(hash_mb, threads);
  searcher.set_evaluator(evaluator);
  searcher.set_method(method);
  for (const auto& c : cases) {
    if (!empties.contains(c.position.empties())) continue;
    searcher.clear();
    const double cpu0 = process_cpu_seconds();
    const SearchResult r =
        searched ? searcher.search(c.position, limits) : searcher.solve(c.position, wld);
    const double cpu = process_cpu_seconds() - cpu0;
    total_cpu += cpu;
    ++positions;
    const bool move_ok =
        std::find(c.best_moves.begin(), c.best_moves.end(), r.move) != c.best_moves.end();
    const bool score_ok = r.exact && (wld ? sign(r.score) == sign(c.score) : r.score == c.score);
    // In WLD mode any winning move is right, not only the listed best ones.
    // A search (--depth, --seconds) is not right or wrong: its rows say how far off it is.
    const bool ok = score_ok && (move_ok || wld);
    wrong += !searched && !ok;
    best_moves += move_ok;
    total_error += std::abs(r.score - c.score);
    total_nodes += r.nodes;
    main_nodes += searcher.main_nodes();
    counters += searcher.split_counters();
    total_seconds += r.seconds;
    char score_column[16];
    if (searched)
      std::snprintf(score_column, sizeof score_column, "%+d", r.score - c.score);
    else
      std::snprintf(score_column, sizeof score_column, "%s", score_ok ? "yes" : "NO");
    // How sure a timed search's score is: exact, searched to the end
    // selectively (Multi-ProbCut), or an estimate from short of the end.
    const char* sure = "";
    if (seconds > 0)
      sure = r.exact ? "  exact" : r.depth >= c.position.empties() ? "  to the end" : "  estimate";
    std::printf("%-4s %-5s %+6d %-5s %-5s %14llu %9.3f %9.3f %12.0f%s\n", c.id.c_str(),
                square_name(r.move, c.position.shape()).c_str(), r.score, move_ok ? "yes" : "NO",
                score_column, static_cast<unsigned long long>(r.nodes), r.seconds, cpu,
                cpu > 0 ? r.nodes / cpu : 0.0, sure);
    std::fflush(stdout);
  }
  if (searched) {
    char search_name[32];
    if (depth > 0)
      std::snprintf(search_name, sizeof search_name, "depth %d", depth);
    else
      std::snprintf(search_name, sizeof search_name, "%g s", seconds);
    std::printf("%s: %s, mean absolute error %.2f discs, %s\n", search_name,
                plural(positions, "position").c_str(),
                positions > 0 ? static_cast<double>(total_error) / positions : 0.0,
                plural(best_moves, "best move").c_str());
  }
  std::printf("total: %s, ", plural(positions, "position").c_str());
  if (!searched) std::printf("%d wrong, ", wrong);
  std::printf("%llu nodes, %.3f s, %.3f cpu s, %.0f nodes/cpu s\n",
              static_cast<unsigned long long>(total_nodes), total_seconds, total_cpu,
              total_cpu > 0 ? total_nodes / total_cpu : 0.0);
  if (threads > 1) {
    std::printf("main thread: %llu nodes (%d threads; the rest are the helpers')\n",
                static_cast<unsigned long long>(main_nodes), threads);
    if (method == ParallelMethod::Split) print_split_counters(counters, total_seconds, threads);
  }
  return wrong ? 1 : 0;
}

}  // namespace flank::bench
