#include "tools/hangman/text.hpp"

#include <algorithm>

namespace flank::hangman {
namespace {

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool is_utf8_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

bool is_word(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), is_ascii_letter);
}

std::string to_upper(std::string_view text) {
  std::string upper(text);
  for (char& c : upper)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return upper;
}

std::string_view trim(std::string_view text) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

std::string quoted_excerpt(std::string_view text) {
  constexpr std::size_t kMaxShown = 40;
  std::size_t shown_size = std::min(text.size(), kMaxShown);
  while (shown_size < text.size() && shown_size > 0 && is_utf8_continuation(text[shown_size]))
    --shown_size;
  std::string quoted = "'";
  for (char c : text.substr(0, shown_size)) {
    const auto byte = static_cast<unsigned char>(c);
    quoted += (byte < 0x20 || byte == 0x7f) ? '?' : c;
  }
  if (shown_size < text.size()) quoted += "...";
  quoted += '\'';
  return quoted;
}

}  // namespace flank::hangman
