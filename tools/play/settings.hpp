#pragma once
// What the player chose in the Options menu (or on the command line): board
// size, who plays each colour, the computer's levels, names, how to draw, and
// where a new game starts.

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/board/color.hpp"
#include "engine/board/game.hpp"
#include "engine/book/opening_book.hpp"

namespace flank::terminal_play {

enum class PlayerKind { Human, Computer };
enum class DiscStyle { Letters, Unicode };  // X/O or the discs ● ○

struct PlaySettings {
  Shape shape{};  // the board: 8x8 unless chosen otherwise
  std::array<PlayerKind, 2> players{PlayerKind::Human, PlayerKind::Computer};  // black, white
  std::array<int, 2> levels{3, 3};     // each computer's level (black, white); also the hints'
  std::array<std::string, 2> names{};  // empty: called by the colour only
  DiscStyle discs = DiscStyle::Letters;
  bool colour = false;
  bool show_flips = false;  // mark the discs the last move flipped
  int delay_ms = 800;       // pause between moves when two computers play; 0 = none
  int randomness = 0;       // the computer picks among moves this many discs from the best
  std::uint64_t seed = 0;   // for randomness, varied per move
  // Where a new game starts: a board text (Position::parse; "" = the start
  // position of `shape`) and moves played from it ("f5d6c3"; "" = none).
  std::string start_board;
  std::string start_moves;
  // The computer's 8x8 opening book (null: none) and its variety (see flank --book-random).
  std::shared_ptr<const OpeningBook> book;
  double book_randomness = 0;  // chosen by seed
  int threads = 1;             // the computer's search threads (flank-play --threads)

  PlayerKind kind(Color c) const { return players[static_cast<int>(c)]; }
  bool is_human(Color c) const { return kind(c) == PlayerKind::Human; }
  const std::string& name(Color c) const { return names[static_cast<int>(c)]; }
  int level(Color c) const { return levels[static_cast<int>(c)]; }
};

// "Black" / "White".
std::string colour_word(Color c);
// How messages call a player: "Black", or "Ann (Black)" when named.
std::string player_label(const PlaySettings& s, Color c);
// The pairing in words, e.g. "human vs computer".
std::string pairing_name(const PlaySettings& s);
// The levels in words: "3", or "black 2, white 5" when they differ.
std::string levels_text(const PlaySettings& s);

// The four pairings in menu order: human vs human, human vs computer,
// computer vs human, computer vs computer (black first).
constexpr int kPairings = 4;
std::array<PlayerKind, 2> pairing(int index);

// Command-line and menu spellings: "hh", "hc", "ch", "cc"; throws std::invalid_argument.
std::array<PlayerKind, 2> parse_pairing(const std::string& text);

// A new game as the settings say: the start board (or the standard start of
// `shape`) with the start moves played. Throws std::invalid_argument with a
// message for people when the board or a move is wrong.
Game starting_game(const PlaySettings& s);

// Changes the board shape; a start for another shape goes back to the standard
// start. Returns true when it did.
bool change_size(PlaySettings& s, Shape shape);

// The start in words: "the standard start", "after f5 d6 c3", "from a board".
std::string start_text(const PlaySettings& s);

// Characters in UTF-8 text (not bytes), as names are measured.
size_t utf8_length(std::string_view text);

}  // namespace flank::terminal_play
