#include "tools/referee/command_words.hpp"

#include <stdexcept>

namespace flank::referee {

std::vector<std::string> split_command_words(std::string_view command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else if (c == '\'' || c == '"') {
      const size_t end = command.find(c, i + 1);
      if (end == std::string_view::npos) {
        throw std::invalid_argument("unterminated " + std::string(1, c) + " quote in command '" +
                                    std::string(command) + "'");
      }
      word.append(command.substr(i + 1, end - i - 1));
      in_word = true;
      i = end;
    } else if (c == '\\' && i + 1 < command.size()) {
      word.push_back(command[++i]);
      in_word = true;
    } else {
      word.push_back(c);
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) throw std::invalid_argument("empty engine command");
  return words;
}

std::string join_command_words(const std::vector<std::string>& words) {
  std::string line;
  for (const std::string& w : words) {
    if (!line.empty()) line += ' ';
    if (!w.empty() && w.find_first_of(" \t'\"\\") == std::string::npos) {
      line += w;
      continue;
    }
    line += '\'';
    for (char c : w) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

}  // namespace flank::referee
