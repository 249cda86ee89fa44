#pragma once
// One game of hangman: the secret word, the guesses so far and the strikes.
// No I/O: the session turns outcomes into text.

#include <bitset>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace flank::hangman {

// What a guess did.
enum class GuessKind {
  kLetterHit,    // a new letter that is in the word
  kLetterMiss,   // a new letter that is not in the word: a strike
  kWordRight,    // the whole word: a win
  kWordWrong,    // a new word that is not the secret: a strike
  kRepeated,     // tried before: costs nothing
  kWrongLength,  // a word that cannot be the secret (other length): costs nothing
  kNotAGuess,    // neither one letter nor a word: costs nothing
};

struct GuessOutcome {
  GuessKind kind;
  std::string guess;           // the guess, trimmed; upper case when it is a letter or word
  std::vector<int> positions;  // kLetterHit: where the letter stands, 1-based
};

class Game {
 public:
  // `word`: letters a-z in either case; `max_strikes` >= 1. Throws
  // std::invalid_argument otherwise.
  Game(std::string_view word, int max_strikes);

  // Takes one line of player input: a letter, a word, or anything else.
  // Throws std::logic_error once the game is over.
  GuessOutcome guess(std::string_view input);

  const std::string& word() const { return word_; }
  // The word with unknown letters as '*'.
  std::string masked() const;
  int strikes() const { return strikes_; }
  int max_strikes() const { return max_strikes_; }
  int strikes_left() const { return max_strikes_ - strikes_; }
  // Letters tried so far, alphabetical ("AEST").
  std::string tried_letters() const;
  // Wrong whole-word guesses so far, alphabetical.
  const std::set<std::string>& tried_words() const { return tried_words_; }

  bool won() const;
  bool lost() const { return strikes_ >= max_strikes_; }
  bool over() const { return won() || lost(); }

 private:
  bool known(char letter) const { return tried_[letter - 'A']; }

  std::string word_;
  int max_strikes_;
  int strikes_ = 0;
  bool word_guessed_ = false;
  std::bitset<26> tried_;
  std::set<std::string> tried_words_;
};

}  // namespace flank::hangman
