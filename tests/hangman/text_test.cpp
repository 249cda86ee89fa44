#include "tools/hangman/text.hpp"

#include <doctest/doctest.h>

#include <string>

using flank::hangman::is_word;
using flank::hangman::quoted_excerpt;
using flank::hangman::to_upper;
using flank::hangman::trim;

TEST_CASE("a word is one or more ASCII letters and nothing else") {
  CHECK(is_word("a"));
  CHECK(is_word("Kettle"));
  CHECK_FALSE(is_word(""));
  CHECK_FALSE(is_word("ice cream"));
  CHECK_FALSE(is_word("don't"));
  CHECK_FALSE(is_word("caf\xc3\xa9"));
  CHECK_FALSE(is_word("a1"));
}

TEST_CASE("upper case touches only ASCII letters; trim only the ends") {
  CHECK(to_upper("abc XYZ 1!\xc3\xa9") == "ABC XYZ 1!\xc3\xa9");
  CHECK(trim("  a b\t\r\n") == "a b");
  CHECK(trim(" \t ").empty());
}

TEST_CASE("an excerpt is quoted, hides control bytes and keeps UTF-8") {
  CHECK(quoted_excerpt("e!") == "'e!'");
  CHECK(quoted_excerpt("a\x01\x7f\tb") == "'a???b'");
  CHECK(quoted_excerpt("\xc3\xa9t\xc3\xa9") == "'\xc3\xa9t\xc3\xa9'");
}

TEST_CASE("a long excerpt is cut at 40 bytes, never inside a UTF-8 character") {
  CHECK(quoted_excerpt(std::string(41, 'x')) == "'" + std::string(40, 'x') + "...'");
  CHECK(quoted_excerpt(std::string(40, 'x')) == "'" + std::string(40, 'x') + "'");
  // 39 ASCII bytes, then a two-byte character that would straddle the cut.
  const std::string straddling = std::string(39, 'x') + "\xc3\xa9" + "yz";
  CHECK(quoted_excerpt(straddling) == "'" + std::string(39, 'x') + "...'");
}
