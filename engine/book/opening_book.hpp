#pragma once
// The 8x8 opening book in memory: positions, each with a value for its side to
// move and the number of games that reached it. A position is stored once for
// its 8 symmetric images (the key is the smallest image) and once however it was
// reached (transpositions). A book move is a legal move whose resulting position
// is in the book, so no move needs mapping between symmetric images. Pure code:
// reading and writing book files is in tools/common/book_file.hpp.

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "engine/board/position.hpp"

namespace flank {

// A position from its mover's point of view, under the smallest of its 8 images.
struct BookKey {
  std::uint64_t me = 0;
  std::uint64_t opp = 0;
  friend bool operator==(const BookKey&, const BookKey&) = default;
  friend auto operator<=>(const BookKey&, const BookKey&) = default;
};

struct BookKeyHash {
  std::size_t operator()(const BookKey& k) const {
    return static_cast<std::size_t>((k.me * 0x9E3779B97F4A7C15ULL) ^ (k.opp + (k.me >> 29)));
  }
};

struct BookEntry {
  int value = 0;            // for the side to move, in discs (negamaxed through the book)
  std::uint32_t games = 0;  // games of the source that reached the position (0: learnt)
  // How the value was found: the search depth of a leaf, kExactDepth when solved,
  // 0 for a position valued from its book moves.
  int depth = 0;
  static constexpr int kExactDepth = 255;
};

struct BookMove {
  Square move = kPass;
  int value = 0;  // for the mover
  std::uint32_t games = 0;
};

// The 8 images of a board (identity, rotations, reflections), index 0 = identity.
std::uint64_t book_symmetry(std::uint64_t bits, int which);
// The smallest of the 8 images of (me, opp), the key every image shares.
BookKey canonical_key(std::uint64_t me, std::uint64_t opp);

class OpeningBook {
 public:
  // The position a book holds for p: p itself, or p after a forced pass (the
  // mover has no move but the game goes on), so values carry the right sign
  // through passes. nullopt for a finished game or a board other than 8x8.
  static std::optional<Position> normalized(const Position& p);
  // Throws std::invalid_argument for a board other than 8x8.
  static BookKey key(const Position& p);

  const BookEntry* find(const Position& p) const;
  const BookEntry* find(const BookKey& k) const;
  void set(const BookKey& k, const BookEntry& e) { entries_[k] = e; }
  void set(const Position& p, const BookEntry& e) { set(key(p), e); }
  bool erase(const BookKey& k) { return entries_.erase(k) > 0; }

  // The book moves of p for its mover, best first (ties: more games first, then
  // the lower square). Empty when p is not 8x8, finished, not in the book, or
  // its mover has to pass.
  std::vector<BookMove> moves(const Position& p) const;
  // A book move within `spread` discs of the best, chosen by `seed` (spread 0:
  // always the first of moves(), whatever the seed). nullopt when p has no book move.
  std::optional<BookMove> choose(const Position& p, double spread, std::uint64_t seed) const;

  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  const std::unordered_map<BookKey, BookEntry, BookKeyHash>& entries() const { return entries_; }

 private:
  std::unordered_map<BookKey, BookEntry, BookKeyHash> entries_;
};

// The value of `move` for p's mover from the book: the child's value, negated
// unless the opponent has to pass; exact for a move that ends the game.
// nullopt when the child is not in the book.
std::optional<int> book_move_value(const OpeningBook& book, const Position& p, Square move);

}  // namespace flank
