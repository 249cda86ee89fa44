// Command words, GTP reply lines, NBoard move lines, final_score texts and CSV fields.
#include <doctest/doctest.h>

#include <stdexcept>

#include "tools/referee/command_words.hpp"
#include "tools/referee/game_runner.hpp"
#include "tools/referee/gtp_client.hpp"
#include "tools/referee/nboard_client.hpp"
#include "tools/referee/results_csv.hpp"

using namespace flank::referee;

TEST_CASE("engine commands split into words like a shell would") {
  using V = std::vector<std::string>;
  CHECK(split_command_words("build/flank --level 3") == V{"build/flank", "--level", "3"});
  CHECK(split_command_words("  gtp-rhino\t-l 1  ") == V{"gtp-rhino", "-l", "1"});
  CHECK(split_command_words("python3 'my engine.py' \"a b\"c") ==
        V{"python3", "my engine.py", "a bc"});
  CHECK(split_command_words("x ''") == V{"x", ""});
  CHECK(split_command_words("a\\ b") == V{"a b"});
  CHECK_THROWS_AS(split_command_words("   "), std::invalid_argument);
  CHECK_THROWS_WITH_AS(split_command_words("x 'open"), doctest::Contains("unterminated"),
                       std::invalid_argument);
}

TEST_CASE("GTP reply lines give status and text") {
  GtpReply r;
  REQUIRE(parse_reply_start("= F5", r));
  CHECK(r.kind == GtpReply::Kind::Success);
  CHECK(r.text == "F5");
  REQUIRE(parse_reply_start("=12 pass  ", r));
  CHECK(r.text == "pass");
  REQUIRE(parse_reply_start("=", r));
  CHECK(r.text.empty());
  REQUIRE(parse_reply_start("? illegal move", r));
  CHECK(r.kind == GtpReply::Kind::Failure);
  CHECK(r.text == "illegal move");
  CHECK_FALSE(parse_reply_start("F5", r));
  CHECK_FALSE(parse_reply_start("", r));
  CHECK_FALSE(parse_reply_start("=x", r));
}

TEST_CASE("final_score texts read as black minus white") {
  double s = 99;
  CHECK(parse_final_score("B+12", s));
  CHECK(s == 12);
  CHECK(parse_final_score("w+3.5", s));
  CHECK(s == -3.5);
  CHECK(parse_final_score("0", s));
  CHECK(s == 0);
  CHECK_FALSE(parse_final_score("cannot score", s));
  CHECK_FALSE(parse_final_score("B+", s));
  CHECK_FALSE(parse_final_score("B+12x", s));
  CHECK_FALSE(parse_final_score("X+12", s));
}

TEST_CASE("CSV fields are quoted only when needed") {
  CHECK(csv_field("plain") == "plain");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("two\nlines") == "\"two\nlines\"");
}

TEST_CASE("engine commands joined back for messages split into the same words") {
  for (const std::vector<std::string>& words :
       {std::vector<std::string>{"build/flank", "--level", "3"},
        std::vector<std::string>{"python3", "my engine.py", "--name", "it's", ""},
        std::vector<std::string>{"a\\b", "\"q\""}}) {
    CHECK(split_command_words(join_command_words(words)) == words);
  }
  CHECK(join_command_words({"build/flank", "-l", "2"}) == "build/flank -l 2");
}

TEST_CASE("NBoard === lines: the move word, or nothing for a malformed line") {
  using flank::referee::nboard_move_word;
  CHECK(nboard_move_word("=== F5") == "F5");
  CHECK(nboard_move_word("=== d6/-1.50/0.003") == "d6");
  CHECK(nboard_move_word("=== PA//2") == "PA");
  CHECK(nboard_move_word("===  C4") == "C4");
  CHECK_FALSE(nboard_move_word("===F5"));
  CHECK_FALSE(nboard_move_word("=== "));
  CHECK_FALSE(nboard_move_word("=== /1.0"));
  CHECK_FALSE(nboard_move_word("== F5"));
}

TEST_CASE("engine protocols: gtp and nboard, nothing else") {
  using flank::referee::parse_protocol;
  using flank::referee::Protocol;
  CHECK(parse_protocol("gtp") == Protocol::Gtp);
  CHECK(parse_protocol("nboard") == Protocol::Nboard);
  CHECK_THROWS_AS(parse_protocol("NBoard"), std::invalid_argument);
  CHECK_THROWS_AS(parse_protocol(""), std::invalid_argument);
}
