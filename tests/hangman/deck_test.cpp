#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "tools/hangman/word_deck.hpp"

using flank::hangman::WordDeck;
using Words = std::vector<std::string>;

namespace {

Words letters_list() {
  Words words;
  for (char c = 'A'; c <= 'T'; ++c) words.push_back(std::string(3, c));
  return words;
}

Words draw(WordDeck& deck, std::size_t n) {
  Words drawn;
  for (std::size_t i = 0; i < n; ++i) drawn.push_back(deck.next());
  return drawn;
}

}  // namespace

TEST_CASE("the same seed draws the same words, another seed another order") {
  WordDeck a(letters_list(), 42), b(letters_list(), 42), c(letters_list(), 43);
  const Words from_a = draw(a, 60);
  CHECK(from_a == draw(b, 60));
  CHECK(from_a != draw(c, 60));
}

TEST_CASE("every word comes once per round, and no word twice in a row") {
  const Words words = letters_list();
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    WordDeck deck(words, seed);
    const Words drawn = draw(deck, 3 * words.size());
    for (std::size_t round = 0; round < 3; ++round) {
      Words one_round(drawn.begin() + round * words.size(),
                      drawn.begin() + (round + 1) * words.size());
      std::sort(one_round.begin(), one_round.end());
      CHECK(one_round == words);
    }
    for (std::size_t i = 1; i < drawn.size(); ++i) CHECK(drawn[i] != drawn[i - 1]);
  }
}

TEST_CASE("a shuffle is not the identity for most seeds") {
  const Words words = letters_list();
  int unchanged = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    WordDeck deck(words, seed);
    unchanged += draw(deck, words.size()) == words;
  }
  CHECK(unchanged == 0);
}

TEST_CASE("a one-word deck keeps giving that word; an empty one is refused") {
  WordDeck deck({"ONLY"}, 7);
  CHECK(draw(deck, 3) == Words{"ONLY", "ONLY", "ONLY"});
  CHECK_THROWS_AS(WordDeck({}, 7), std::invalid_argument);
}
