// Menu answers: numbers or the start of a label, never an ambiguous guess.
#include "tools/play/menu.hpp"

#include <doctest/doctest.h>

#include <sstream>

using namespace flank::terminal_play;

TEST_CASE("a menu choice by number or by the start of its label") {
  const std::vector<std::string> labels{"Play game", "Options", "How to play", "Exit"};
  CHECK(match_choice("1", labels) == 0u);
  CHECK(match_choice("4", labels) == 3u);
  CHECK(match_choice("play", labels) == 0u);
  CHECK(match_choice("OPTIONS", labels) == 1u);
  CHECK(match_choice("how", labels) == 2u);
  CHECK(match_choice("e", labels) == 3u);
  CHECK_FALSE(match_choice("0", labels));
  CHECK_FALSE(match_choice("5", labels));
  CHECK_FALSE(match_choice("-1", labels));
  CHECK_FALSE(match_choice("", labels));
  CHECK_FALSE(match_choice("1x", labels));
  CHECK_FALSE(match_choice("chess", labels));
  CHECK_FALSE(match_choice("99999999999999999999", labels));
}

TEST_CASE("an answer that starts two labels is refused") {
  const std::vector<std::string> labels{"Play game", "Play Hangman", "Exit"};
  CHECK_FALSE(match_choice("play", labels));
  CHECK(match_choice("play g", labels) == 0u);
  CHECK(match_choice("play h", labels) == 1u);
}

TEST_CASE("the main menu is a list: an added entry is offered and run") {
  std::istringstream in("hello\n1\n2\n3\n");
  std::ostringstream out;
  Session s{in, out, PlaySettings{}};
  int runs = 0;
  std::vector<MenuEntry> entries{{"Say hello",
                                  [&](Session& ss) {
                                    ss.out << "hello!\n";
                                    ++runs;
                                    return AfterEntry::ShowMenu;
                                  }},
                                 {"Another game",
                                  [&](Session& ss) {
                                    ss.out << "another!\n";
                                    ++runs;
                                    return AfterEntry::ShowMenu;
                                  }},
                                 {"Leave", [](Session&) { return AfterEntry::Exit; }}};
  run_main_menu(s, entries);
  CHECK(runs == 2);
  CHECK(out.str().find("3. Leave") != std::string::npos);
  CHECK(out.str().find("hello!") != std::string::npos);
  CHECK(out.str().find("another!") != std::string::npos);
}

TEST_CASE("the menu stops when an entry has used up the input") {
  std::istringstream in("1\n");
  std::ostringstream out;
  Session s{in, out, PlaySettings{}};
  int runs = 0;
  std::vector<MenuEntry> entries{{"Read everything", [&](Session& ss) {
                                    std::string rest;
                                    while (std::getline(ss.in, rest)) {
                                    }
                                    ++runs;
                                    return AfterEntry::ShowMenu;
                                  }}};
  run_main_menu(s, entries);
  CHECK(runs == 1);
  // The menu is shown once, not again after the input ended.
  CHECK(out.str().find("Main menu") == out.str().rfind("Main menu"));
}
