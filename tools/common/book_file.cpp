// Book file encoding: little-endian fixed-size records and a CRC-32 trailer.
#include "tools/common/book_file.hpp"

#include <algorithm>
#include <boost/crc.hpp>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "tools/common/not_a_directory.hpp"

namespace flank {
namespace {

constexpr std::string_view kMagic = "FLNKBOOK";
constexpr std::size_t kHeaderBytes = 8 + 4 + 4;          // magic, version, count
constexpr std::size_t kRecordBytes = 8 + 8 + 4 + 1 + 1;  // me, opp, games, value, depth
constexpr std::size_t kTrailerBytes = 4;                 // CRC-32

void put(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

std::uint64_t get(std::string_view in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i)
    v |= std::uint64_t{static_cast<unsigned char>(in[at + i])} << (8 * i);
  return v;
}

std::uint32_t crc32(std::string_view bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

}  // namespace

std::string book_to_bytes(const OpeningBook& book) {
  std::vector<std::pair<BookKey, BookEntry>> sorted(book.entries().begin(), book.entries().end());
  std::sort(sorted.begin(), sorted.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string out(kMagic);
  put(out, kBookVersion, 4);
  put(out, sorted.size(), 4);
  for (const auto& [k, e] : sorted) {
    put(out, k.me, 8);
    put(out, k.opp, 8);
    put(out, e.games, 4);
    put(out, static_cast<std::uint8_t>(static_cast<std::int8_t>(e.value)), 1);
    put(out, static_cast<std::uint8_t>(e.depth), 1);
  }
  put(out, crc32(out), 4);
  return out;
}

OpeningBook book_from_bytes(std::string_view bytes, const std::string& source) {
  const auto fail = [&](const std::string& why) { throw std::runtime_error(source + ": " + why); };
  if (bytes.size() < kHeaderBytes + kTrailerBytes || bytes.substr(0, kMagic.size()) != kMagic)
    fail("not a flank opening book");
  const auto version = get(bytes, 8, 4);
  if (version != kBookVersion)
    fail("book format version " + std::to_string(version) + ", this flank reads version " +
         std::to_string(kBookVersion));
  const auto count = get(bytes, 12, 4);
  const std::size_t expected = kHeaderBytes + count * kRecordBytes + kTrailerBytes;
  if (bytes.size() != expected)
    fail("truncated or padded book: " + std::to_string(bytes.size()) + " bytes, " +
         std::to_string(count) + " positions need " + std::to_string(expected));
  const std::size_t body = bytes.size() - kTrailerBytes;
  if (crc32(bytes.substr(0, body)) != get(bytes, body, 4)) fail("corrupt book (checksum mismatch)");
  OpeningBook book;
  BookKey previous{};
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t at = kHeaderBytes + i * kRecordBytes;
    const BookKey k{get(bytes, at, 8), get(bytes, at + 8, 8)};
    BookEntry e;
    e.games = static_cast<std::uint32_t>(get(bytes, at + 16, 4));
    e.value = static_cast<std::int8_t>(get(bytes, at + 20, 1));
    e.depth = static_cast<int>(get(bytes, at + 21, 1));
    if ((k.me & k.opp) || canonical_key(k.me, k.opp) != k || (i > 0 && !(previous < k)) ||
        e.value < -64 || e.value > 64)
      fail("bad position record " + std::to_string(i));
    previous = k;
    book.set(k, e);
  }
  return book;
}

OpeningBook read_book_file(const std::string& path) {
  refuse_directory(path, "book file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open book " + path);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw std::runtime_error("cannot read book " + path);
  return book_from_bytes(bytes, path);
}

void write_book_file(const std::string& path, const OpeningBook& book) {
  const std::string bytes = book_to_bytes(book);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out || !out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())) || !out.flush())
    throw std::runtime_error("cannot write book " + path);
}

}  // namespace flank
