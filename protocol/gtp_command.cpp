#include "protocol/gtp_command.hpp"

#include <sstream>

namespace flank::gtp {
namespace {

bool is_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

}  // namespace

std::string preprocess(std::string_view raw_line) {
  std::string out;
  out.reserve(raw_line.size());
  for (char ch : raw_line) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '#') break;
    if (c == '\t') {
      out += ' ';
    } else if (c == '\n' || (c >= 32 && c != 127)) {
      out += ch;
    }
  }
  const size_t first = out.find_first_not_of(" \n");
  if (first == std::string::npos) return {};
  const size_t last = out.find_last_not_of(" \n");
  return out.substr(first, last - first + 1);
}

std::optional<Command> parse_command(std::string_view raw_line) {
  const std::string line = preprocess(raw_line);
  if (line.empty()) return std::nullopt;
  std::istringstream words(line);
  std::string word;
  Command cmd;
  words >> word;
  if (is_digits(word)) {
    cmd.id = word;
    if (!(words >> word)) return cmd;
  }
  cmd.name = word;
  while (words >> word) cmd.args.push_back(word);
  return cmd;
}

std::string format_reply(const std::string& id, bool success, std::string_view text) {
  // A blank line ends a reply, so the body must not contain one.
  while (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  std::string out(1, success ? '=' : '?');
  out += id;
  if (!text.empty() && text.front() != '\n') out += ' ';
  for (char c : text) {
    if (c == '\n' && !out.empty() && out.back() == '\n') continue;
    out += c;
  }
  out += "\n\n";
  return out;
}

}  // namespace flank::gtp
