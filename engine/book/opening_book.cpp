// The opening book's keys (the smallest of 8 symmetric images) and its moves.
#include "engine/book/opening_book.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "engine/board/hash_mix.hpp"
#include "engine/board/symmetry8.hpp"

namespace flank {

std::uint64_t book_symmetry(std::uint64_t bits, int which) { return board8::symmetry(bits, which); }

BookKey canonical_key(std::uint64_t me, std::uint64_t opp) {
  BookKey best{me, opp};
  for (int which = 1; which < 8; ++which)
    best = std::min(best, BookKey{book_symmetry(me, which), book_symmetry(opp, which)});
  return best;
}

std::optional<Position> OpeningBook::normalized(const Position& p) {
  if (p.shape() != Shape::square(8) || p.is_game_over()) return std::nullopt;
  if (p.has_legal_move()) return p;
  Position passed = p;
  passed.play(kPass);
  return passed;
}

BookKey OpeningBook::key(const Position& p) {
  if (p.shape() != Shape::square(8))
    throw std::invalid_argument("the opening book is for 8x8 boards only");
  const Board<std::uint64_t> b = p.board<std::uint64_t>();
  return canonical_key(b.me, b.opp);
}

const BookEntry* OpeningBook::find(const BookKey& k) const {
  const auto it = entries_.find(k);
  return it == entries_.end() ? nullptr : &it->second;
}

const BookEntry* OpeningBook::find(const Position& p) const {
  const auto n = normalized(p);
  return n ? find(key(*n)) : nullptr;
}

std::optional<int> book_move_value(const OpeningBook& book, const Position& p, Square move) {
  Position child = p;
  child.play(move);
  const int mover_sign = p.to_move() == Color::Black ? 1 : -1;
  if (child.is_game_over()) return mover_sign * child.score();
  const Position n = *OpeningBook::normalized(child);
  const BookEntry* e = book.find(OpeningBook::key(n));
  if (!e) return std::nullopt;
  return n.to_move() == p.to_move() ? e->value : -e->value;
}

std::vector<BookMove> OpeningBook::moves(const Position& p) const {
  std::vector<BookMove> out;
  // A mover who has to pass has no book move (the pass is not the book's to choose).
  if (p.shape() != Shape::square(8) || p.is_game_over() || !p.has_legal_move() || !find(key(p)))
    return out;
  for (Square move : p.legal_moves()) {
    const auto value = book_move_value(*this, p, move);
    if (!value) continue;
    Position child = p;
    child.play(move);
    const BookEntry* e = find(child);
    out.push_back({move, *value, e ? e->games : 0});
  }
  std::sort(out.begin(), out.end(), [](const BookMove& a, const BookMove& b) {
    if (a.value != b.value) return a.value > b.value;
    if (a.games != b.games) return a.games > b.games;
    return a.move < b.move;
  });
  return out;
}

std::optional<BookMove> OpeningBook::choose(const Position& p, double spread,
                                            std::uint64_t seed) const {
  const std::vector<BookMove> all = moves(p);
  if (all.empty()) return std::nullopt;
  if (spread <= 0) return all.front();  // deterministic: ties go to the most played move
  size_t within = 1;
  while (within < all.size() && all.front().value - all[within].value <= spread) ++within;
  return all[splitmix64(seed) % within];
}

}  // namespace flank
