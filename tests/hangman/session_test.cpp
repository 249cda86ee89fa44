#include "tools/hangman/session.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "tools/hangman/word_list.hpp"

using flank::hangman::HangmanOptions;
using flank::hangman::run_hangman;

namespace {

struct Transcript {
  int status;
  std::string text;
};

Transcript play(const std::string& input, HangmanOptions options) {
  std::istringstream in(input);
  std::ostringstream out;
  const int status = run_hangman(in, out, options);
  return {status, out.str()};
}

HangmanOptions one_word(const std::string& word, int strikes = 7) {
  HangmanOptions options;
  options.words = {word};
  options.seed = 1;
  options.strikes = strikes;
  return options;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a win by letters, then no more games") {
  const auto t = play("t\ne\nh\ns\nn\n", one_word("these"));
  CHECK(t.status == 0);
  CHECK(has(t.text, "Yes! 1 T: position 1."));
  CHECK(has(t.text, "Yes! 2 E's: positions 3 and 5."));
  CHECK(has(t.text, "Word: THESE  (5 letters)"));
  CHECK(has(t.text, "You win! The word was THESE, with 0 strikes."));
  CHECK(has(t.text, "Games won: 1, lost: 0."));
  CHECK(t.text.ends_with("Play again? (y/n): Bye.\n"));
}

TEST_CASE("a win by the whole word after a strike") {
  const auto t = play("q\nThese\nno\n", one_word("these"));
  CHECK(has(t.text, "No Q. Strike 1 of 7."));
  CHECK(has(t.text, "Yes! The word is THESE."));
  CHECK(has(t.text, "You win! The word was THESE, with 1 strike."));
}

TEST_CASE("a loss draws the whole figure and reveals the word") {
  const auto t = play("a\nb\nc\nn\n", one_word("these", 3));
  CHECK(has(t.text, "No C. Strike 3 of 3."));
  CHECK(has(t.text, "Strikes left: 0 of 3"));
  CHECK(has(t.text, "  |  / \\\n"));
  CHECK(has(t.text, "Hanged! The word was THESE."));
  CHECK(has(t.text, "Games won: 0, lost: 1."));
}

TEST_CASE("repeated and invalid guesses cost nothing") {
  const auto t = play("a\na\n42\n\nab cd\nthose\nTHOSE\n", one_word("these", 7));
  CHECK(has(t.text, "You already tried A; no strike for that."));
  CHECK(has(t.text, "'42' is neither a letter nor a word; no strike for that."));
  CHECK(has(t.text, "'ab cd' is neither a letter nor a word"));
  CHECK(has(t.text, "You already tried THOSE; no strike for that."));
  CHECK(has(t.text, "Strikes left: 5 of 7"));
  CHECK_FALSE(has(t.text, "Strike 3 of 7"));
}

TEST_CASE("play again starts a new game and keeps the tally; other answers are asked again") {
  const auto t = play("these\nmaybe\ny\nx\nthose\n", one_word("these", 2));
  CHECK(has(t.text, "Please answer y or n."));
  CHECK(has(t.text, "Games won: 1, lost: 0."));
  CHECK(has(t.text, "Hanged! The word was THESE."));
  CHECK(has(t.text, "Games won: 1, lost: 1."));
}

TEST_CASE("end of input anywhere ends the session with status 0") {
  for (const char* input : {"", "t", "t\n", "these\n", "these\nmaybe\n", "these\ny\n"}) {
    CAPTURE(input);
    const auto t = play(input, one_word("these"));
    CHECK(t.status == 0);
    CHECK(t.text.ends_with("\nBye.\n"));
  }
}

TEST_CASE("CRLF input works like LF input") {
  const auto t = play("these\r\nn\r\n", one_word("these"));
  CHECK(has(t.text, "You win!"));
  CHECK(t.text.ends_with("Play again? (y/n): Bye.\n"));
}

TEST_CASE("echo repeats each line read after its prompt") {
  HangmanOptions options = one_word("these");
  options.echo_input = true;
  const auto t = play("q\n?\nthese\nn\n", options);
  CHECK(has(t.text, "Your guess: q\nNo Q. Strike 1 of 7.\n"));
  CHECK(has(t.text, "Your guess: ?\n'?' is neither"));
  CHECK(t.text.ends_with("Play again? (y/n): n\nBye.\n"));
  CHECK_FALSE(has(play("q\n", one_word("these")).text, "Your guess: q\n"));
}

TEST_CASE("the built-in bank is used when no words are given, reproducibly by seed") {
  HangmanOptions options;
  options.seed = 5;
  // Two of four rare letters miss in every word: the game is lost, and the
  // letters left over are answered at "Play again?" until n.
  const std::string input = "j\nq\nx\nz\nn\n";
  options.strikes = 2;
  const auto first = play(input, options);
  CHECK(first.text == play(input, options).text);
  const auto at = first.text.find("The word was ");
  REQUIRE(at != std::string::npos);
  const std::string word = first.text.substr(at + 13, first.text.find('.', at) - at - 13);
  const auto& bank = flank::hangman::builtin_words();
  CHECK(std::find(bank.begin(), bank.end(), word) != bank.end());
}

TEST_CASE("quit or exit leaves the game at once without a strike") {
  for (const char* word : {"quit", "EXIT", "  Quit "}) {
    CAPTURE(word);
    const auto t = play(std::string("a\n") + word + "\nb\n", one_word("these"));
    CHECK(t.status == 0);
    CHECK(has(t.text, "No A. Strike 1 of 7."));
    CHECK(has(t.text, "Game left without a strike. The word was THESE.\n"));
    CHECK_FALSE(has(t.text, "Strike 2 of 7"));
    CHECK_FALSE(has(t.text, "No B."));  // nothing read after quit
    CHECK_FALSE(has(t.text, "Games won"));
    CHECK(t.text.ends_with("Bye.\n"));
  }
  CHECK(play("these\nquit\n", one_word("these")).text.ends_with("Play again? (y/n): Bye.\n"));
}

TEST_CASE("a word guess of the wrong length costs nothing and says why") {
  const auto t = play("thesis\nthe\n", one_word("these"));
  CHECK(has(t.text, "THESIS has 6 letters but the word has 5 letters; no strike for that."));
  CHECK(has(t.text, "THE has 3 letters but the word has 5 letters; no strike for that."));
  CHECK(has(t.text, "Strikes left: 7 of 7"));
  CHECK_FALSE(has(t.text, "Strike 1"));
}

TEST_CASE("an ask function replaces the streams: it gets every prompt") {
  std::vector<std::string> prompts;
  std::vector<std::string> answers{"t", "these", "n"};
  HangmanOptions options = one_word("these");
  options.ask = [&](const std::string& prompt) -> std::optional<std::string> {
    prompts.push_back(prompt);
    if (answers.empty()) return std::nullopt;
    std::string line = answers.front();
    answers.erase(answers.begin());
    return line;
  };
  std::istringstream in("unused\n");
  std::ostringstream out;
  CHECK(run_hangman(in, out, options) == 0);
  CHECK(prompts == std::vector<std::string>{"Your guess: ", "Your guess: ", "Play again? (y/n): "});
  CHECK(has(out.str(), "You win! The word was THESE"));
  CHECK_FALSE(has(out.str(), "Your guess: "));  // the prompts went to ask, not to out
}

TEST_CASE("bad options are refused before anything is shown") {
  std::istringstream in("a\n");
  std::ostringstream out;
  CHECK_THROWS_AS(run_hangman(in, out, one_word("these", 0)), std::invalid_argument);
  CHECK_THROWS_AS(run_hangman(in, out, one_word("these", 27)), std::invalid_argument);
  CHECK_THROWS_AS(run_hangman(in, out, one_word("two words")), std::invalid_argument);
  CHECK(out.str().empty());
}
