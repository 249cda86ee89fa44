#include <doctest/doctest.h>

#include <memory>
#include <sstream>
#include <string>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"
#include "protocol/gtp_engine.hpp"
#include "protocol/nboard_engine.hpp"
#include "tests/book/book_fixture.hpp"

namespace flank {
namespace {

std::string reply(gtp::Engine& e, const std::string& line) { return e.handle_line(line); }

gtp::EngineOptions with_book(std::shared_ptr<const OpeningBook> book) {
  gtp::EngineOptions o;
  o.level = 4;
  o.book = std::move(book);
  return o;
}

TEST_CASE("flank-book lists the book moves best first as MOVE VALUE GAMES") {
  gtp::Engine e(with_book(std::make_shared<OpeningBook>(book_test::sample_book())));
  const std::string r = reply(e, "flank-book");
  CHECK(r.rfind("= ", 0) == 0);
  CHECK(r.find(" 300\n") != std::string::npos);
  int lines = 0;
  for (char c : r) lines += c == '\n';
  CHECK(lines == 4 + 1);  // four moves, then the blank line ending the reply
  reply(e, "play b f5");
  // White's replies, best value first (the values come from the shipped
  // weights, so which move leads is not pinned here).
  std::istringstream after_f5(reply(e, "flank-book").substr(2));
  std::string move;
  double value = 0, best = 1e9;
  long games = 0;
  int listed = 0;
  bool d6 = false;
  while (after_f5 >> move >> value >> games) {
    CHECK(value <= best);
    best = value;
    d6 = d6 || move == "d6";  // the perpendicular opening, the most played
    ++listed;
  }
  CHECK(listed >= 2);
  CHECK(d6);
  gtp::Engine off(with_book(nullptr));
  CHECK(reply(off, "flank-book") == "=\n\n");
}

TEST_CASE("genmove plays the book's move without searching, then leaves the book") {
  // A hand-made book that says the parallel opening f5 f4 is white's best reply:
  // a search would never choose it, so genmove answering f4 came from the book.
  Game g;
  g.play_sequence("f5");
  Position after_f4 = g.position();
  after_f4.play(parse_square("f4", 8));
  auto book = std::make_shared<OpeningBook>();
  book->set(Position(8), BookEntry{-10, 5, 0});
  book->set(g.position(), BookEntry{10, 5, 0});
  book->set(after_f4, BookEntry{-10, 5, 4});
  gtp::Engine e(with_book(book));
  CHECK(reply(e, "genmove b").rfind("= ", 0) == 0);  // f5 (or a symmetric first move)
  reply(e, "clear_board");
  reply(e, "play b f5");
  CHECK(reply(e, "flank-analyze") == "= move f4 score 10 book games 5\n\n");
  CHECK(reply(e, "genmove w") == "= f4\n\n");
  // Out of the book: a search, with its depth and nodes.
  const std::string searched = reply(e, "flank-analyze");
  CHECK(searched.find(" book ") == std::string::npos);
  CHECK(searched.find(" nodes ") != std::string::npos);
  gtp::Engine off(with_book(nullptr));
  reply(off, "play b f5");
  CHECK(reply(off, "genmove w") != "= f4\n\n");
}

TEST_CASE("genmove from the start answers from the sample book") {
  gtp::Engine e(with_book(std::make_shared<OpeningBook>(book_test::sample_book())));
  const std::string analysed = reply(e, "flank-analyze");
  CHECK(analysed.find(" book games 300") != std::string::npos);
  const std::string move = reply(e, "genmove b");
  CHECK((move == "= d3\n\n" || move == "= c4\n\n" || move == "= f5\n\n" || move == "= e6\n\n"));
}

TEST_CASE("NBoard hint prints book lines for book moves") {
  nboard::Engine e(with_book(std::make_shared<OpeningBook>(book_test::sample_book())));
  std::vector<std::string> lines;
  const auto emit = [&](const std::string& l) { lines.push_back(l); };
  std::string error;
  const auto request = nboard::parse_request("hint 4", error);
  REQUIRE(request);
  e.execute(*request, emit);
  int books = 0;
  for (const std::string& l : lines) books += l.rfind("book ", 0) == 0;
  CHECK(books == 4);
}

}  // namespace
}  // namespace flank
