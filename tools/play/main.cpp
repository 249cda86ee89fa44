// flank-play: Othello in the terminal for people, with a menu, options, the
// rules, saved games, and games between humans and the computer. Reads plain
// lines, so it works from a keyboard (with line editing) or from a file piped in.
#include <clocale>
#include <cstdint>
#include <exception>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "engine/board/color.hpp"
#include "engine/parallel/parallel_search.hpp"
#include "engine/search/search.hpp"
#include "tools/common/book_shipped.hpp"
#include "tools/common/fastest_build.hpp"
#include "tools/common/options.hpp"
#include "tools/play/game_file.hpp"
#include "tools/play/game_loop.hpp"
#include "tools/play/line_editor.hpp"
#include "tools/play/menu.hpp"
#include "tools/play/options_menu.hpp"
#include "tools/play/terminal.hpp"

namespace po = boost::program_options;
using namespace flank::terminal_play;

namespace {

std::string check_level(int level, const std::string& option) {
  if (level < 1 || level > flank::kMaxLevel)
    return option + " must be 1-" + std::to_string(flank::kMaxLevel);
  return "";
}

// Applies the command-line choices; returns an error line or "".
std::string apply_options(const po::variables_map& vm, PlaySettings& settings) {
  try {
    settings.shape = flank::parse_size_option(vm["size"].as<std::string>());
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  try {
    settings.players = parse_pairing(vm["players"].as<std::string>());
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  const int level = vm["level"].as<int>();
  if (auto error = check_level(level, "--level"); !error.empty()) return error;
  settings.levels = {level, level};
  for (const auto& [option, index] : {std::pair{"black-level", 0}, std::pair{"white-level", 1}}) {
    if (!vm.count(option)) continue;
    const int side = vm[option].as<int>();
    if (auto error = check_level(side, std::string("--") + option); !error.empty()) return error;
    settings.levels[static_cast<size_t>(index)] = side;
  }
  settings.names = {vm["black"].as<std::string>(), vm["white"].as<std::string>()};
  for (const auto& name : settings.names)
    if (const std::string problem = name.empty() ? "" : name_problem(name); !problem.empty())
      return "bad name \"" + name + "\": " + problem;
  const std::string discs = vm["discs"].as<std::string>();
  if (discs == "letters")
    settings.discs = DiscStyle::Letters;
  else if (discs == "unicode")
    settings.discs = DiscStyle::Unicode;
  else
    return "--discs must be letters or unicode";
  const std::string colour = vm["colour"].as<std::string>();
  if (colour == "auto")
    settings.colour = stdout_wants_colour();
  else if (colour == "on" || colour == "off")
    settings.colour = colour == "on";
  else
    return "--colour must be auto, on or off";
  settings.book_randomness = vm["book-random"].as<double>();
  if (settings.book_randomness < 0) return "--book-random must not be negative";
  try {
    settings.book = flank::book_from_option(vm["book"].as<std::string>());
  } catch (const std::exception& e) {
    return e.what();
  }
  settings.show_flips = vm.count("flips") > 0;
  settings.delay_ms = vm.count("no-delay") ? 0 : vm["delay"].as<int>();
  if (settings.delay_ms < 0 || settings.delay_ms > kMaxDelayMs)
    return "--delay must be 0-" + std::to_string(kMaxDelayMs) + " ms";
  settings.randomness = vm["random"].as<int>();
  if (settings.randomness < 0 || settings.randomness > kMaxRandomness)
    return "--random must be 0-" + std::to_string(kMaxRandomness) + " discs";
  settings.threads = vm["threads"].as<int>();
  if (settings.threads < 1 || settings.threads > flank::kMaxSearchThreads)
    return "--threads must be 1-" + std::to_string(flank::kMaxSearchThreads);
  settings.seed = vm.count("seed")
                      ? vm["seed"].as<std::uint64_t>()
                      : (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}();
  if (vm.count("position")) {
    if (const std::string problem = apply_start(settings, vm["position"].as<std::string>());
        !problem.empty() || settings.start_board.empty())
      return "--position: " + (problem.empty() ? "not a board text" : problem);
  }
  if (vm.count("moves")) {
    settings.start_moves = vm["moves"].as<std::string>();
    try {
      starting_game(settings);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  flank::start_fastest_build(argv);  // the code for this CPU, where installed
  const PlaySettings defaults;
  po::options_description opts(
      "flank-play: Othello in the terminal. Everything can also be chosen in the Options menu.\n"
      "Usage: flank-play [OPTIONS]\n\nOptions");
  flank::add_help_version_options(opts);
  // clang-format off
  opts.add_options()
      ("size", po::value<std::string>()->default_value("8"), flank::kSizeHelp)
      ("players", po::value<std::string>()->default_value("hc"),
       "who plays black and white: hh, hc, ch or cc (h = human, c = computer)")
      ("level", po::value<int>()->default_value(defaults.levels[0]),
       ("computer level 1-" + std::to_string(flank::kMaxLevel) + " for both sides").c_str())
      ("black-level", po::value<int>(), "black computer's level (instead of --level)")
      ("white-level", po::value<int>(), "white computer's level (instead of --level)")
      ("random", po::value<int>()->default_value(0),
       "variety: the computer picks among moves up to this many discs worse than the best")
      ("seed", po::value<std::uint64_t>(), "seed for --random (default: a new one each run)")
      ("black", po::value<std::string>()->default_value(""), "black player's name")
      ("white", po::value<std::string>()->default_value(""), "white player's name")
      ("moves", po::value<std::string>(), "start new games after these moves, e.g. f5d6c3")
      ("position", po::value<std::string>(),
       "start new games from this board text (N*N cells X O -, then X or O to move)")
      ("load", po::value<std::string>(), "load a saved game (GGF) and play on from it")
      ("discs", po::value<std::string>()->default_value("letters"),
       "disc style: letters (X and O) or unicode (\u25CF and \u25CB)")
      ("colour,color", po::value<std::string>()->default_value("auto"),
       "colours: auto (only on a terminal), on or off")
      ("flips", "mark the discs the last move flipped (x and o)")
      ("delay", po::value<int>()->default_value(defaults.delay_ms),
       "pause between computer moves in computer vs computer games, milliseconds")
      ("no-delay", "no pause between computer moves (same as --delay 0)")
      ("book", po::value<std::string>()->default_value(""),
       "the computer's 8x8 opening book: a book file, or off (default: the shipped book)")
      ("book-random", po::value<double>()->default_value(1),
       "the computer plays any book move within this many discs of the best (by --seed)");
  // clang-format on
  int threads = 1;
  flank::add_threads_option(opts, threads);
  po::variables_map vm;
  if (const auto status = flank::parse_options(argc, argv, "flank-play", opts, vm)) return *status;

  Session session{std::cin, std::cout, defaults};
  session.terminal_input = stdin_is_terminal();
  session.terminal_output = stdout_is_terminal();
  session.echo_input = !session.terminal_input;
  session.catch_interrupt = true;
  if (const std::string error = apply_options(vm, session.settings); !error.empty()) {
    std::cerr << "error: " << error << " (try --help)\n";
    return 2;
  }
  if (vm.count("load")) {
    try {
      session.game = load_game_file(vm["load"].as<std::string>());
      change_size(session.settings, session.game->shape());
      session.last_file = vm["load"].as<std::string>();
    } catch (const std::exception& e) {
      std::cerr << "error: " << e.what() << "\n";
      return 1;
    }
  }
  std::unique_ptr<LineEditor> editor;
  try {
    if (session.terminal_input && session.terminal_output) {
      std::setlocale(LC_CTYPE, "");  // so the editor handles names with accents
      editor = std::make_unique<LineEditor>(argv[0]);
      session.editor = editor.get();
    }
    if (session.game) {
      std::cout << "Loaded " << session.last_file << ".\n";
      continue_game(session);
    }
    run_main_menu(session, main_menu_entries());
  } catch (const std::exception& e) {  // a bug, not bad input: say so and fail
    std::cerr << "flank-play: internal error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
