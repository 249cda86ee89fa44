// flank-hangman: the word-guessing game, on the terminal (stdin/stdout).
#include <unistd.h>

#include <charconv>
#include <cstdint>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "tools/common/options.hpp"
#include "tools/hangman/session.hpp"
#include "tools/hangman/word_list.hpp"

namespace po = boost::program_options;

namespace {

// Whole-string unsigned parse: rejects "-1" and "12abc", which lexical_cast
// would wrap or which would silently change the game.
bool parse_seed(const std::string& text, std::uint64_t& seed) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, seed);
  return !text.empty() && ec == std::errc() && ptr == end;
}

}  // namespace

int main(int argc, char** argv) {
  std::string words_file;
  std::string seed_text;
  int strikes = flank::hangman::kDefaultStrikes;
  po::options_description opts(
      "flank-hangman: guess the word letter by letter before the gallows is complete.\n"
      "Usage: flank-hangman [OPTIONS]\n\nOptions");
  flank::add_help_version_options(opts);
  opts.add_options()(
      "words", po::value(&words_file)->value_name("FILE"),
      "draw words from FILE (letters a-z separated by spaces or newlines, '#' comments) "
      "instead of the built-in bank")(
      "seed", po::value(&seed_text)->value_name("N"),
      "seed for drawing words (0..2^64-1): the same seed gives the same words")(
      "strikes", po::value(&strikes)->value_name("N")->default_value(strikes),
      "wrong guesses that lose a game (1..26)");

  // No positional arguments: an empty description makes a stray word an error
  // rather than something silently ignored.
  const po::positional_options_description no_positionals;
  po::variables_map vm;
  if (const auto status =
          flank::parse_options(argc, argv, "flank-hangman", opts, vm, &no_positionals))
    return *status;
  const auto fail = [](const std::string& message) {
    std::cerr << "error: " << message << " (try --help)\n";
    return 2;
  };

  flank::hangman::HangmanOptions options;
  if (strikes < 1 || strikes > flank::hangman::kMaxStrikes)
    return fail("--strikes must be between 1 and " + std::to_string(flank::hangman::kMaxStrikes) +
                ", not " + std::to_string(strikes));
  options.strikes = strikes;
  options.echo_input = !isatty(STDIN_FILENO);
  if (vm.count("seed")) {
    std::uint64_t seed = 0;
    if (!parse_seed(seed_text, seed))
      return fail("--seed must be a whole number from 0 to 2^64-1, not '" + seed_text + "'");
    options.seed = seed;
  }
  try {
    if (vm.count("words")) options.words = flank::hangman::load_word_file(words_file);
    return flank::hangman::run_hangman(std::cin, std::cout, options);
  } catch (const std::exception& e) {  // a WordListError names the file
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
