#pragma once
// Splits an engine command such as `build/flank --level 3` or
// `python3 'my engine.py'` into words, the way a POSIX shell would for plain
// words and quotes (no variables, globs or redirections).

#include <string>
#include <string_view>
#include <vector>

namespace flank::referee {

// Throws std::invalid_argument for an unterminated quote or an empty command.
std::vector<std::string> split_command_words(std::string_view command);

// The words back as one command line, quoting those that need it, for messages.
std::string join_command_words(const std::vector<std::string>& words);

}  // namespace flank::referee
