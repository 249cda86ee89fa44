#include "tools/hangman/game.hpp"

#include <algorithm>
#include <stdexcept>

#include "tools/hangman/text.hpp"

namespace flank::hangman {

Game::Game(std::string_view word, int max_strikes)
    : word_(to_upper(word)), max_strikes_(max_strikes) {
  if (!is_word(word)) throw std::invalid_argument("hangman word must be letters a-z");
  if (max_strikes < 1) throw std::invalid_argument("hangman needs at least one strike");
}

GuessOutcome Game::guess(std::string_view input) {
  if (over()) throw std::logic_error("hangman: guess after the game is over");
  const std::string_view text = trim(input);
  if (!is_word(text)) return {GuessKind::kNotAGuess, std::string(text), {}};
  std::string guess = to_upper(text);

  if (guess.size() == 1) {
    const char letter = guess[0];
    if (known(letter)) return {GuessKind::kRepeated, guess, {}};
    tried_.set(letter - 'A');
    std::vector<int> positions;
    for (std::size_t i = 0; i < word_.size(); ++i)
      if (word_[i] == letter) positions.push_back(static_cast<int>(i) + 1);
    if (positions.empty()) {
      ++strikes_;
      return {GuessKind::kLetterMiss, guess, {}};
    }
    return {GuessKind::kLetterHit, guess, positions};
  }

  if (guess.size() != word_.size()) return {GuessKind::kWrongLength, guess, {}};
  if (guess == word_) {
    word_guessed_ = true;
    return {GuessKind::kWordRight, guess, {}};
  }
  if (!tried_words_.insert(guess).second) return {GuessKind::kRepeated, guess, {}};
  ++strikes_;
  return {GuessKind::kWordWrong, guess, {}};
}

std::string Game::masked() const {
  if (word_guessed_) return word_;
  std::string shown = word_;
  for (char& c : shown)
    if (!known(c)) c = '*';
  return shown;
}

std::string Game::tried_letters() const {
  std::string letters;
  for (int i = 0; i < 26; ++i)
    if (tried_[i]) letters += static_cast<char>('A' + i);
  return letters;
}

bool Game::won() const {
  return word_guessed_ ||
         std::all_of(word_.begin(), word_.end(), [this](char c) { return known(c); });
}

}  // namespace flank::hangman
