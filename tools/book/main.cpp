// flank-book: builds, extends, merges and describes opening books (docs/book.md).
#include <chrono>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/search/search.hpp"
#include "engine/table/tt.hpp"
#include "tools/book/book_builder.hpp"
#include "tools/common/book_file.hpp"
#include "tools/common/fastest_build.hpp"
#include "tools/common/options.hpp"
#include "tools/common/wthor_pgn.hpp"

namespace po = boost::program_options;

namespace {

struct Settings {
  std::string command, out, book;
  std::vector<std::string> inputs;
  flank::BookBuildOptions build;
  int level = 4;
  int learn_plies = 0;
  std::string moves;
  std::size_t hash_mb = 64;
};

void say(const std::string& line) { std::cerr << "flank-book: " << line << std::endl; }

void need(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

void value_and_learn(flank::OpeningBook& book, const Settings& s) {
  flank::Searcher searcher(s.hash_mb);
  searcher.set_evaluator(flank::pattern_evaluator());
  const auto start = std::chrono::steady_clock::now();
  const std::size_t searched = flank::value_leaves(book, searcher, s.level, say);
  say("searched " + std::to_string(searched) + " leaves at level " + std::to_string(s.level));
  if (s.learn_plies > 0) {
    const std::size_t added = flank::learn(book, searcher, s.level, s.learn_plies, say);
    say("learn added " + std::to_string(added) + " moves");
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  say("search time " + std::to_string(static_cast<int>(seconds)) + " s");
}

void save(const flank::OpeningBook& book, const Settings& s) {
  flank::write_book_file(s.out, book);
  say("wrote " + std::to_string(book.size()) + " positions to " + s.out);
}

int build(const Settings& s) {
  need(!s.out.empty(), "build needs --out FILE");
  need(!s.inputs.empty(), "build needs the PGN files to read");
  flank::PositionCounter counter(s.build);
  flank::WthorStats stats;
  for (const std::string& path : s.inputs)
    flank::read_wthor_pgn_file(
        path, [&](const flank::WthorGame& g) { counter.add(g.game); }, stats);
  say("read " + std::to_string(stats.games) + " games, skipped " + std::to_string(stats.skipped) +
      " bad records");
  for (const std::string& e : stats.first_errors) say("skipped " + e);
  flank::OpeningBook book = counter.book();
  say(std::to_string(counter.distinct()) + " distinct positions, " + std::to_string(book.size()) +
      " reached by at least " + std::to_string(s.build.min_games) + " games");
  need(!book.empty(), "no position was reached by enough games");
  value_and_learn(book, s);
  save(book, s);
  return 0;
}

int extend(const Settings& s) {
  need(!s.book.empty() && !s.out.empty(), "extend needs --book FILE and --out FILE");
  flank::OpeningBook book = flank::read_book_file(s.book);
  value_and_learn(book, s);
  save(book, s);
  return 0;
}

int merge(const Settings& s) {
  need(!s.out.empty() && s.inputs.size() >= 2, "merge needs --out FILE and two books or more");
  flank::OpeningBook book = flank::read_book_file(s.inputs[0]);
  for (size_t i = 1; i < s.inputs.size(); ++i)
    flank::merge_into(book, flank::read_book_file(s.inputs[i]));
  save(book, s);
  return 0;
}

int stats(const Settings& s) {
  need(s.inputs.size() == 1, "stats needs one book file");
  flank::print_stats(flank::read_book_file(s.inputs[0]), std::cout);
  return 0;
}

int show(const Settings& s) {
  need(s.inputs.size() == 1, "show needs one book file");
  const flank::OpeningBook book = flank::read_book_file(s.inputs[0]);
  flank::Game game;
  game.play_sequence(s.moves);
  for (const flank::BookMove& m : book.moves(game.position()))
    std::cout << flank::square_name(m.move, 8) << ' ' << m.value << ' ' << m.games << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  flank::start_fastest_build(argv);  // the code for this CPU, where installed
  Settings s;
  po::options_description shown(
      "Usage: flank-book COMMAND [OPTIONS] [FILES...]\n\nCommands:\n"
      "  build --out BOOK PGN...        a book from WTHOR PGN games, leaves valued by search\n"
      "  extend --book BOOK --out BOOK  re-search leaves shallower than --level; with\n"
      "                                 --learn-plies, add the search's better deviations\n"
      "  merge --out BOOK BOOK BOOK...  union of books (games add up, deeper values win)\n"
      "  stats BOOK                     positions per ply, leaves, the start's moves\n"
      "  show BOOK [--moves f5d6]       the book moves after a move list: MOVE VALUE GAMES\n"
      "See docs/book.md.\n\nOptions");
  flank::add_help_version_options(shown);
  // clang-format off
  shown.add_options()
      ("out,o", po::value<std::string>(&s.out), "book file to write")
      ("book,b", po::value<std::string>(&s.book), "book file to read (extend)")
      ("plies", po::value<int>(&s.build.max_plies)->default_value(s.build.max_plies),
       "build: keep positions up to this many moves from the start")
      ("min-games", po::value<std::uint32_t>(&s.build.min_games)->default_value(s.build.min_games),
       "build: keep positions reached by at least this many games")
      ("level", po::value<int>(&s.level)->default_value(s.level),
       "search level (1..10) valuing leaves and learning")
      ("learn-plies", po::value<int>(&s.learn_plies)->default_value(0),
       "search positions up to this ply for better moves than the book's (0: no learning)")
      ("hash", po::value<std::size_t>(&s.hash_mb)->default_value(s.hash_mb),
       "transposition table size in MB")
      ("moves", po::value<std::string>(&s.moves)->default_value(""),
       "show: the moves from the start, e.g. f5d6c3");
  // clang-format on
  // COMMAND and FILES, given by position: left out of --help.
  po::options_description opts;
  opts.add(shown).add_options()("command", po::value<std::string>(&s.command))(
      "inputs", po::value<std::vector<std::string>>(&s.inputs));
  po::positional_options_description positional;
  positional.add("command", 1).add("inputs", -1);
  po::variables_map vm;
  if (const auto status =
          flank::parse_options(argc, argv, "flank-book", opts, vm, &positional, &shown))
    return *status;
  try {
    need(s.level >= 1 && s.level <= flank::kMaxLevel, "--level must be from 1 to 10");
    need(s.build.max_plies >= 0 && s.build.max_plies <= 60, "--plies must be from 0 to 60");
    need(s.build.min_games >= 1, "--min-games must be at least 1");
    flank::check_hash(s.hash_mb);
    if (s.command == "build") return build(s);
    if (s.command == "extend") return extend(s);
    if (s.command == "merge") return merge(s);
    if (s.command == "stats") return stats(s);
    if (s.command == "show") return show(s);
    throw std::invalid_argument(s.command.empty() ? "no command given"
                                                  : "unknown command '" + s.command + "'");
  } catch (const std::invalid_argument& e) {
    std::cerr << "error: " << e.what() << " (try --help)\n";
    return 2;
  } catch (const flank::TableAllocationError& e) {
    std::cerr << "error: " << flank::hash_allocation_error(e.megabytes()) << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "error: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
