// flank-play: Othello in the terminal for people, with a menu, options, the
// rules, and games between humans and the computer. Reads plain lines, so it
// works from a keyboard or from a file piped in.
#include <exception>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "engine/color.hpp"
#include "engine/search.hpp"
#include "tools/common/book_shipped.hpp"
#include "tools/common/options.hpp"
#include "tools/play/menu.hpp"
#include "tools/play/options_menu.hpp"
#include "tools/play/terminal.hpp"

namespace po = boost::program_options;
using namespace flank::terminal_play;

namespace {

// Applies the command-line choices; returns an error line or "".
std::string apply_options(const po::variables_map& vm, PlaySettings& settings) {
  settings.size = vm["size"].as<int>();
  if (!flank::is_valid_size(settings.size)) return "--size must be an even number from 4 to 26";
  try {
    settings.players = parse_pairing(vm["players"].as<std::string>());
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  settings.level = vm["level"].as<int>();
  if (settings.level < 1 || settings.level > flank::kMaxLevel)
    return "--level must be 1-" + std::to_string(flank::kMaxLevel);
  settings.names = {vm["black"].as<std::string>(), vm["white"].as<std::string>()};
  for (const auto& name : settings.names)
    if (name.size() > kMaxNameLength)
      return "names must be at most " + std::to_string(kMaxNameLength) + " characters";
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
  settings.book_seed = std::random_device{}();
  settings.delay_ms = vm.count("no-delay") ? 0 : vm["delay"].as<int>();
  if (settings.delay_ms < 0 || settings.delay_ms > kMaxDelayMs)
    return "--delay must be 0-" + std::to_string(kMaxDelayMs) + " ms";
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  const PlaySettings defaults;
  po::options_description opts(
      "flank-play: Othello in the terminal. Everything can also be chosen in the Options menu.\n"
      "Usage: flank-play [OPTIONS]\n\nOptions");
  opts.add_options()("help,h", "show this help")(
      "size", po::value<int>()->default_value(defaults.size), "board size, even 4-26")(
      "players", po::value<std::string>()->default_value("hc"),
      "who plays black and white: hh, hc, ch or cc (h = human, c = computer)")(
      "level", po::value<int>()->default_value(defaults.level),
      ("computer level 1-" + std::to_string(flank::kMaxLevel)).c_str())(
      "black", po::value<std::string>()->default_value(""), "black player's name")(
      "white", po::value<std::string>()->default_value(""), "white player's name")(
      "discs", po::value<std::string>()->default_value("letters"),
      "disc style: letters (X and O) or unicode (\u25CF and \u25CB)")(
      "colour,color", po::value<std::string>()->default_value("auto"),
      "colours: auto (only on a terminal), on or off")(
      "delay", po::value<int>()->default_value(defaults.delay_ms),
      "pause between computer moves in computer vs computer games, milliseconds")(
      "no-delay", "no pause between computer moves (same as --delay 0)")(
      "book", po::value<std::string>()->default_value(""),
      "the computer's 8x8 opening book: a book file, or off (default: the shipped book)")(
      "book-random", po::value<double>()->default_value(1),
      "the computer plays any book move within this many discs of the best");
  po::variables_map vm;
  if (!flank::parse_command_line(std::vector<std::string>(argv + 1, argv + argc), opts, vm))
    return vm.count("help") ? 0 : 2;

  Session session{std::cin, std::cout, defaults, !stdin_is_terminal()};
  if (const std::string error = apply_options(vm, session.settings); !error.empty()) {
    std::cerr << "error: " << error << " (try --help)\n";
    return 2;
  }
  try {
    run_main_menu(session, main_menu_entries());
  } catch (const std::exception& e) {  // a bug, not bad input: say so and fail
    std::cerr << "flank-play: internal error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
