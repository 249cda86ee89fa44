#pragma once
// The opening book file (format in docs/book.md): a magic word and version, the
// positions sorted by key with their value, games and depth, then a CRC-32 of
// everything before it. A file that is truncated, corrupt, of another version
// or holding impossible positions is refused with a one-line reason.

#include <memory>
#include <string>
#include <string_view>

#include "engine/book/opening_book.hpp"

namespace flank {

constexpr std::uint32_t kBookVersion = 1;

std::string book_to_bytes(const OpeningBook& book);
// Throws std::runtime_error "SOURCE: why" for anything but a well-formed book.
OpeningBook book_from_bytes(std::string_view bytes, const std::string& source);

OpeningBook read_book_file(const std::string& path);
void write_book_file(const std::string& path, const OpeningBook& book);

}  // namespace flank
