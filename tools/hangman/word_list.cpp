#include "tools/hangman/word_list.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <unordered_set>

#include "tools/hangman/text.hpp"

namespace flank::hangman {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

std::vector<std::string> parse_word_list(std::string_view text, std::string_view source) {
  std::vector<std::string> words;
  std::unordered_set<std::string> seen;
  int line = 1;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (is_space(c)) {
      ++i;
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else {
      const std::size_t start = i;
      while (i < text.size() && !is_space(text[i]) && text[i] != '#') ++i;
      const std::string_view token = text.substr(start, i - start);
      if (!is_word(token)) {
        throw WordListError(std::string(source) + ":" + std::to_string(line) + ": " +
                            quoted_excerpt(token) +
                            " is not a word (only letters a-z are allowed)");
      }
      std::string word = to_upper(token);
      if (seen.insert(word).second) words.push_back(std::move(word));
    }
  }
  if (words.empty()) throw WordListError(std::string(source) + ": no words in the file");
  return words;
}

std::vector<std::string> load_word_file(const std::string& path) {
  if (path.empty()) throw WordListError("the word file name is empty");
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw WordListError(path + ": is a directory, not a word file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw WordListError(path + ": cannot open word file: " + std::strerror(errno));
  // Read in chunks up to a limit, so a device like /dev/zero ends in an error
  // instead of filling memory.
  std::string text;
  char chunk[64 * 1024];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxWordFileBytes)
      throw WordListError(path + ": word file is larger than " +
                          std::to_string(kMaxWordFileBytes >> 20) + " MiB");
  }
  if (in.bad()) throw WordListError(path + ": cannot read word file");
  return parse_word_list(text, path);
}

const std::vector<std::string>& builtin_words() {
  static const std::vector<std::string> words =
      parse_word_list(builtin_word_text(), "built-in word bank");
  return words;
}

}  // namespace flank::hangman
