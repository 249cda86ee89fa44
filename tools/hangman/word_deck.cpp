#include "tools/hangman/word_deck.hpp"

#include <stdexcept>
#include <utility>

namespace flank::hangman {

WordDeck::WordDeck(std::vector<std::string> words, std::uint64_t seed)
    : words_(std::move(words)), rng_(seed) {
  if (words_.empty()) throw std::invalid_argument("hangman needs at least one word");
  shuffle();
}

const std::string& WordDeck::next() {
  if (next_ == words_.size()) {
    // A new round must not open with the word that closed the last one.
    const std::string last = words_.back();
    shuffle();
    if (words_.size() > 1 && words_.front() == last) std::swap(words_.front(), words_.back());
  }
  return words_[next_++];
}

void WordDeck::shuffle() {
  // Fisher-Yates; the modulo bias is below 2^-40 for any real word list.
  for (std::size_t i = words_.size(); i > 1; --i) std::swap(words_[i - 1], words_[rng_() % i]);
  next_ = 0;
}

}  // namespace flank::hangman
