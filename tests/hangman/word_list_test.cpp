#include "tools/hangman/word_list.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using flank::hangman::builtin_word_text;
using flank::hangman::builtin_words;
using flank::hangman::load_word_file;
using flank::hangman::parse_word_list;
using flank::hangman::WordListError;
using Words = std::vector<std::string>;

namespace {

std::string error_of(std::string_view text, std::string_view source = "list.txt") {
  try {
    parse_word_list(text, source);
  } catch (const WordListError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a word list takes words on lines or separated by spaces, in any case") {
  CHECK(parse_word_list("apple\nBanana cherry\r\n\tDate\n", "x") ==
        Words{"APPLE", "BANANA", "CHERRY", "DATE"});
}

TEST_CASE("comments run to the end of the line and duplicates count once") {
  CHECK(parse_word_list("# fruit\napple # red\napple\nAPPLE pear#green\n", "x") ==
        Words{"APPLE", "PEAR"});
}

TEST_CASE("a token with anything but letters is an error naming the source and line") {
  const std::string message = error_of("apple\n\npear don't\n");
  CHECK(message.find("list.txt:3:") == 0);
  CHECK(message.find("'don't'") != std::string::npos);
  CHECK(error_of("caf\xc3\xa9").find("'caf\xc3\xa9' is not a word") != std::string::npos);
  CHECK(error_of("abc1").find("list.txt:1:") == 0);
}

TEST_CASE("a list without words is an error naming the source") {
  CHECK(error_of("") == "list.txt: no words in the file");
  CHECK(error_of("# only a comment\n\n   \n") == "list.txt: no words in the file");
}

TEST_CASE("an error message is one line even for a binary or huge token") {
  const std::string message =
      error_of(std::string("ab\ncd\x01\x02\n") + std::string(500, 'x') + "!");
  CHECK(message.find('\n') == std::string::npos);
  CHECK(message.size() < 120);
}

TEST_CASE("load_word_file reads a file and names it in every error") {
  const auto dir = std::filesystem::temp_directory_path() / "flank_hangman_word_list_test";
  std::filesystem::create_directories(dir);
  const std::string good = (dir / "good.txt").string();
  std::ofstream(good) << "Kettle\nteapot\n";
  CHECK(load_word_file(good) == Words{"KETTLE", "TEAPOT"});

  const std::string missing = (dir / "missing.txt").string();
  CHECK_THROWS_WITH_AS(load_word_file(missing),
                       (missing + ": cannot open word file: No such file or directory").c_str(),
                       WordListError);
  CHECK_THROWS_WITH_AS(load_word_file(dir.string()),
                       (dir.string() + ": is a directory, not a word file").c_str(), WordListError);
  CHECK_THROWS_WITH_AS(load_word_file(""), "the word file name is empty", WordListError);
  std::filesystem::remove_all(dir);
}

TEST_CASE("the built-in bank is the data file, compiled in, with hundreds of words") {
  std::ifstream in(FLANK_SOURCE_DIR "/data/hangman_words.txt", std::ios::binary);
  REQUIRE(in);
  std::ostringstream file_text;
  file_text << in.rdbuf();
  CHECK(builtin_word_text() == file_text.str());
  CHECK(builtin_words() == parse_word_list(file_text.str(), "data"));
  CHECK(builtin_words().size() >= 300);
  for (const std::string& word : builtin_words()) CHECK(word.size() >= 4);
}
