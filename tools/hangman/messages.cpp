#include "tools/hangman/messages.hpp"

#include "tools/common/plural.hpp"
#include "tools/hangman/gallows.hpp"
#include "tools/hangman/text.hpp"

// No "literal" + std::string&& here: GCC 12 warns falsely (-Wrestrict) on it.

namespace flank::hangman {
namespace {

std::string strike_line(const Game& game) {
  return "Strike " + std::to_string(game.strikes()) + " of " + std::to_string(game.max_strikes()) +
         ".";
}

std::string spaced(const std::string& letters) {
  std::string out;
  for (char c : letters) {
    if (!out.empty()) out += ' ';
    out += c;
  }
  return out;
}

}  // namespace

std::string join_positions(const std::vector<int>& positions) {
  std::string out;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (i > 0) out += (i + 1 == positions.size()) ? " and " : ", ";
    out += std::to_string(positions[i]);
  }
  return out;
}

std::string describe(const GuessOutcome& outcome, const Game& game) {
  switch (outcome.kind) {
    case GuessKind::kLetterHit: {
      const std::size_t n = outcome.positions.size();
      std::string text = "Yes! ";
      text += std::to_string(n) + " " + outcome.guess;
      text += n == 1 ? ": position " : "'s: positions ";
      text += join_positions(outcome.positions) + ".";
      return text;
    }
    case GuessKind::kLetterMiss:
      return "No " + outcome.guess + ". " + strike_line(game);
    case GuessKind::kWordRight:
      return "Yes! The word is " + outcome.guess + ".";
    case GuessKind::kWordWrong:
      return "No, the word is not " + outcome.guess + ". " + strike_line(game);
    case GuessKind::kRepeated:
      return "You already tried " + outcome.guess + "; no strike for that. Try something else.";
    case GuessKind::kWrongLength: {
      const std::size_t letters = game.word().size();
      std::string text = outcome.guess + " has " + std::to_string(outcome.guess.size());
      text += " letters but the word has ";
      text += plural(static_cast<long long>(letters), "letter");
      return text + "; no strike for that.";
    }
    case GuessKind::kNotAGuess:
      if (outcome.guess.empty()) return "Type one letter (a-z) or the whole word.";
      return quoted_excerpt(outcome.guess) +
             " is neither a letter nor a word; no strike for that. Type one letter (a-z) or the "
             "whole word.";
  }
  return {};
}

std::string board(const Game& game) {
  std::string text = draw_gallows(game.strikes(), game.max_strikes());
  const std::size_t letters = game.word().size();
  text += "Word: " + game.masked() + "  (";
  text += plural(static_cast<long long>(letters), "letter");
  text += ")\n";
  text += "Strikes left: " + std::to_string(game.strikes_left()) + " of " +
          std::to_string(game.max_strikes()) + "\n";
  const std::string tried = game.tried_letters();
  text += "Letters tried: " + (tried.empty() ? std::string("none") : spaced(tried)) + "\n";
  if (!game.tried_words().empty()) {
    text += "Words tried:";
    for (const std::string& word : game.tried_words()) text += " " + word;
    text += "\n";
  }
  return text;
}

std::string game_result(const Game& game) {
  if (game.won()) {
    std::string text = "You win! The word was " + game.word() + ", with ";
    text += plural(game.strikes(), "strike");
    return text + ".";
  }
  return "Hanged! The word was " + game.word() + ".";
}

}  // namespace flank::hangman
