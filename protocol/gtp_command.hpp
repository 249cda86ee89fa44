#pragma once
// GTP version 2 framing: one input line becomes a command (after the spec's
// preprocessing), and a handler's outcome becomes the reply text with its id,
// its = or ? and the closing blank line.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flank::gtp {

struct Command {
  std::string id;  // the digits of the optional numeric id; empty when absent
  std::string name;
  std::vector<std::string> args;
};

// GTP preprocessing: control characters other than HT and LF removed (so CR
// goes), HT turned into a space, everything from '#' on dropped, surrounding
// whitespace trimmed.
std::string preprocess(std::string_view raw_line);

// The command on a line, or nothing for a line that is empty after
// preprocessing (such lines get no reply). The name may be empty when the line
// holds only an id; the dispatcher answers that with an error.
std::optional<Command> parse_command(std::string_view raw_line);

// "=ID text\n\n" or "?ID text\n\n". A text that starts with a newline (a
// multi-line reply such as a board) follows the = directly; an empty text
// gives "=ID\n\n".
std::string format_reply(const std::string& id, bool success, std::string_view text);

}  // namespace flank::gtp
