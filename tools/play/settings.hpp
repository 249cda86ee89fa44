#pragma once
// What the player chose in the Options menu (or on the command line): board
// size, who plays each colour, the computer's level, names and how to draw.

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/color.hpp"
#include "engine/opening_book.hpp"

namespace flank::terminal_play {

enum class PlayerKind { Human, Computer };
enum class DiscStyle { Letters, Unicode };  // X/O or the discs ● ○

struct PlaySettings {
  int size = 8;
  std::array<PlayerKind, 2> players{PlayerKind::Human, PlayerKind::Computer};  // black, white
  int level = 3;
  std::array<std::string, 2> names{};  // empty: called by the colour only
  DiscStyle discs = DiscStyle::Letters;
  bool colour = false;
  int delay_ms = 800;  // pause between moves when two computers play; 0 = none
  // The computer's 8x8 opening book (null: none) and its variety (see flank --book-random).
  std::shared_ptr<const OpeningBook> book;
  double book_randomness = 0;
  std::uint64_t book_seed = 0;

  PlayerKind kind(Color c) const { return players[static_cast<int>(c)]; }
  bool is_human(Color c) const { return kind(c) == PlayerKind::Human; }
  const std::string& name(Color c) const { return names[static_cast<int>(c)]; }
};

// "Black" / "White".
std::string colour_word(Color c);
// How messages call a player: "Black", or "Ann (Black)" when named.
std::string player_label(const PlaySettings& s, Color c);
// The pairing in words, e.g. "human vs computer".
std::string pairing_name(const PlaySettings& s);

// The four pairings in menu order: human vs human, human vs computer,
// computer vs human, computer vs computer (black first).
constexpr int kPairings = 4;
std::array<PlayerKind, 2> pairing(int index);

// Command-line and menu spellings: "hh", "hc", "ch", "cc"; throws std::invalid_argument.
std::array<PlayerKind, 2> parse_pairing(const std::string& text);

}  // namespace flank::terminal_play
