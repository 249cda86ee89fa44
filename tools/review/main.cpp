// flank-review: where was the game lost? Scores every move of a game against
// the best move of its position (docs/review.md).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "engine/eval/pattern_evaluator.hpp"
#include "engine/search/levels.hpp"
#include "engine/table/tt.hpp"
#include "tools/common/book_shipped.hpp"
#include "tools/common/fastest_build.hpp"
#include "tools/common/options.hpp"
#include "tools/review/input.hpp"
#include "tools/review/report.hpp"
#include "tools/review/review.hpp"

namespace po = boost::program_options;

namespace {

constexpr int kDefaultLevel = 5;

int fail(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  return 2;
}

// "reviewing move 12 of 60, about 40 s left", redrawn in place on a terminal.
flank::review::Progress terminal_progress() {
  if (!::isatty(STDERR_FILENO)) return {};
  const auto start = std::chrono::steady_clock::now();
  return [start](std::size_t done, std::size_t total) {
    const double spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double left = spent / static_cast<double>(done) * static_cast<double>(total - done);
    std::fprintf(stderr, "\rreviewing move %zu of %zu, about %.0f s left   ", done, total, left);
    if (done == total) std::fprintf(stderr, "\r%60s\r", "");
    std::fflush(stderr);
  };
}

void write_file(const std::string& path, const std::function<void(std::ostream&)>& write) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  write(out);
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace

int main(int argc, char** argv) {
  flank::start_fastest_build(argv);  // the code for this CPU, where installed
  std::string file, moves, size_text = "8", csv_path, svg_path, book_option;
  int game_number = 1, level = kDefaultLevel, exact_empties = -1, threads = 1;
  std::uint64_t hash_mb = 64;
  po::options_description opts(
      "flank-review: scores every move of a game against the best move of its position.\n"
      "Usage: flank-review FILE [--game N] [OPTIONS]   (a GGF or WTHOR PGN record)\n"
      "   or: flank-review --moves f5d6c3... [--size N] [OPTIONS]\n\nOptions");
  // clang-format off
  flank::add_help_version_options(opts);
  opts.add_options()
      ("file", po::value<std::string>(&file), "the game record (GGF or WTHOR PGN)")
      ("game", po::value<int>(&game_number)->default_value(game_number),
       "which game of the file, 1 for the first")
      ("moves", po::value<std::string>(&moves), "review these moves from the start instead")
      ("size", po::value<std::string>(&size_text)->default_value(size_text),
       (std::string(flank::kSizeHelp) + " (with --moves)").c_str())
      ("level", po::value<int>(&level)->default_value(level),
       ("search level 1-" + std::to_string(flank::kMaxLevel) +
        " (the default 5: under a second a position on 8x8)").c_str())
      ("exact-empties", po::value<int>(&exact_empties)->default_value(exact_empties),
       "solve exactly at this many empty squares or fewer (-1: the level's solve point)")
      ("book", po::value<std::string>(&book_option)->default_value(""),
       "8x8 opening book values while the game is in it: a book file, or off (default: the shipped book)")
      ("csv", po::value<std::string>(&csv_path), "also write the review as CSV to this file")
      ("svg", po::value<std::string>(&svg_path), "also write the score graph as SVG to this file")
      ("hash", po::value<std::uint64_t>(&hash_mb)->default_value(hash_mb),
       "transposition table size in MB");
  // clang-format on
  flank::add_threads_option(opts, threads);
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (const auto status = flank::parse_options(argc, argv, "flank-review", opts, vm, &positional))
    return *status;

  flank::review::ReviewOptions options;
  flank::review::ReviewInput input{flank::Game{}, "", ""};
  try {
    if (file.empty() == moves.empty())
      throw std::invalid_argument(file.empty() ? "no game: give a FILE or --moves (try --help)"
                                               : "give a FILE or --moves, not both");
    if (game_number < 1) throw std::invalid_argument("--game must be 1 or more");
    if (level < 1 || level > flank::kMaxLevel)
      throw std::invalid_argument("--level must be 1-" + std::to_string(flank::kMaxLevel));
    if (exact_empties < -1 || exact_empties > flank::kMaxSquares)
      throw std::invalid_argument("--exact-empties must be -1 or more");
    if (!vm["size"].defaulted() && moves.empty())
      throw std::invalid_argument("--size goes with --moves (a record gives its own board)");
    flank::check_threads(threads);
    flank::check_hash(hash_mb);
    options.level = level;
    options.exact_empties = exact_empties;
    options.book = flank::book_from_option(book_option);
    input = moves.empty()
                ? flank::review::read_review_file(file, game_number)
                : flank::review::read_review_moves(moves, flank::parse_size_option(size_text));
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  if (!input.game.has_moves() && !input.error.empty()) return fail(input.error);
  if (!input.game.has_moves()) return fail("the game has no moves to review");

  try {
    flank::ParallelSearcher searcher(hash_mb, threads);
    searcher.set_evaluator(flank::pattern_evaluator());
    const flank::review::GameReview review =
        flank::review::review_game(searcher, input.game, options, terminal_progress());
    flank::review::write_table(std::cout, review);
    flank::review::write_summary(std::cout, review);
    if (!csv_path.empty())
      write_file(csv_path, [&](std::ostream& out) { flank::review::write_csv(out, review); });
    if (!svg_path.empty())
      write_file(svg_path, [&](std::ostream& out) {
        flank::review::write_svg(out, review, input.title.empty() ? "flank-review" : input.title);
      });
  } catch (const flank::TableAllocationError& e) {
    return fail(flank::hash_allocation_error(e.megabytes()));
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  if (!input.error.empty()) {
    std::cout.flush();
    std::cerr << "error: " << input.error << " (the review stops before it)\n";
    return 1;
  }
  return 0;
}
