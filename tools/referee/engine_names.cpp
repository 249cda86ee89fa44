#include "tools/referee/engine_names.hpp"

#include <algorithm>

namespace flank::referee {

namespace {

// The arguments as options with their values: "--level 3 --eval hand" gives
// "--level 3" and "--eval hand", so a difference shows with its option.
std::vector<std::string> argument_groups(const std::vector<std::string>& command) {
  std::vector<std::string> groups;
  for (size_t i = 1; i < command.size(); ++i) {
    const std::string& word = command[i];
    const bool option = word.size() > 1 && word[0] == '-';
    if (option || groups.empty() || groups.back()[0] != '-' ||
        groups.back().find('=') != std::string::npos)
      groups.push_back(word);
    else
      groups.back() += " " + word;
  }
  return groups;
}

std::string join_missing(const std::vector<std::string>& groups,
                         const std::vector<std::string>& other) {
  std::string text;
  for (const std::string& g : groups) {
    if (std::find(other.begin(), other.end(), g) != other.end()) continue;
    if (!text.empty()) text += ' ';
    text += g;
  }
  return text;
}

}  // namespace

std::array<std::string, 2> default_engine_names(
    const std::array<std::vector<std::string>, 2>& commands,
    const std::array<std::string, 2>& gtp_names) {
  std::array<std::string, 2> names = gtp_names;
  if (names[0] != names[1]) return names;
  const std::array<std::vector<std::string>, 2> groups = {argument_groups(commands[0]),
                                                          argument_groups(commands[1])};
  const std::array<std::string, 2> differences = {join_missing(groups[0], groups[1]),
                                                  join_missing(groups[1], groups[0])};
  if (!differences[0].empty() || !differences[1].empty()) {
    for (int i = 0; i < 2; ++i) {
      if (!differences[i].empty()) names[i] += " " + differences[i];
    }
    if (names[0] != names[1]) return names;  // else only the order of arguments differs
  }
  if (commands[0] != commands[1] && commands[0][0] != commands[1][0]) {
    for (int i = 0; i < 2; ++i) names[i] = gtp_names[i] + " (" + commands[i][0] + ")";
    return names;
  }
  // The same engine twice: only their places in the match (A and B) differ.
  return {gtp_names[0] + " A", gtp_names[1] + " B"};
}

}  // namespace flank::referee
