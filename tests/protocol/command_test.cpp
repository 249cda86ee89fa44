// GTP framing: preprocessing, ids, reply format.
#include <doctest/doctest.h>

#include "protocol/gtp_command.hpp"

using namespace flank::gtp;

TEST_CASE("preprocessing drops control characters and comments, turns tabs into spaces") {
  CHECK(preprocess("name\r") == "name");
  CHECK(preprocess("play\tb\td3") == "play b d3");
  CHECK(preprocess("  genmove b  # think hard") == "genmove b");
  CHECK(preprocess("# only a comment") == "");
  CHECK(preprocess("   \t ") == "");
  CHECK(preprocess(std::string("na\x01m\x7f"
                               "e\x1b",
                               7)) == "name");
}

TEST_CASE("a line is an optional numeric id, a command name and arguments") {
  const auto plain = parse_command("play b d3");
  REQUIRE(plain);
  CHECK(plain->id == "");
  CHECK(plain->name == "play");
  CHECK(plain->args == std::vector<std::string>{"b", "d3"});

  const auto with_id = parse_command("42 genmove   white\r");
  REQUIRE(with_id);
  CHECK(with_id->id == "42");
  CHECK(with_id->name == "genmove");
  CHECK(with_id->args == std::vector<std::string>{"white"});

  // Only digits make an id; "4x" is a command name.
  const auto not_id = parse_command("4x name");
  REQUIRE(not_id);
  CHECK(not_id->id == "");
  CHECK(not_id->name == "4x");

  const auto only_id = parse_command("7");
  REQUIRE(only_id);
  CHECK(only_id->id == "7");
  CHECK(only_id->name == "");

  CHECK_FALSE(parse_command(""));
  CHECK_FALSE(parse_command("\r"));
  CHECK_FALSE(parse_command("# comment"));
}

TEST_CASE("replies echo the id and end with one blank line") {
  CHECK(format_reply("", true, "") == "=\n\n");
  CHECK(format_reply("3", true, "") == "=3\n\n");
  CHECK(format_reply("3", true, "d3") == "=3 d3\n\n");
  CHECK(format_reply("", false, "cannot undo") == "? cannot undo\n\n");
  CHECK(format_reply("12", false, "unknown command") == "?12 unknown command\n\n");
  // Multi-line text starts on the next line; blank lines inside cannot end the reply early.
  CHECK(format_reply("", true, "\nline 1\nline 2\n") == "=\nline 1\nline 2\n\n");
  CHECK(format_reply("", true, "a\n\n\nb") == "= a\nb\n\n");
}
