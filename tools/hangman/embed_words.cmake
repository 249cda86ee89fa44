# Build step: writes the word bank text (INPUT) into a C++ source (OUTPUT) as a
# byte array, so flank-hangman carries its words and runs from any directory.
# Bytes rather than a string literal: no escaping rules for the file to break.
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
# One line per 32 bytes keeps the generated file readable in an editor.
string(REGEX REPLACE "((0x..,){32})" "\\1\n    " bytes "${bytes}")
file(WRITE "${OUTPUT}"
"// Generated from ${INPUT} by embed_words.cmake at build time; do not edit.
#include \"tools/hangman/word_list.hpp\"

namespace flank::hangman {
namespace {
// The trailing 0 keeps the array non-empty even for an empty file.
const unsigned char kWordBankText[] = {
    ${bytes}0};
}  // namespace

std::string_view builtin_word_text() {
  return {reinterpret_cast<const char*>(kWordBankText), sizeof kWordBankText - 1};
}

}  // namespace flank::hangman
")
