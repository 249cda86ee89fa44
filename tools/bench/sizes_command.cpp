// flank-bench sizes: searches reproducible positions of any board size (the
// start position continued by seeded random moves) and reports nodes and speed.
// The 8x8 commands use XOT openings; this one measures the generic path.
#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/board/hash_mix.hpp"
#include "engine/board/square.hpp"
#include "engine/search/levels.hpp"
#include "engine/search/mpc.hpp"
#include "engine/search/search.hpp"
#include "engine/search/thread_clock.hpp"
#include "protocol/level.hpp"
#include "tools/bench/commands.hpp"
#include "tools/bench/search_table.hpp"
#include "tools/common/options.hpp"
#include "tools/common/weights_file.hpp"

namespace po = boost::program_options;

namespace flank::bench {
namespace {

// The start position of an n x n board after `plies` random legal moves
// (passes when forced), the same for the same seed on every build.
Position random_position(int size, int plies, std::uint64_t seed) {
  Position p(size);
  for (int i = 0; i < plies && !p.is_game_over(); ++i) {
    const auto moves = p.legal_moves();
    seed = splitmix64(seed);
    p.play(moves.empty() ? kPass : moves[seed % moves.size()]);
  }
  return p;
}

// A level's limits and evaluation as genmove plays them: the shipped
// Multi-ProbCut statistics at the level's confidence and the shipped weights
// with their net (both used on 8x8 only).
SearchLimits genmove_limits(int level, const Position& p) {
  SearchLimits limits = level_limits(level, p);
  gtp::set_mpc(limits, mpc::shipped_statistics(), level);
  return limits;
}

void use_genmove_evaluator(Searcher& searcher) {
  static const auto evaluator = pattern_evaluator("", "on");
  searcher.set_evaluator(evaluator);
}

// One move of a bench game: how many empties it was played at, its CPU time
// and nodes.
struct MoveCost {
  int empties;
  double seconds;
  std::uint64_t nodes;
};

// The median, 95th percentile (nearest rank), mean and largest time of the
// moves, and their nodes per CPU second.
void print_move_times(const char* label, std::vector<MoveCost> moves) {
  std::sort(moves.begin(), moves.end(),
            [](const MoveCost& a, const MoveCost& b) { return a.seconds < b.seconds; });
  double total = 0;
  std::uint64_t nodes = 0;
  for (const MoveCost& m : moves) {
    total += m.seconds;
    nodes += m.nodes;
  }
  const std::size_t p95 = (moves.size() * 95 + 99) / 100 - 1;
  std::printf(
      "%s: %zu moves, cpu s per move: median %.4f, 95th percentile %.4f, mean %.4f, max %.4f; "
      "%.0f nodes per cpu s\n",
      label, moves.size(), moves[moves.size() / 2].seconds, moves[p95].seconds,
      total / moves.size(), moves.back().seconds,
      total > 0 ? static_cast<double>(nodes) / total : 0);
}

// Whole games of the level against itself from the start position (one
// searcher per side, as two engines would play): per-move CPU time, for the
// whole game and by sixths of the game (bands of empties), where the node
// rate differs most.
int play_games(int size, int level, int games, std::size_t hash_mb) {
  std::vector<MoveCost> moves;
  for (int game = 0; game < games; ++game) {
    Searcher black(hash_mb), white(hash_mb);
    use_genmove_evaluator(black);
    use_genmove_evaluator(white);
    // Games differ by four random opening moves seeded by the game number (the
    // four first moves alone are one move up to symmetry: the same game).
    Position p = random_position(size, 4, static_cast<std::uint64_t>(game) + 1);
    while (!p.is_game_over()) {
      if (!p.has_legal_move()) {
        p.play(kPass);
        continue;
      }
      Searcher& s = p.to_move() == Color::Black ? black : white;
      // Thread CPU time: each move's own cost, whatever else the machine runs.
      const double cpu0 = thread_cpu_seconds();
      const SearchResult r = s.search(p, genmove_limits(level, p));
      moves.push_back({p.empties(), thread_cpu_seconds() - cpu0, r.nodes});
      p.play(r.move);
    }
    std::printf("game %d: %+d (black's discs minus white's), %zu moves so far\n", game + 1,
                p.score(), moves.size());
    std::fflush(stdout);
  }
  const int band = std::max(1, (size * size - 4) / 6);
  for (int high = size * size - 4; high > 0; high -= band) {
    const int low = std::max(1, high - band + 1);  // no move is played at 0 empties
    std::vector<MoveCost> in_band;
    for (const MoveCost& m : moves)
      if (m.empties >= low && m.empties <= high) in_band.push_back(m);
    if (in_band.empty()) continue;
    const std::string label = std::to_string(high) + "-" + std::to_string(low) + " empties";
    print_move_times(label.c_str(), in_band);
  }
  // The whole games last: scripts read the last line.
  const std::string name =
      std::to_string(size) + "x" + std::to_string(size) + " level " + std::to_string(level);
  print_move_times(name.c_str(), moves);
  return 0;
}

}  // namespace

int run_sizes(const std::vector<std::string>& args) {
  int size = 16, plies = -1, count = 5, level = kDefaultLevel, depth = 0, games = 0;
  bool solve = false;
  std::uint64_t seed = 1;
  std::size_t hash_mb = 64;
  po::options_description opts(
      "Usage: flank-bench sizes [OPTIONS]\n"
      "Searches COUNT positions of an N x N board (the start position continued by\n"
      "PLIES seeded random moves) at a level or a fixed depth and prints per position\n"
      "the move, depth, score, whether it is proven (exact), nodes, time and nodes/s,\n"
      "then totals.\n\n"
      "Options");
  opts.add_options()("help,h", "show this help")("size,s", po::value(&size)->default_value(16),
                                                 "board size, even, 4..26")(
      "plies,p", po::value(&plies)->default_value(-1, "half"),
      "random moves from the start (default: until half the board is filled)")(
      "count,n", po::value(&count)->default_value(5), "number of positions")(
      "seed", po::value(&seed)->default_value(1), "seed of the first position's moves")(
      "level,l", po::value(&level)->default_value(kDefaultLevel),
      "playing level (1..10), as genmove plays it on this size")(
      "depth,d", po::value(&depth)->default_value(0), "fixed depth instead of the level")(
      "hash", po::value(&hash_mb)->default_value(64), "transposition table size in MB")(
      "solve", po::bool_switch(&solve), "solve each position exactly instead")(
      "games,g", po::value(&games)->default_value(0),
      "instead: play this many whole games of the level against itself and print the\n"
      "CPU time per move (median, 95th percentile, mean, largest) and the node rate");
  po::variables_map vm;
  if (!parse_command_line(args, opts, vm, nullptr, nullptr, "flank-bench sizes"))
    return vm.count("help") ? 0 : 2;
  if (!is_valid_size(size)) throw std::invalid_argument("--size must be even, 4..26");
  // -1 is the default, "half the board", not a value to give.
  if (plies < 0 && !vm["plies"].defaulted())
    throw std::invalid_argument("--plies must not be negative");
  if (plies < 0) plies = (size * size - 4) / 2;
  if (plies > size * size) throw std::invalid_argument("--plies must be at most the squares");
  if (level < 1 || level > kMaxLevel)
    throw std::invalid_argument("--level must be 1.." + std::to_string(kMaxLevel));
  if (depth < 0 || depth > 60) throw std::invalid_argument("--depth must be 0..60");
  if (count < 1) throw std::invalid_argument("--count must be positive");
  check_hash(hash_mb);
  if (games < 0) throw std::invalid_argument("--games must not be negative");
  if (games > 0) return play_games(size, level, games, hash_mb);

  SearchTable table;
  // One searcher, cleared before each position, as flank-bench midgame's.
  Searcher searcher(hash_mb);
  use_genmove_evaluator(searcher);
  for (int i = 0; i < count; ++i) {
    const Position p = random_position(size, plies, seed + static_cast<std::uint64_t>(i));
    SearchLimits limits = genmove_limits(level, p);
    if (depth > 0) {
      limits = SearchLimits{};
      limits.depth = depth;
      limits.exact_empties = 0;
    }
    searcher.clear();
    const double cpu0 = process_cpu_seconds();
    const SearchResult r = solve ? searcher.solve(p) : searcher.search(p, limits);
    const double cpu = process_cpu_seconds() - cpu0;
    table.add(square_name(r.move, size), r, cpu);
  }
  table.print_total();
  return 0;
}

}  // namespace flank::bench
