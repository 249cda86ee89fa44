#pragma once
// The opening book that ships with flank (data/opening-book.bin, embedded in the
// executables) and the --book option shared by flank and flank-play.

#include <memory>
#include <string>
#include <string_view>

#include "engine/book/opening_book.hpp"

namespace flank {

// data/opening-book.bin as built in (cmake/EmbedFile.cmake).
std::string_view shipped_book_bytes();

// The embedded book, decoded once.
std::shared_ptr<const OpeningBook> shipped_book();

// --book VALUE: "off" gives no book, an empty value the shipped one, anything
// else names a book file. Throws std::runtime_error for a bad file.
std::shared_ptr<const OpeningBook> book_from_option(const std::string& value);

}  // namespace flank
