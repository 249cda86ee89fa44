// libFuzzer target for hangman word files (`flank-hangman --words FILE`): a
// bad list may only throw WordListError; an accepted one holds at least one
// word, each all upper-case letters A-Z.
#include "tests/fuzz/fuzz_check.hpp"
#include "tools/hangman/word_list.hpp"

using flank::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const auto words = flank::hangman::parse_word_list(flank::fuzz::as_text(data, size), "fuzz");
    require(!words.empty(), "an accepted list has a word");
    for (const auto& word : words)
      for (const char c : word) require(c >= 'A' && c <= 'Z', "words are upper-case letters");
  } catch (const flank::hangman::WordListError&) {
  }
  return 0;
}
