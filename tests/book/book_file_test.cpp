#include "tools/common/book_file.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>

#include "tests/book/book_fixture.hpp"

namespace flank {
namespace {

void check_same(const OpeningBook& a, const OpeningBook& b) {
  REQUIRE(a.size() == b.size());
  for (const auto& [k, e] : a.entries()) {
    const BookEntry* f = b.find(k);
    REQUIRE(f);
    CHECK(f->value == e.value);
    CHECK(f->games == e.games);
    CHECK(f->depth == e.depth);
  }
}

TEST_CASE("a book survives writing and loading, in bytes and in a file") {
  const OpeningBook& book = book_test::sample_book();
  const std::string bytes = book_to_bytes(book);
  CHECK(bytes.size() == 16 + 22 * book.size() + 4);
  check_same(book, book_from_bytes(bytes, "memory"));
  const std::string path = "book_file_test.bin";
  write_book_file(path, book);
  const OpeningBook loaded = read_book_file(path);
  check_same(book, loaded);
  CHECK(loaded.moves(Position(8)).size() == 4);
  std::remove(path.c_str());
}

TEST_CASE("a truncated, corrupt or foreign book is refused with a clear error") {
  const std::string bytes = book_to_bytes(book_test::sample_book());
  CHECK_THROWS_WITH_AS(book_from_bytes(bytes.substr(0, bytes.size() - 7), "b.bin"),
                       doctest::Contains("b.bin: truncated"), std::runtime_error);
  CHECK_THROWS_WITH_AS(book_from_bytes(bytes.substr(0, 10), "b.bin"),
                       doctest::Contains("not a flank opening book"), std::runtime_error);
  std::string flipped = bytes;
  flipped[100] = static_cast<char>(flipped[100] ^ 0x10);
  CHECK_THROWS_WITH_AS(book_from_bytes(flipped, "b.bin"), doctest::Contains("checksum"),
                       std::runtime_error);
  std::string other_version = bytes;
  other_version[8] = 9;
  CHECK_THROWS_WITH_AS(book_from_bytes(other_version, "b.bin"), doctest::Contains("version 9"),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(book_from_bytes("PK\x03\x04 something else entirely", "b.bin"),
                       doctest::Contains("not a flank opening book"), std::runtime_error);
  CHECK_THROWS_WITH_AS(read_book_file("/nonexistent/book.bin"), doctest::Contains("cannot open"),
                       std::runtime_error);
}

TEST_CASE("a record that is no canonical position is refused even with a good checksum") {
  OpeningBook bad;
  bad.set(BookKey{3, 1}, BookEntry{0, 1, 1});  // a disc of both colours on one square
  CHECK_THROWS_WITH_AS(book_from_bytes(book_to_bytes(bad), "b.bin"),
                       doctest::Contains("bad position record 0"), std::runtime_error);
}

TEST_CASE("merging a book into itself doubles the games and keeps the values") {
  OpeningBook merged = book_test::sample_book();
  merge_into(merged, book_test::sample_book());
  REQUIRE(merged.size() == book_test::sample_book().size());
  for (const auto& [k, e] : book_test::sample_book().entries()) {
    CHECK(merged.find(k)->games == 2 * e.games);
    CHECK(merged.find(k)->value == e.value);
  }
}

}  // namespace
}  // namespace flank
