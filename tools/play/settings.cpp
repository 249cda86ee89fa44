#include "tools/play/settings.hpp"

#include <stdexcept>

namespace flank::terminal_play {

std::string colour_word(Color c) { return c == Color::Black ? "Black" : "White"; }

std::string player_label(const PlaySettings& s, Color c) {
  if (s.name(c).empty()) return colour_word(c);
  return s.name(c) + " (" + colour_word(c) + ")";
}

namespace {
const char* kind_word(PlayerKind k) { return k == PlayerKind::Human ? "human" : "computer"; }
}  // namespace

std::string pairing_name(const PlaySettings& s) {
  return std::string(kind_word(s.players[0])) + " vs " + kind_word(s.players[1]);
}

std::array<PlayerKind, 2> pairing(int index) {
  const PlayerKind h = PlayerKind::Human, c = PlayerKind::Computer;
  static constexpr std::array<std::array<PlayerKind, 2>, kPairings> table{
      {{h, h}, {h, c}, {c, h}, {c, c}}};
  return table.at(static_cast<size_t>(index));
}

std::array<PlayerKind, 2> parse_pairing(const std::string& text) {
  if (text.size() == 2) {
    std::array<PlayerKind, 2> out{};
    bool ok = true;
    for (int i = 0; i < 2; ++i) {
      const char ch = text[static_cast<size_t>(i)];
      if (ch == 'h' || ch == 'H')
        out[static_cast<size_t>(i)] = PlayerKind::Human;
      else if (ch == 'c' || ch == 'C')
        out[static_cast<size_t>(i)] = PlayerKind::Computer;
      else
        ok = false;
    }
    if (ok) return out;
  }
  throw std::invalid_argument(
      "players must be hh, hc, ch or cc (black first: h = human, "
      "c = computer), not \"" +
      text + "\"");
}

}  // namespace flank::terminal_play
