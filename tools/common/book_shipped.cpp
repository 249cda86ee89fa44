// The shipped opening book, embedded by the assembler like the pattern weights
// (engine/pattern_shipped.cpp). FLANK_SHIPPED_BOOK is set by
// tools/common/CMakeLists.txt to the absolute path of data/opening-book.bin.
#include "tools/common/book_shipped.hpp"

#include <string_view>

#include "tools/common/book_file.hpp"

#ifndef FLANK_SHIPPED_BOOK
#error "FLANK_SHIPPED_BOOK must name the book file to embed"
#endif

asm(".pushsection .rodata\n"
    ".balign 16\n"
    ".globl flank_shipped_book_begin\n"
    "flank_shipped_book_begin:\n"
    ".incbin \"" FLANK_SHIPPED_BOOK
    "\"\n"
    ".globl flank_shipped_book_end\n"
    "flank_shipped_book_end:\n"
    ".popsection\n");

extern "C" const char flank_shipped_book_begin[];
extern "C" const char flank_shipped_book_end[];

namespace flank {

std::shared_ptr<const OpeningBook> shipped_book() {
  static const auto book = std::make_shared<const OpeningBook>(book_from_bytes(
      std::string_view(flank_shipped_book_begin,
                       static_cast<std::size_t>(flank_shipped_book_end - flank_shipped_book_begin)),
      "the shipped opening book"));
  return book;
}

std::shared_ptr<const OpeningBook> book_from_option(const std::string& value) {
  if (value == "off") return nullptr;
  if (value.empty()) return shipped_book();
  return std::make_shared<const OpeningBook>(read_book_file(value));
}

}  // namespace flank
