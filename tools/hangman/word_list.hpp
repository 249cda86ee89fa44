#pragma once
// Word lists for hangman: the built-in bank and --words files share one format.
// Words are letters a-z separated by whitespace; case does not matter; '#'
// starts a comment to the end of the line; duplicates count once.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace flank::hangman {

// A word list that cannot be used; what() is one line naming the source.
class WordListError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses list text into upper-case words in first-seen order. `source` names
// the text in error messages (a file name). Throws WordListError on a token
// that is not all letters a-z/A-Z, or when the text holds no word at all.
std::vector<std::string> parse_word_list(std::string_view text, std::string_view source);

// Larger word files are refused (a dictionary of every English word is ~5 MiB).
inline constexpr std::size_t kMaxWordFileBytes = std::size_t{16} << 20;

// Reads and parses a word file; throws WordListError naming the file when it
// cannot be read or is not a valid list.
std::vector<std::string> load_word_file(const std::string& path);

// The text of data/hangman_words.txt as compiled into the program.
std::string_view builtin_word_text();

// The built-in bank, parsed once.
const std::vector<std::string>& builtin_words();

}  // namespace flank::hangman
