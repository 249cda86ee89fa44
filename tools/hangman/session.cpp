#include "tools/hangman/session.hpp"

#include <istream>
#include <ostream>
#include <random>
#include <stdexcept>

#include "tools/hangman/game.hpp"
#include "tools/hangman/messages.hpp"
#include "tools/hangman/text.hpp"
#include "tools/hangman/word_deck.hpp"
#include "tools/hangman/word_list.hpp"

namespace flank::hangman {
namespace {

enum class Answer { kYes, kNo, kEndOfInput };

// Player input, one line per prompt.
struct Input {
  std::istream& in;
  std::ostream& out;
  const HangmanOptions& options;

  // Shows the prompt and reads one line; false at end of input. Drops a '\r'
  // left by CRLF input.
  bool ask(const std::string& prompt, std::string& line) {
    if (options.ask) {
      const auto answer = options.ask(prompt);
      if (!answer) return false;
      line = *answer;
      return true;
    }
    out << prompt << std::flush;
    if (!std::getline(in, line)) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (options.echo_input) out << line << "\n";
    return true;
  }
};

bool is_quit(std::string_view line) {
  const std::string word = to_upper(trim(line));
  return word == "QUIT" || word == "EXIT";
}

Answer ask_play_again(Input& input, std::ostream& out) {
  std::string line;
  for (;;) {
    if (!input.ask("Play again? (y/n): ", line)) return Answer::kEndOfInput;
    const std::string answer = to_upper(trim(line));
    if (answer == "Y" || answer == "YES") return Answer::kYes;
    if (answer == "N" || answer == "NO" || answer == "Q" || is_quit(answer)) return Answer::kNo;
    out << "Please answer y or n.\n";
  }
}

enum class GameEnd { kOver, kQuit, kEndOfInput };

// Plays one game until it is won or lost, the player quits, or input ends.
GameEnd play_game(Input& input, std::ostream& out, Game& game) {
  out << "\n" << board(game);
  std::string line;
  while (!game.over()) {
    if (!input.ask("Your guess: ", line)) return GameEnd::kEndOfInput;
    if (is_quit(line)) {
      out << "Game left without a strike. The word was " << game.word() << ".\n";
      return GameEnd::kQuit;
    }
    const GuessOutcome outcome = game.guess(line);
    out << describe(outcome, game) << "\n";
    const bool changed =
        outcome.kind == GuessKind::kLetterHit || outcome.kind == GuessKind::kLetterMiss ||
        outcome.kind == GuessKind::kWordWrong || outcome.kind == GuessKind::kWordRight;
    if (changed) out << "\n" << board(game);
  }
  out << game_result(game) << "\n";
  return GameEnd::kOver;
}

std::vector<std::string> checked_words(const HangmanOptions& options) {
  if (options.words.empty()) return builtin_words();
  for (const std::string& word : options.words)
    if (!is_word(word)) throw std::invalid_argument("hangman words must be letters a-z");
  return options.words;
}

}  // namespace

int run_hangman(std::istream& in, std::ostream& out, const HangmanOptions& options) {
  if (options.strikes < 1 || options.strikes > kMaxStrikes)
    throw std::invalid_argument("hangman strikes must be between 1 and " +
                                std::to_string(kMaxStrikes));
  std::random_device entropy;  // 32 bits a call; two calls fill the whole seed
  const std::uint64_t seed =
      options.seed ? *options.seed : (std::uint64_t{entropy()} << 32) | entropy();
  WordDeck deck(checked_words(options), seed);

  out << "Hangman: guess the word one letter at a time, or the whole word at once.\n"
      << options.strikes << (options.strikes == 1 ? " wrong guess loses" : " wrong guesses lose")
      << ". Type quit (or exit) to stop; end of input (Ctrl-D) quits too.\n";
  Input input{in, out, options};
  int wins = 0;
  int losses = 0;
  for (;;) {
    Game game(deck.next(), options.strikes);
    const GameEnd end = play_game(input, out, game);
    if (end == GameEnd::kQuit) {
      out << "Bye.\n";
      return 0;
    }
    if (end == GameEnd::kEndOfInput) break;
    (game.won() ? wins : losses) += 1;
    out << "Games won: " << wins << ", lost: " << losses << ".\n";
    const Answer again = ask_play_again(input, out);
    if (again == Answer::kNo) {
      out << "Bye.\n";
      return 0;
    }
    if (again == Answer::kEndOfInput) break;
  }
  out << "\nBye.\n";
  return 0;
}

}  // namespace flank::hangman
