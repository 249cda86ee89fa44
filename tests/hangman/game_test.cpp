#include "tools/hangman/game.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

using flank::hangman::Game;
using flank::hangman::GuessKind;

TEST_CASE("a new game shows one star per letter and no strikes") {
  const Game game("Cheese", 7);
  CHECK(game.word() == "CHEESE");
  CHECK(game.masked() == "******");
  CHECK(game.strikes_left() == 7);
  CHECK(game.tried_letters().empty());
  CHECK_FALSE(game.over());
}

TEST_CASE("a right letter reveals every place it stands and costs nothing") {
  Game game("cheese", 7);
  const auto outcome = game.guess("e");
  CHECK(outcome.kind == GuessKind::kLetterHit);
  CHECK(outcome.guess == "E");
  CHECK(outcome.positions == std::vector<int>{3, 4, 6});
  CHECK(game.masked() == "**EE*E");
  CHECK(game.strikes() == 0);
}

TEST_CASE("a wrong letter is a strike; letters are listed alphabetically") {
  Game game("cheese", 7);
  CHECK(game.guess("z").kind == GuessKind::kLetterMiss);
  CHECK(game.guess(" A ").kind == GuessKind::kLetterMiss);
  CHECK(game.strikes() == 2);
  CHECK(game.strikes_left() == 5);
  CHECK(game.tried_letters() == "AZ");
}

TEST_CASE("a repeated letter or word is pointed out and costs nothing") {
  Game game("cheese", 7);
  game.guess("e");
  game.guess("x");
  game.guess("butter");
  CHECK(game.guess("E").kind == GuessKind::kRepeated);
  CHECK(game.guess("x").kind == GuessKind::kRepeated);
  CHECK(game.guess("BUTTER").kind == GuessKind::kRepeated);
  CHECK(game.strikes() == 2);
  CHECK(game.tried_words().size() == 1);
}

TEST_CASE("a word of the wrong length costs nothing and is not listed") {
  Game game("cheese", 7);
  const auto outcome = game.guess("chess");
  CHECK(outcome.kind == GuessKind::kWrongLength);
  CHECK(outcome.guess == "CHESS");
  CHECK(game.guess("cheeses").kind == GuessKind::kWrongLength);
  CHECK(game.strikes() == 0);
  CHECK(game.tried_words().empty());
  CHECK(game.guess("cheeks").kind == GuessKind::kWordWrong);  // the right length: a strike
  CHECK(game.strikes() == 1);
}

TEST_CASE("anything that is not a letter or a word costs nothing") {
  Game game("cheese", 7);
  for (const char* input : {"", "   ", "3", "e!", "two words", "c-h", "\xc3\xa9"}) {
    CAPTURE(input);
    CHECK(game.guess(input).kind == GuessKind::kNotAGuess);
  }
  CHECK(game.strikes() == 0);
  CHECK(game.tried_letters().empty());
}

TEST_CASE("knowing all letters wins") {
  Game game("noon", 7);
  game.guess("n");
  CHECK_FALSE(game.won());
  game.guess("o");
  CHECK(game.won());
  CHECK(game.over());
  CHECK_THROWS_AS(game.guess("x"), std::logic_error);
}

TEST_CASE("the whole word wins, in any case, and shows the word") {
  Game game("noon", 7);
  game.guess("x");
  CHECK(game.guess("NoOn").kind == GuessKind::kWordRight);
  CHECK(game.won());
  CHECK(game.masked() == "NOON");
  CHECK(game.strikes() == 1);
}

TEST_CASE("a wrong word of the right length is a strike") {
  Game game("noon", 7);
  CHECK(game.guess("moon").kind == GuessKind::kWordWrong);
  CHECK(game.guess("soon").kind == GuessKind::kWordWrong);
  CHECK(game.strikes() == 2);
}

TEST_CASE("the last strike loses") {
  Game game("noon", 3);
  game.guess("a");
  game.guess("b");
  CHECK_FALSE(game.over());
  game.guess("c");
  CHECK(game.lost());
  CHECK_FALSE(game.won());
  CHECK(game.over());
}

TEST_CASE("a game needs a word of letters and at least one strike") {
  CHECK_THROWS_AS(Game("", 7), std::invalid_argument);
  CHECK_THROWS_AS(Game("ice cream", 7), std::invalid_argument);
  CHECK_THROWS_AS(Game("word", 0), std::invalid_argument);
}
