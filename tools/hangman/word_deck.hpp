#pragma once
// Draws words in a shuffled order, so a word comes back only after all the
// others have been played. The shuffle uses only mt19937_64's output (fixed by
// the C++ standard), so a seed gives the same words with every compiler.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace flank::hangman {

class WordDeck {
 public:
  // `words` must not be empty (std::invalid_argument otherwise).
  WordDeck(std::vector<std::string> words, std::uint64_t seed);

  const std::string& next();

 private:
  void shuffle();

  std::vector<std::string> words_;
  std::mt19937_64 rng_;
  std::size_t next_ = 0;
};

}  // namespace flank::hangman
