// The shipped opening book: data/opening-book.bin is built into the program
// (cmake/EmbedFile.cmake defines shipped_book_bytes), like the pattern weights.
#include "tools/common/book_shipped.hpp"

#include <string_view>

#include "tools/common/book_file.hpp"

namespace flank {

std::shared_ptr<const OpeningBook> shipped_book() {
  static const auto book = std::make_shared<const OpeningBook>(
      book_from_bytes(shipped_book_bytes(), "the shipped opening book"));
  return book;
}

std::shared_ptr<const OpeningBook> book_from_option(const std::string& value) {
  if (value == "off") return nullptr;
  if (value.empty()) return shipped_book();
  return std::make_shared<const OpeningBook>(read_book_file(value));
}

}  // namespace flank
