#include "tools/play/settings.hpp"

#include <stdexcept>

#include "engine/board/square.hpp"
#include "protocol/illegal_move.hpp"

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

std::string levels_text(const PlaySettings& s) {
  if (s.levels[0] == s.levels[1]) return std::to_string(s.levels[0]);
  return "black " + std::to_string(s.levels[0]) + ", white " + std::to_string(s.levels[1]);
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

Game starting_game(const PlaySettings& s) {
  Position start(s.shape);
  if (!s.start_board.empty()) {
    try {
      start = Position::parse(s.start_board);
    } catch (const std::exception& e) {
      throw std::invalid_argument(std::string("the start board cannot be read: ") + e.what());
    }
    if (start.shape() != s.shape)
      throw std::invalid_argument("the start board is " + shape_name(start.shape()) + ", not " +
                                  shape_name(s.shape));
  }
  Game game(start);
  try {
    game.play_sequence(s.start_moves);
  } catch (const std::exception& e) {
    throw std::invalid_argument("the start moves cannot be played: " + error_text(e));
  }
  return game;
}

bool change_size(PlaySettings& s, Shape shape) {
  const bool had_start = !s.start_board.empty() || !s.start_moves.empty();
  if (shape == s.shape || !had_start) {
    s.shape = shape;
    return false;
  }
  s.shape = shape;
  s.start_board.clear();
  s.start_moves.clear();
  return true;
}

std::string start_text(const PlaySettings& s) {
  std::string text = s.start_board.empty() ? "the standard start" : "a given board";
  if (!s.start_moves.empty()) {
    const Game game = starting_game(s);
    text += " after " + join_squares(game.moves(), s.shape, " ");
  }
  return text;
}

size_t utf8_length(std::string_view text) {
  size_t n = 0;
  for (char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

}  // namespace flank::terminal_play
