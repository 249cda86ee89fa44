#include "tools/hangman/messages.hpp"

#include <doctest/doctest.h>

#include <string>

#include "tools/hangman/game.hpp"

using flank::hangman::board;
using flank::hangman::describe;
using flank::hangman::Game;
using flank::hangman::game_result;
using flank::hangman::join_positions;

TEST_CASE("positions are joined the English way") {
  CHECK(join_positions({2}) == "2");
  CHECK(join_positions({3, 5}) == "3 and 5");
  CHECK(join_positions({1, 4, 7}) == "1, 4 and 7");
}

TEST_CASE("a right letter says how many and where") {
  Game game("these", 7);
  CHECK(describe(game.guess("e"), game) == "Yes! 2 E's: positions 3 and 5.");
  CHECK(describe(game.guess("h"), game) == "Yes! 1 H: position 2.");
}

TEST_CASE("a strike says which strike of how many") {
  Game game("these", 7);
  CHECK(describe(game.guess("q"), game) == "No Q. Strike 1 of 7.");
  CHECK(describe(game.guess("those"), game) == "No, the word is not THOSE. Strike 2 of 7.");
}

TEST_CASE("repeated and invalid guesses say that they cost nothing") {
  Game game("these", 7);
  game.guess("q");
  CHECK(describe(game.guess("Q"), game).find("already tried Q; no strike") != std::string::npos);
  CHECK(describe(game.guess("4"), game).find("'4' is neither a letter nor a word; no strike") == 0);
  CHECK(describe(game.guess(""), game) == "Type one letter (a-z) or the whole word.");
}

TEST_CASE("the board shows the masked word, strikes left and what was tried") {
  Game game("these", 7);
  game.guess("e");
  game.guess("q");
  game.guess("a");
  game.guess("thorn");
  const std::string text = board(game);
  CHECK(text.find("Word: **E*E  (5 letters)\n") != std::string::npos);
  CHECK(text.find("Strikes left: 4 of 7\n") != std::string::npos);
  CHECK(text.find("Letters tried: A E Q\n") != std::string::npos);
  CHECK(text.find("Words tried: THORN\n") != std::string::npos);
}

TEST_CASE("the result reveals the word") {
  Game lost("these", 1);
  lost.guess("z");
  CHECK(game_result(lost) == "Hanged! The word was THESE.");
  Game won("these", 7);
  won.guess("these");
  CHECK(game_result(won) == "You win! The word was THESE, with 0 strikes.");
}
