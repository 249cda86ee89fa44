#pragma once
// A hangman session on any pair of streams: games one after another until the
// player declines another or input ends. flank-hangman's main and flank-play's
// menu both call run_hangman.

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace flank::hangman {

inline constexpr int kDefaultStrikes = 7;
inline constexpr int kMaxStrikes = 26;

struct HangmanOptions {
  std::vector<std::string> words;     // empty: the built-in bank
  std::optional<std::uint64_t> seed;  // empty: a fresh random seed
  int strikes = kDefaultStrikes;      // strikes that lose a game, 1..kMaxStrikes
  // Repeat each line read after its prompt, so the transcript of piped input
  // reads like a terminal session (a terminal echoes typed lines itself).
  bool echo_input = false;
  // When set, reads every answer instead of `in`: it gets the prompt to show
  // and returns the line, or nullopt at the end of input. flank-play passes its
  // line editor here.
  std::function<std::optional<std::string>(const std::string& prompt)> ask;
};

// Plays until the player says no, types quit or exit, or `in` ends; returns 0
// (the exit status).
// Throws std::invalid_argument for strikes out of range or words that are not
// all letters a-z.
int run_hangman(std::istream& in, std::ostream& out, const HangmanOptions& options);

}  // namespace flank::hangman
