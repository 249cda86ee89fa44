#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <set>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"
#include "tests/book/book_fixture.hpp"

namespace flank {
namespace {

Position after(const std::string& moves) {
  Game g;
  g.play_sequence(moves);
  return g.position();
}

TEST_CASE("the 8 symmetric images of a position share one key") {
  const Position p = after("f5d6c3d3c4");
  const Board<std::uint64_t> b = p.board<std::uint64_t>();
  const BookKey k = OpeningBook::key(p);
  std::set<std::pair<std::uint64_t, std::uint64_t>> images;
  for (int which = 0; which < 8; ++which) {
    const std::uint64_t me = book_symmetry(b.me, which), opp = book_symmetry(b.opp, which);
    images.insert({me, opp});
    CHECK(canonical_key(me, opp) == k);
  }
  CHECK(images.size() == 8);  // an asymmetric position has 8 distinct images
  CHECK(OpeningBook::key(after("f5")) == OpeningBook::key(after("d3")));
  CHECK(OpeningBook::key(after("f5")) == OpeningBook::key(after("e6")));
  CHECK_FALSE(OpeningBook::key(after("f5d6")) == OpeningBook::key(after("f5f6")));
  // Transpositions meet: two move orders that reach one position share its key.
  std::map<std::string, std::string> seen;  // position text -> first line reaching it
  int transpositions = 0;
  const std::function<void(const Position&, const std::string&, int)> walk =
      [&](const Position& q, const std::string& line, int depth) {
        if (depth == 0) {
          const auto [it, fresh] = seen.emplace(q.to_string(), line);
          if (!fresh && it->second != line) {
            ++transpositions;
            CHECK(OpeningBook::key(q) == OpeningBook::key(after(it->second)));
          }
          return;
        }
        for (Square m : q.legal_moves()) {
          Position c = q;
          c.play(m);
          walk(c, line + square_name(m, 8), depth - 1);
        }
      };
  walk(Position(8), "", 4);
  CHECK(transpositions > 0);
}

TEST_CASE("a book built from 300 games: the four first moves have one value") {
  const OpeningBook& book = book_test::sample_book();
  REQUIRE(book.size() > 20);
  const std::vector<BookMove> first = book.moves(Position(8));
  REQUIRE(first.size() == 4);
  for (const BookMove& m : first) {
    CHECK(m.value == first[0].value);
    CHECK(m.games == 300);
  }
  // The root's value is its best move's value.
  CHECK(book.find(Position(8))->value == first[0].value);
}

TEST_CASE("book values are negamaxed with the mover's sign") {
  const OpeningBook& book = book_test::sample_book();
  const Position p = after("f5");
  const std::vector<BookMove> replies = book.moves(p);
  REQUIRE(!replies.empty());
  // Each reply's value for white is minus the value of the position after it (black to move).
  for (const BookMove& m : replies) {
    Position child = p;
    child.play(m.move);
    REQUIRE(book.find(child));
    CHECK(m.value == -book.find(child)->value);
  }
  CHECK(book.find(p)->value == replies.front().value);
  for (size_t i = 1; i < replies.size(); ++i) CHECK(replies[i - 1].value >= replies[i].value);
}

TEST_CASE("a forced pass: the book holds the position after it, and the sign is kept") {
  // A position of the sample games where the mover has to pass.
  std::optional<Position> q;
  WthorStats stats;
  read_wthor_pgn_file(
      book_test::sample_pgn_path(),
      [&](const WthorGame& g) {
        for (size_t i = 0; i < g.game.moves().size() && !q; ++i)
          if (g.game.moves()[i] == kPass) q = g.game.position_before(i);
      },
      stats);
  REQUIRE(q);
  REQUIRE_FALSE(q->has_legal_move());
  const auto n = OpeningBook::normalized(*q);
  REQUIRE(n);
  CHECK(n->to_move() == opponent(q->to_move()));
  OpeningBook book;
  book.set(*n, BookEntry{-50, 1, 4});
  REQUIRE(book.find(*q));
  CHECK(book.find(*q)->value == -50);
  // The move before the pass is worth +50 to its mover, who moves again.
  CHECK(OpeningBook::normalized(Position(8)));
  CHECK_FALSE(OpeningBook::normalized(Position(10)));
}

TEST_CASE("choose: the best move, or one within the spread; nothing out of the book") {
  const OpeningBook& book = book_test::sample_book();
  const Position p = after("f5d6");
  const std::vector<BookMove> all = book.moves(p);
  REQUIRE(all.size() >= 2);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const auto best = book.choose(p, 0, seed);
    REQUIRE(best);
    CHECK(best->value == all.front().value);
    const auto any = book.choose(p, 100, seed);
    REQUIRE(any);
  }
  std::set<Square> picked;
  for (std::uint64_t seed = 0; seed < 50; ++seed) picked.insert(book.choose(p, 100, seed)->move);
  CHECK(picked.size() == all.size());
  CHECK_FALSE(book.choose(after("f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5"), 0, 0));
  CHECK(book.moves(Position(10)).empty());
}

}  // namespace
}  // namespace flank
